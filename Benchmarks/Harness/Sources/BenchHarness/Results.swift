import Foundation

/// Every child's output, by library, scenario and round, and the summaries computed from it.
public struct Results: Sendable {
    /// A library and a scenario.
    public struct Key: Hashable, Sendable {
        /// The library's name, as `wiring-bench --filter` takes it.
        public let library: String
        /// The scenario's name, `S1` to `S10`.
        public let scenario: String
        /// The key of `library` in `scenario`.
        public init(_ library: String, _ scenario: String) {
            self.library = library
            self.scenario = scenario
        }
    }

    /// Each child's output, by round.
    public var runs: [Key: [Int: ChildOutput]] = [:]
    /// Callgrind's instructions per operation, or why they could not be counted.
    public var instructions: [Key: InstructionCount] = [:]

    /// Empty results.
    public init() {}

    /// Records what the child of `library` in `scenario` printed in `round`.
    public mutating func record(library: String, scenario: String, round: Int, fields: ChildOutput) {
        runs[Key(library, scenario), default: [:]][round] = fields
    }

    /// The numeric values of `field` that the children of `library` in `scenario` reported, in round order.
    public func values(_ library: String, _ scenario: String, _ field: String) -> [Double] {
        (runs[Key(library, scenario)] ?? [:]).sorted { $0.key < $1.key }.compactMap { $0.value.fields[field] }
            .compactMap(Double.init)
    }

    /// The first value of `field` that a child of `library` in `scenario` reported.
    public func field(_ library: String, _ scenario: String, _ field: String) -> String? {
        (runs[Key(library, scenario)] ?? [:]).sorted { $0.key < $1.key }.lazy.compactMap { $0.value.fields[field] }
            .first
    }

    /// Whether any child of `library` in `scenario` crashed, was stopped or could not start.
    public func crashed(_ library: String, _ scenario: String) -> Bool {
        (runs[Key(library, scenario)] ?? [:]).values.contains { $0.crashed }
    }

    /// Whether any child of `library` in `scenario` printed anything besides its results.
    public func printed(_ library: String, _ scenario: String) -> Bool {
        (runs[Key(library, scenario)] ?? [:]).values.contains { !$0.otherOutput.isEmpty }
    }

    /// The median nanoseconds per operation over the rounds.
    public func nsPerOp(_ library: String, _ scenario: String) -> Double? {
        let samples = values(library, scenario, "ns")
        return samples.isEmpty ? nil : median(samples)
    }

    /// Ratios to hand-written code, each against the manual run of the same round.
    public func ratios(_ library: String, _ scenario: String, to baseline: String = "manual") -> [Double] {
        let ours = runs[Key(library, scenario)] ?? [:]
        let theirs = runs[Key(baseline, scenario)] ?? [:]
        return ours.keys.sorted().compactMap { round in
            guard let a = ours[round]?.fields["ns"].flatMap(Double.init),
                let b = theirs[round]?.fields["ns"].flatMap(Double.init), b > 0
            else { return nil }
            return a / b
        }
    }

    /// The median of ``ratios(_:_:to:)``.
    public func ratio(_ library: String, _ scenario: String, to baseline: String = "manual") -> Double? {
        let samples = ratios(library, scenario, to: baseline)
        return samples.isEmpty ? nil : median(samples)
    }

    /// The median allocations per operation over the rounds.
    public func allocations(_ library: String, _ scenario: String) -> Double? {
        let samples = values(library, scenario, "allocs")
        return samples.isEmpty ? nil : median(samples)
    }

    /// The median of a numeric field over the rounds.
    public func number(_ library: String, _ scenario: String, _ name: String) -> Double? {
        let samples = values(library, scenario, name)
        return samples.isEmpty ? nil : median(samples)
    }

    /// Double constructions, summed over the rounds of both S6 variants.
    public func raceDoubles(_ library: String) -> Int? {
        let samples = values(library, "S6", "doubles_spin") + values(library, "S6", "doubles_empty")
        return samples.isEmpty ? nil : Int(samples.reduce(0, +))
    }

    /// Rounds of S6 in which the two threads got different instances, summed over both variants.
    public func raceDifferent(_ library: String) -> Int? {
        let samples = values(library, "S6", "different_spin") + values(library, "S6", "different_empty")
        return samples.isEmpty ? nil : Int(samples.reduce(0, +))
    }

    /// The rounds of S6 run with a spinning `init`.
    public func raceRounds(_ library: String) -> Int? {
        let samples = values(library, "S6", "race_rounds_spin")
        return samples.isEmpty ? nil : Int(samples.reduce(0, +))
    }
}

/// `value` for a table: whole numbers from 100 on, `digits` decimals below, `—` for none.
public func format(_ value: Double?, digits: Int = 1) -> String {
    guard let value else { return "—" }
    if value >= 100 { return String(Int(value.rounded())) }
    return String(format: "%.\(digits)f", value)
}

extension Results {
    /// The human-readable tables of these results.
    public func table(libraries: [String], scenarios: [String], rounds: Int) -> String {
        var lines: [String] = []
        func row(_ cells: [String], widths: [Int]) -> String {
            zip(cells, widths).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }
                .joined(separator: " ")
        }
        let timed = scenarios.filter { ["S1", "S2", "S3", "S4", "S8"].contains($0) }
        if !timed.isEmpty {
            lines.append("ns/op, median of \(rounds) interleaved processes (ratio to hand-written in the same round,")
            lines.append("median [min–max]; allocations per op; instructions per op when --instructions)")
            let widths = [20] + timed.map { _ in 36 }
            lines.append(row(["library"] + timed, widths: widths))
            for library in libraries {
                let cells = timed.map { scenario -> String in
                    if crashed(library, scenario) && nsPerOp(library, scenario) == nil { return "crashed" }
                    if field(library, scenario, "supported") == "false" { return "no request scope" }
                    let spread = ratios(library, scenario)
                    var cell = "\(format(nsPerOp(library, scenario))) ns"
                    if library != "manual", let r = ratio(library, scenario) {
                        cell += " \(format(r))× [\(format(spread.min()))–\(format(spread.max()))]"
                    }
                    cell += " a=\(format(allocations(library, scenario)))"
                    if let instructions = instructions[Key(library, scenario)]?.value {
                        cell += " i=\(format(instructions))"
                    }
                    return cell
                }
                lines.append(row([library] + cells, widths: widths))
            }
        }
        if scenarios.contains("S8") {
            lines.append("")
            lines.append("S8, 8 concurrent workers: requests/s (median), ratio to hand-written in the same round; instructions per request")
            for library in libraries where field(library, "S8", "supported") == "true" {
                let rate = number(library, "S8", "rps8")
                let ratios = (runs[Key(library, "S8")] ?? [:]).keys.sorted().compactMap { round -> Double? in
                    guard let ours = runs[Key(library, "S8")]?[round]?.fields["rps8"].flatMap(Double.init),
                        let theirs = runs[Key("manual", "S8")]?[round]?.fields["rps8"].flatMap(Double.init), theirs > 0
                    else { return nil }
                    return ours / theirs
                }
                let instructionsCell = instructions[Key(library, "S8")]?.value.map { "i=\(format($0))" } ?? ""
                lines.append(
                    row(
                        [
                            library, "\(format(rate)) req/s", ratios.isEmpty ? "" : "\(format(median(ratios), digits: 3))×",
                            instructionsCell,
                        ],
                        widths: [20, 18, 8, 12]
                    )
                )
            }
        }
        if scenarios.contains("S5") {
            lines.append("")
            lines.append("S5 (ms): cold 1k, warm 1k (median), growth 100 / 1k / 10k (median); instructions per op with --instructions")
            for library in libraries {
                guard field(library, "S5", "supported") == "true" else {
                    lines.append(row([library, crashed(library, "S5") ? "crashed" : "not applicable"], widths: [20, 10]))
                    continue
                }
                lines.append(
                    row(
                        [
                            library, format(number(library, "S5", "cold_ms"), digits: 3),
                            format(number(library, "S5", "warm_ms"), digits: 3),
                            format(number(library, "S5", "growth_100_ms"), digits: 3),
                            format(number(library, "S5", "growth_1000_ms"), digits: 3),
                            format(number(library, "S5", "growth_10000_ms"), digits: 3),
                            instructions[Key(library, "S5")]?.value.map { "i=\(format($0))" } ?? "",
                        ],
                        widths: [20, 10, 10, 10, 10, 10, 14]
                    )
                )
            }
        }
        for (scenario, title) in [
            ("S9", "S9 (ms): a scope of 1,000 tagged instances, filled, read again and closed (median)"),
            ("S10", "S10 (ms): a scope of 2,000 tagged disposable instances, built and closed (median)"),
        ] where scenarios.contains(scenario) {
            lines.append("")
            lines.append("\(title); instructions per op with --instructions")
            for library in libraries where field(library, scenario, "supported") == "true" || crashed(library, scenario) {
                let ms = crashed(library, scenario) ? "crashed" : format(number(library, scenario, "ms"), digits: 3)
                let count = instructions[Key(library, scenario)]?.value.map { "i=\(format($0))" } ?? ""
                lines.append(row([library, ms, count], widths: [20, 10, 14]))
            }
        }
        if scenarios.contains("S6") {
            lines.append("")
            lines.append("S6: race rounds, double constructions, different instances; 2-thread read speed-up")
            for library in libraries {
                if crashed(library, "S6") && field(library, "S6", "read_speedup") == nil {
                    lines.append(row([library, "crashed"], widths: [20, 10]))
                    continue
                }
                let race =
                    raceRounds(library).map {
                        "\($0) rounds, \(raceDoubles(library) ?? 0) doubles, \(raceDifferent(library) ?? 0) different"
                    }
                    ?? "no per-container lazy singleton"
                lines.append(row([library, race, "\(format(number(library, "S6", "read_speedup"), digits: 2))×"], widths: [20, 48, 8]))
            }
        }
        if scenarios.contains("S7") {
            lines.append("")
            lines.append("S7 unregistered: throwing ns, optional ns, printed anything, message")
            for library in libraries where library != "manual" {
                let message = field(library, "S7", "message").map { String($0.map { $0 == "␠" ? " " : $0 }) } ?? "—"
                lines.append(
                    row(
                        [
                            library, format(number(library, "S7", "throwing_ns")),
                            format(number(library, "S7", "optional_ns")),
                            crashed(library, "S7") ? "crashed" : (printed(library, "S7") ? "printed" : "silent"),
                            String(message.prefix(90)),
                        ],
                        widths: [20, 9, 9, 8, 90]
                    )
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The machine-readable results, with `null` where a figure was not measured.
    public func json(libraries: [String], scenarios: [String]) throws -> Data {
        func orNull(_ value: Double?) -> Any { value.map { $0 as Any } ?? NSNull() }
        var rows: [[String: Any]] = []
        for library in libraries {
            for scenario in scenarios where ["S1", "S2", "S3", "S4", "S8"].contains(scenario) {
                if field(library, scenario, "supported") == "false" { continue }
                rows.append([
                    "library": library, "scenario": scenario, "ns_per_op": orNull(nsPerOp(library, scenario)),
                    "ratio_to_manual": orNull(ratio(library, scenario)),
                    "ratio_spread": ratios(library, scenario),
                    "instructions_per_op": orNull(instructions[Key(library, scenario)]?.value),
                    "allocations_per_op": orNull(allocations(library, scenario)),
                    "requests_per_second_8_workers": orNull(scenario == "S8" ? number(library, "S8", "rps8") : nil),
                ])
            }
            if scenarios.contains("S5") {
                rows.append([
                    "library": library, "scenario": "S5", "cold_ms": orNull(number(library, "S5", "cold_ms")),
                    "warm_ms": orNull(number(library, "S5", "warm_ms")),
                    "instructions_per_op": orNull(instructions[Key(library, "S5")]?.value),
                    "growth_ms": [
                        "100": orNull(number(library, "S5", "growth_100_ms")),
                        "1000": orNull(number(library, "S5", "growth_1000_ms")),
                        "10000": orNull(number(library, "S5", "growth_10000_ms")),
                    ],
                ])
            }
            for scenario in ["S9", "S10"] where scenarios.contains(scenario) && field(library, scenario, "supported") == "true" {
                rows.append([
                    "library": library, "scenario": scenario, "ms": orNull(number(library, scenario, "ms")),
                    "instructions_per_op": orNull(instructions[Key(library, scenario)]?.value),
                ])
            }
            if scenarios.contains("S7") {
                rows.append([
                    "library": library, "scenario": "S7",
                    "throwing_ns": orNull(number(library, "S7", "throwing_ns")),
                    "optional_ns": orNull(number(library, "S7", "optional_ns")),
                    "printed": printed(library, "S7"),
                    "message": field(library, "S7", "message").map { String($0.map { $0 == "␠" ? " " : $0 }) as Any }
                        ?? NSNull(),
                ])
            }
        }
        var s6: [[String: Any]] = []
        if scenarios.contains("S6") {
            for library in libraries {
                s6.append([
                    "library": library, "crashed": crashed(library, "S6"),
                    "race_double_constructions": raceDoubles(library).map { $0 as Any } ?? NSNull(),
                    "race_different_instances": raceDifferent(library).map { $0 as Any } ?? NSNull(),
                    "race_rounds": raceRounds(library).map { $0 as Any } ?? NSNull(),
                    "read_speedup_2_threads": orNull(number(library, "S6", "read_speedup")),
                ])
            }
        }
        let machine = machineDescription()
        return try JSONSerialization.data(
            withJSONObject: ["machine": machine, "results": rows, "s6": s6],
            options: [.prettyPrinted, .sortedKeys]
        )
    }
}

/// The processor's model and the number of cores, for the results.
public func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.map {
            $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        } ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}

/// The median of `values`, which must not be empty.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

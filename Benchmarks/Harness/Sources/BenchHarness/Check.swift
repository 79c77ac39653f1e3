import Foundation

/// What a run of `wiring-bench` measured, so that the check can say why a figure is missing.
public struct CheckContext: Sendable {
    /// Every library the harness knows.
    public var knownLibraries: [String]
    /// Every scenario the harness knows.
    public var knownScenarios: [String]
    /// The libraries this run measured.
    public var selectedLibraries: [String]
    /// The scenarios this run measured.
    public var selectedScenarios: [String]
    /// Whether this run counted instructions with callgrind (`--instructions`).
    public var countedInstructions: Bool

    /// The context of a run.
    public init(
        knownLibraries: [String], knownScenarios: [String], selectedLibraries: [String], selectedScenarios: [String],
        countedInstructions: Bool
    ) {
        self.knownLibraries = knownLibraries
        self.knownScenarios = knownScenarios
        self.selectedLibraries = selectedLibraries
        self.selectedScenarios = selectedScenarios
        self.countedInstructions = countedInstructions
    }
}

/// The outcome of checking results against a thresholds file.
public struct CheckReport: Sendable {
    /// How many checks the file declares.
    public var declared = 0
    /// How many of them were measured and compared with their maximum.
    public var ran = 0
    /// One line per check that failed, was malformed or could not be measured.
    public var failures: [String] = []
    /// Every line of the report, in order, as `wiring-bench --check` prints it.
    public var lines: [String] = []

    /// Passed: the file declares at least one check, every one of them ran, and none failed.
    public var passed: Bool { declared > 0 && ran == declared && failures.isEmpty }

    mutating func fail(_ line: String) {
        failures.append(line)
        lines.append("  FAIL \(line)")
    }
}

/// One entry of `thresholds.json`.
///
/// Each entry is either a **target** from SCENARIOS.md that Wiring meets, or a **guard**
/// ("guard, target not met"): the ratio measured when the guard was set plus a noise margin, so
/// that a regression fails while the target is still open. Only ratios and counts (allocations,
/// callgrind instructions per op, which are stable on a noisy machine) are checked, never
/// absolute times.
struct ThresholdEntry: Decodable {
    let library: String
    let scenario: String
    let metric: String
    let kind: String
    let max: Double
    let target: Double?
    let measured: String?

    static let keys: Set<String> = ["library", "scenario", "metric", "kind", "max", "target", "measured"]
}

/// The metrics a thresholds entry can name, and the scenarios each applies to.
let metricScenarios: [String: Set<String>] = [
    "ratio": ["S1", "S2", "S3", "S4", "S8"],
    "ratio_to_wiring": ["S1", "S2", "S3", "S4", "S8"],
    "allocations_per_op": ["S1", "S2", "S3", "S4", "S8"],
    "instructions_per_op": ["S1", "S2", "S3", "S4", "S5", "S8", "S9", "S10"],
    "instructions_ratio_to_manual": ["S1", "S2", "S3", "S4", "S5", "S8"],
    "instructions_ratio_to_wiring": ["S1", "S2", "S3", "S4", "S5", "S8"],
    "s5_warm_ratio": ["S5"],
    "s5_cold_ratio": ["S5"],
    "race_double_constructions": ["S6"],
    "race_different_instances": ["S6"],
]

/// Compares `results` with the thresholds in `thresholds` (the JSON of `thresholds.json`).
///
/// Every entry the file declares must be measured: a library or scenario this run left out, a
/// child that crashed or was stopped by its watchdog, a profiler run that failed and an entry
/// that is malformed or names a library, scenario or metric that does not exist each fail the
/// check, as does a file with no entries. Nothing is skipped: a child that crashed, or a
/// profiler run that failed, in a cell that no entry reads fails the check too.
///
/// - Parameters:
///   - results: What the run measured.
///   - thresholds: The thresholds file's contents.
///   - context: What the run set out to measure.
/// - Returns: The report; ``CheckReport/passed`` says whether the check passed.
public func check(_ results: Results, thresholds: Data, context: CheckContext) -> CheckReport {
    var report = CheckReport()
    guard let root = try? JSONSerialization.jsonObject(with: thresholds) as? [String: Any],
        let entries = root["checks"] as? [Any]
    else {
        report.fail("the thresholds are not a JSON object with a \"checks\" array")
        return report
    }
    report.declared = entries.count
    if entries.isEmpty { report.fail("the thresholds declare no check: nothing would be checked") }
    for (index, raw) in entries.enumerated() {
        let entry: ThresholdEntry
        switch parse(raw, context: context) {
        case .failure(let problem):
            report.fail("entry \(index + 1) is malformed: \(problem)")
            continue
        case .success(let parsed): entry = parsed
        }
        let name = "\(entry.library) \(entry.scenario) \(entry.metric)"
        let label =
            entry.kind == "guard"
            ? "guard, target not met (target \(entry.target.map { format($0, digits: 2) } ?? "?"))" : "target"
        switch measure(entry, in: results, context: context) {
        case .failure(let reason):
            report.fail("\(name): not measured: \(reason)  [\(label)]")
        case .success(let measured):
            report.ran += 1
            let line = "\(name) = \(format(measured, digits: 2)) ≤ \(format(entry.max, digits: 2))  [\(label)]"
            if measured <= entry.max {
                report.lines.append("  ok   \(line)")
            } else {
                report.fail(line)
            }
        }
    }
    // A child or profiler run that failed in a cell no entry reads (S7, or a facade's S5, S6 or
    // S8) is a defect all the same: the run printed a table it could not fill.
    for key in results.runs.keys.sorted(by: { ($0.library, $0.scenario) < ($1.library, $1.scenario) }) {
        let rounds = results.runs[key] ?? [:]
        if let (round, output) = rounds.sorted(by: { $0.key < $1.key }).first(where: { $0.value.crashed }) {
            let failure = "the child of \(key.library) in \(key.scenario), round \(round), \(output.failure ?? "crashed")"
            // Once: an entry that needed the figure has named the crash already.
            if !report.failures.contains(where: { $0.contains(failure) }) { report.fail(failure) }
        }
    }
    for (key, count) in results.instructions.sorted(by: { ($0.key.library, $0.key.scenario) < ($1.key.library, $1.key.scenario) }) {
        if case .failed(let reason) = count, !report.failures.contains(where: { $0.contains(reason) }) {
            report.fail("counting the instructions of \(key.library) in \(key.scenario) failed: \(reason)")
        }
    }
    report.lines.append(
        "\(report.ran) of \(report.declared) declared checks ran, \(report.failures.count) failed: "
            + (report.passed ? "check passed" : "check FAILED")
    )
    return report
}

/// Why a check could not be made.
struct CheckProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func parse(_ raw: Any, context: CheckContext) -> Result<ThresholdEntry, CheckProblem> {
    guard let object = raw as? [String: Any] else { return .failure(CheckProblem("not a JSON object")) }
    let unknown = Set(object.keys).subtracting(ThresholdEntry.keys)
    if !unknown.isEmpty {
        return .failure(CheckProblem("unknown field \(unknown.sorted().joined(separator: ", ")) in \(describe(object))"))
    }
    let entry: ThresholdEntry
    do {
        let data = try JSONSerialization.data(withJSONObject: object)
        entry = try JSONDecoder().decode(ThresholdEntry.self, from: data)
    } catch let DecodingError.keyNotFound(key, _) {
        return .failure(CheckProblem("no \"\(key.stringValue)\" in \(describe(object))"))
    } catch let DecodingError.typeMismatch(_, context) {
        let field = context.codingPath.last?.stringValue ?? "a field"
        return .failure(CheckProblem("\"\(field)\" has the wrong type in \(describe(object))"))
    } catch {
        return .failure(CheckProblem("\(error) in \(describe(object))"))
    }
    guard context.knownLibraries.contains(entry.library) else {
        return .failure(CheckProblem("no library named \"\(entry.library)\" (known: \(context.knownLibraries.joined(separator: ", ")))"))
    }
    guard context.knownScenarios.contains(entry.scenario) else {
        return .failure(CheckProblem("no scenario named \"\(entry.scenario)\""))
    }
    guard let scenarios = metricScenarios[entry.metric] else {
        return .failure(
            CheckProblem("no metric named \"\(entry.metric)\" (known: \(metricScenarios.keys.sorted().joined(separator: ", ")))"))
    }
    guard scenarios.contains(entry.scenario) else {
        return .failure(CheckProblem("\(entry.metric) is not measured in \(entry.scenario)"))
    }
    guard entry.kind == "target" || entry.kind == "guard" else {
        return .failure(CheckProblem("kind is \"\(entry.kind)\", not \"target\" or \"guard\""))
    }
    guard entry.max.isFinite, entry.max >= 0 else {
        return .failure(CheckProblem("max is \(entry.max), not a finite number ≥ 0"))
    }
    if entry.kind == "guard" && entry.target == nil {
        return .failure(CheckProblem("a guard names its target (\"target\"), which \(entry.library) \(entry.scenario) lacks"))
    }
    return .success(entry)
}

private func describe(_ object: [String: Any]) -> String {
    let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(object)"
}

/// The measured value of `entry`, or why there is none.
func measure(_ entry: ThresholdEntry, in results: Results, context: CheckContext) -> Result<Double, CheckProblem> {
    let library = entry.library
    let scenario = entry.scenario
    // The libraries whose children this figure is computed from: the library, and the baseline
    // of a ratio.
    var sources = [library]
    switch entry.metric {
    case "ratio", "instructions_ratio_to_manual", "s5_warm_ratio", "s5_cold_ratio": sources.append("manual")
    case "ratio_to_wiring", "instructions_ratio_to_wiring": sources.append("wiring")
    default: break
    }
    for source in sources where !context.selectedLibraries.contains(source) {
        return .failure(CheckProblem("this run left out \(source) (--filter); the check measures every entry of its file"))
    }
    if !context.selectedScenarios.contains(scenario) {
        return .failure(CheckProblem("this run left out \(scenario) (--filter); the check measures every entry of its file"))
    }
    for source in sources {
        let rounds = (results.runs[Results.Key(source, scenario)] ?? [:]).sorted { $0.key < $1.key }
        if rounds.isEmpty { return .failure(CheckProblem("no child of \(source) ran \(scenario)")) }
        if let (round, output) = rounds.first(where: { $0.value.crashed }) {
            let tail = output.otherOutput.suffix(3).joined(separator: " / ")
            return .failure(
                CheckProblem(
                    "the child of \(source) in \(scenario), round \(round), \(output.failure ?? "crashed")"
                        + (tail.isEmpty ? "" : "; it printed: \(tail)")))
        }
    }
    if entry.metric.hasPrefix("instructions") {
        guard context.countedInstructions else {
            return .failure(CheckProblem("instructions are counted with --instructions, which this run lacked"))
        }
        var counts: [Double] = []
        for source in sources {
            switch results.instructions[Results.Key(source, scenario)] {
            case .counted(let count)?: counts.append(count)
            case .failed(let reason)?: return .failure(CheckProblem("callgrind failed for \(source) \(scenario): \(reason)"))
            case nil: return .failure(CheckProblem("callgrind did not run for \(source) \(scenario)"))
            }
        }
        return .success(counts.count == 1 ? counts[0] : counts[0] / counts[1])
    }
    let measured: Double?
    switch entry.metric {
    case "ratio": measured = results.ratio(library, scenario)
    case "ratio_to_wiring": measured = results.ratio(library, scenario, to: "wiring")
    case "allocations_per_op": measured = results.allocations(library, scenario)
    case "s5_warm_ratio", "s5_cold_ratio":
        let field = entry.metric == "s5_warm_ratio" ? "warm_ms" : "cold_ms"
        if let ours = results.number(library, "S5", field), let base = results.number("manual", "S5", field), base > 0 {
            measured = ours / base
        } else {
            measured = nil
        }
    case "race_double_constructions": measured = results.raceDoubles(library).map(Double.init)
    default: measured = results.raceDifferent(library).map(Double.init)
    }
    guard let measured else {
        let supported = results.field(library, scenario, "supported")
        return .failure(
            CheckProblem(
                "the children of \(library) in \(scenario) reported no \(entry.metric)"
                    + (supported == "false" ? " (\(library) reported \(scenario) as not supported)" : "")))
    }
    return .success(measured)
}

/// The (library, scenario) cells whose callgrind counts a thresholds file reads: each
/// instruction entry's own cell, and for a ratio the baseline's cell (hand-written code or
/// Wiring) in the same scenario. `wiring-bench --check` counts only these, since a count nobody
/// reads costs CI two callgrind runs. A file that cannot be read gives `nil`: then every cell is
/// counted, and the check reports the file's problem itself.
public func instructionCells(readBy thresholds: Data) -> Set<Results.Key>? {
    guard let root = try? JSONSerialization.jsonObject(with: thresholds) as? [String: Any],
        let checks = root["checks"] as? [[String: Any]]
    else { return nil }
    var cells: Set<Results.Key> = []
    for entry in checks {
        guard let library = entry["library"] as? String, let scenario = entry["scenario"] as? String,
            let metric = entry["metric"] as? String
        else { return nil }
        guard metric.hasPrefix("instructions") else { continue }
        cells.insert(Results.Key(library, scenario))
        if metric == "instructions_ratio_to_manual" { cells.insert(Results.Key("manual", scenario)) }
        if metric == "instructions_ratio_to_wiring" { cells.insert(Results.Key("wiring", scenario)) }
    }
    return cells
}

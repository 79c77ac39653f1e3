import Foundation

/// Compares the results with `thresholds.json`. Each entry is either a **target** from
/// SCENARIOS.md that Wiring meets, or a **guard** ("guard, target not met"): the ratio measured
/// when the guard was set plus a noise margin, so that a regression fails while the target is
/// still open. Only ratios and counts (allocations, callgrind instructions per op, which are
/// stable on a noisy machine) are checked, never absolute times.
func check(_ results: Results, thresholdsPath: String) throws -> Bool {
    let data = try Data(contentsOf: URL(fileURLWithPath: thresholdsPath))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let entries = root["checks"] as? [[String: Any]]
    else {
        print("check: cannot read \(thresholdsPath)")
        return false
    }
    var passed = true
    print("")
    print("check against \(thresholdsPath):")
    for entry in entries {
        guard let library = entry["library"] as? String, let scenario = entry["scenario"] as? String,
            let metric = entry["metric"] as? String, let max = entry["max"] as? Double
        else { continue }
        let kind = entry["kind"] as? String ?? "target"
        let measured: Double?
        switch metric {
        case "ratio": measured = results.ratio(library, scenario)
        case "ratio_to_wiring": measured = results.ratio(library, scenario, to: "wiring")
        case "allocations_per_op": measured = results.allocations(library, scenario)
        case "instructions_per_op": measured = results.instructions[Results.Key(library, scenario)] ?? nil
        // Against hand-written code, or a facade against the core, both measured in this run.
        case "instructions_ratio_to_manual": measured = results.instructionsRatio(library, scenario, to: "manual")
        case "instructions_ratio_to_wiring": measured = results.instructionsRatio(library, scenario, to: "wiring")
        case "s5_warm_ratio", "s5_cold_ratio":
            let field = metric == "s5_warm_ratio" ? "warm_ms" : "cold_ms"
            if let ours = results.number(library, "S5", field), let base = results.number("manual", "S5", field), base > 0 {
                measured = ours / base
            } else {
                measured = nil
            }
        case "race_double_constructions": measured = results.raceDoubles(library).map(Double.init)
        case "race_different_instances": measured = results.raceDifferent(library).map(Double.init)
        default: measured = nil
        }
        let label =
            kind == "guard"
            ? "guard, target not met (target \(entry["target"].map { "\($0)" } ?? "?"))" : "target"
        guard let measured else {
            // A library or scenario left out by --filter is not checked.
            print("  skip  \(library) \(scenario) \(metric): not measured in this run")
            continue
        }
        let ok = measured <= max
        if !ok { passed = false }
        print("  \(ok ? "ok  " : "FAIL") \(library) \(scenario) \(metric) = \(format(measured, digits: 2)) ≤ \(max)  [\(label)]")
    }
    print(passed ? "check passed" : "check FAILED")
    return passed
}

extension Results {
    /// `library`'s instructions per op over `baseline`'s, both measured in this run.
    func instructionsRatio(_ library: String, _ scenario: String, to baseline: String) -> Double? {
        guard let ours = instructions[Key(library, scenario)] ?? nil, let theirs = instructions[Key(baseline, scenario)] ?? nil,
            theirs > 0
        else { return nil }
        return ours / theirs
    }
}

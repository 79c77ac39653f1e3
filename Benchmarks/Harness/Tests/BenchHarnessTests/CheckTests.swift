import BenchHarness
import Foundation
import Testing

/// A small executable script in a fresh temporary folder.
func script(_ body: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-harness-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("child.sh").path
    try "#!/bin/bash\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
}

/// Thresholds with these entries, as JSON.
func thresholds(_ entries: [[String: Any]]) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["checks": entries])
}

/// The two correctness targets of S6.
var raceEntries: [[String: Any]] {
    [
        ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "max": 0],
        ["library": "wiring", "scenario": "S6", "metric": "race_different_instances", "kind": "target", "max": 0],
    ]
}

/// S1's instruction target.
var instructionEntry: [String: Any] {
    ["library": "wiring", "scenario": "S1", "metric": "instructions_per_op", "kind": "target", "max": 200]
}

let context = CheckContext(
    knownLibraries: ["manual", "wiring"], knownScenarios: ["S1", "S2", "S6"], selectedLibraries: ["manual", "wiring"],
    selectedScenarios: ["S1", "S2", "S6"], countedInstructions: true
)

/// What a healthy S6 child of Wiring reports: no double constructions, no different instances.
let healthyRace = ChildOutput(fields: [
    "race_rounds_spin": "1000", "doubles_spin": "0", "different_spin": "0", "race_rounds_empty": "1000",
    "doubles_empty": "0", "different_empty": "0",
])

@Suite("The benchmark check fails on what it could not measure")
struct CheckTests {
    @Test("measured figures within their maxima pass, and one above its maximum fails")
    func measuredFigures() throws {
        var results = Results()
        results.record(library: "wiring", scenario: "S6", round: 1, fields: healthyRace)
        results.record(library: "wiring", scenario: "S1", round: 1, fields: ChildOutput(fields: ["ns": "60", "allocs": "0"]))
        results.instructions[Results.Key("wiring", "S1")] = .counted(198)
        let passing = check(results, thresholds: try thresholds(raceEntries + [instructionEntry]), context: context)
        #expect(passing.passed, "\(passing.lines)")
        #expect(passing.ran == 3 && passing.declared == 3)
        #expect(passing.lines.last == "3 of 3 declared checks ran, 0 failed: check passed")

        results.instructions[Results.Key("wiring", "S1")] = .counted(201)
        let failing = check(results, thresholds: try thresholds(raceEntries + [instructionEntry]), context: context)
        #expect(!failing.passed)
        #expect(failing.failures == ["wiring S1 instructions_per_op = 201 ≤ 200  [target]"])
    }

    @Test("a child that crashes after printing its fields fails the check, naming the signal")
    func crashingChild() throws {
        let child = try script(
            """
            echo "RESULT race_rounds_spin=1000 doubles_spin=0 different_spin=0"
            kill -SEGV $$
            """)
        let output = runChildProcess(executable: child, arguments: [], timeLimit: .seconds(30))
        #expect(output.fields["doubles_spin"] == "0")
        #expect(output.failure == "killed by signal 11 (a crash)")

        var results = Results()
        results.record(library: "wiring", scenario: "S6", round: 1, fields: output)
        let report = check(results, thresholds: try thresholds(raceEntries), context: context)
        #expect(!report.passed)
        #expect(report.ran == 0)
        #expect(report.failures.count == 2)
        #expect(report.failures.allSatisfy { $0.contains("the child of wiring in S6, round 1, killed by signal 11") }, "\(report.failures)")
        #expect(report.lines.last == "0 of 2 declared checks ran, 2 failed: check FAILED")
    }

    @Test("a crash or a failed profiler run in a cell that no entry reads fails the check too, named once")
    func failureOutsideTheEntries() throws {
        var results = Results()
        results.record(library: "wiring", scenario: "S6", round: 1, fields: healthyRace)
        // S2 has no entry in these thresholds: its crash and its failed count fail all the same.
        results.record(
            library: "wiring", scenario: "S2", round: 2, fields: ChildOutput(fields: [:], failure: "killed by signal 11 (a crash)"))
        results.instructions[Results.Key("wiring", "S2")] = .failed("callgrind exited with status 1")
        let report = check(results, thresholds: try thresholds(raceEntries), context: context)
        #expect(!report.passed)
        #expect(report.ran == 2)
        #expect(
            report.failures == [
                "the child of wiring in S2, round 2, killed by signal 11 (a crash)",
                "counting the instructions of wiring in S2 failed: callgrind exited with status 1",
            ], "\(report.failures)")

        // The same crash in a cell an entry reads is named once, by that entry.
        var measured = Results()
        measured.record(
            library: "wiring", scenario: "S6", round: 1, fields: ChildOutput(fields: [:], failure: "killed by signal 11 (a crash)"))
        let once = check(measured, thresholds: try thresholds(raceEntries), context: context)
        #expect(once.failures.count == 2, "\(once.failures)")
    }

    @Test("a child that exits with an error, or hangs until its watchdog stops it, fails the check")
    func failingAndHangingChildren() throws {
        let exiting = runChildProcess(executable: try script("echo 'Fatal error: boom'; exit 3"), arguments: [], timeLimit: .seconds(30))
        #expect(exiting.failure == "exited with status 3")
        #expect(exiting.otherOutput == ["Fatal error: boom"])

        let hanging = runChildProcess(executable: try script("exec sleep 60"), arguments: [], timeLimit: .milliseconds(500))
        #expect(hanging.failure?.hasPrefix("stopped by the watchdog") == true, "\(hanging.failure ?? "no failure")")

        for output in [exiting, hanging] {
            var results = Results()
            // The hand-written baseline ran; the library's child did not end well.
            results.record(library: "manual", scenario: "S2", round: 1, fields: ChildOutput(fields: ["ns": "50", "allocs": "1"]))
            results.record(library: "wiring", scenario: "S2", round: 1, fields: output)
            let entry: [String: Any] = ["library": "wiring", "scenario": "S2", "metric": "ratio", "kind": "target", "max": 6]
            let report = check(results, thresholds: try thresholds([entry]), context: context)
            #expect(!report.passed)
            #expect(report.failures.first?.contains(output.failure ?? "?") == true, "\(report.failures)")
        }
    }

    @Test("a crash of the baseline a ratio is computed against fails that ratio too")
    func crashingBaseline() throws {
        var results = Results()
        results.record(
            library: "manual", scenario: "S2", round: 1, fields: ChildOutput(fields: ["ns": "50"], failure: "killed by signal 6 (a crash)"))
        results.record(library: "wiring", scenario: "S2", round: 1, fields: ChildOutput(fields: ["ns": "100"]))
        let entry: [String: Any] = ["library": "wiring", "scenario": "S2", "metric": "ratio", "kind": "target", "max": 6]
        let report = check(results, thresholds: try thresholds([entry]), context: context)
        #expect(!report.passed)
        #expect(report.failures.first?.contains("the child of manual in S2, round 1, killed by signal 6") == true, "\(report.failures)")
    }

    @Test("a profiler run that fails, or prints no count, fails every instruction check that needs it")
    func failingProfiler() throws {
        let failing = callgrindInstructions(
            library: "wiring", scenario: "S1", script: try script("echo 'valgrind: not found' >&2; exit 127"), binary: "/bin/true")
        guard case .failed(let reason) = failing else {
            Issue.record("a profiler that exits 127 gave \(failing)")
            return
        }
        #expect(reason.contains("exited with status 127"))
        #expect(reason.contains("valgrind: not found"))

        let garbled = callgrindInstructions(library: "wiring", scenario: "S1", script: try script("echo 'wiring S1 '"), binary: "/bin/true")
        #expect(garbled.value == nil)

        var results = Results()
        results.record(library: "wiring", scenario: "S1", round: 1, fields: ChildOutput(fields: ["ns": "60", "allocs": "0"]))
        results.instructions[Results.Key("wiring", "S1")] = failing
        let report = check(results, thresholds: try thresholds([instructionEntry]), context: context)
        #expect(!report.passed)
        #expect(report.failures.first?.contains("callgrind failed for wiring S1") == true, "\(report.failures)")

        // Asked for, but the run never counted instructions: not a skip either.
        var without = context
        without.countedInstructions = false
        let uncounted = check(results, thresholds: try thresholds([instructionEntry]), context: without)
        #expect(uncounted.failures.first?.contains("--instructions") == true, "\(uncounted.failures)")
    }

    @Test("the real instructions.sh fails when the profiled program cannot be stripped or does no work")
    func realProfilerScriptFails() throws {
        let missing = callgrindInstructions(library: "wiring", scenario: "S1", binary: "/nonexistent/wiring-bench")
        #expect(missing.value == nil, "\(missing)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else { return }
        // /bin/true ignores `--ops N`: 1,100 operations cost what 100 do, which is no measurement.
        let idle = callgrindInstructions(library: "wiring", scenario: "S1", binary: "/bin/true")
        guard case .failed(let reason) = idle else {
            Issue.record("a program that does no work was counted: \(idle)")
            return
        }
        #expect(reason.contains("cost no more than"), "\(reason)")
    }

    @Test("a malformed entry, or one naming what does not exist, fails the check instead of vanishing")
    func malformedEntries() throws {
        var results = Results()
        results.record(library: "wiring", scenario: "S6", round: 1, fields: healthyRace)
        let bad: [[String: Any]] = [
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "max": "0"],
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "mx": 0],
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target"],
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "max": 0, "note": "x"],
            ["library": "wiring-gone", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "max": 0],
            ["library": "wiring", "scenario": "S9", "metric": "race_double_constructions", "kind": "target", "max": 0],
            ["library": "wiring", "scenario": "S6", "metric": "race_doubles", "kind": "target", "max": 0],
            ["library": "wiring", "scenario": "S1", "metric": "race_double_constructions", "kind": "target", "max": 0],
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "guard", "max": 0],
            ["library": "wiring", "scenario": "S6", "metric": "race_double_constructions", "kind": "target", "max": true],
        ]
        let report = check(results, thresholds: try thresholds(bad + raceEntries), context: context)
        #expect(!report.passed)
        #expect(report.declared == 12)
        #expect(report.ran == 2)
        #expect(report.failures.count == 10, "\(report.failures)")
        #expect(report.failures.allSatisfy { $0.contains("is malformed") }, "\(report.failures)")
        let text = report.failures.joined(separator: "\n")
        for expected in [
            "\"max\" has the wrong type", "no \"max\"", "unknown field mx", "unknown field note", "no library named \"wiring-gone\"",
            "no scenario named \"S9\"", "no metric named \"race_doubles\"", "is not measured in S1", "names its target",
        ] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
    }

    @Test("a file with no checks, or not in the expected shape, fails")
    func emptyFile() throws {
        let empty = check(Results(), thresholds: try thresholds([]), context: context)
        #expect(!empty.passed)
        #expect(empty.failures == ["the thresholds declare no check: nothing would be checked"])
        let shapeless = check(Results(), thresholds: Data("[1, 2]".utf8), context: context)
        #expect(!shapeless.passed)
    }

    @Test("an entry whose library or scenario this run left out is a failure, not a skip")
    func leftOutByFilter() throws {
        var filtered = context
        filtered.selectedScenarios = ["S1"]
        let report = check(Results(), thresholds: try thresholds(raceEntries), context: filtered)
        #expect(!report.passed)
        #expect(report.failures.allSatisfy { $0.contains("this run left out S6") }, "\(report.failures)")
    }

    @Test("the instruction cells a file reads are its instruction entries and their ratios' baselines, nothing else")
    func instructionCellsRead() throws {
        let file = try thresholds(
            raceEntries + [
                instructionEntry,
                ["library": "wiring-dip", "scenario": "S2", "metric": "instructions_ratio_to_wiring", "kind": "target", "max": 3],
                ["library": "wiring", "scenario": "S8", "metric": "instructions_ratio_to_manual", "kind": "target", "max": 9],
                ["library": "wiring", "scenario": "S4", "metric": "ratio", "kind": "target", "max": 9],
            ])
        let cells = try #require(instructionCells(readBy: file))
        let expected: Set<Results.Key> = [
            Results.Key("wiring", "S1"), Results.Key("wiring-dip", "S2"), Results.Key("wiring", "S2"), Results.Key("wiring", "S8"),
            Results.Key("manual", "S8"),
        ]
        #expect(cells == expected)
        #expect(instructionCells(readBy: Data("[1, 2]".utf8)) == nil)
        #expect(instructionCells(readBy: try thresholds([["library": "wiring", "metric": "ratio"]])) == nil)
    }
}

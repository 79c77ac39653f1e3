// wiring-bench: the scenarios of Benchmarks/README.md for each library, each (library, scenario)
// in its own process, the whole matrix several times interleaved. `--help` lists the options.
//
//   swift run -c release --package-path Benchmarks wiring-bench [--quick] [--rounds N]
//       [--filter wiring,manual,S1,S2] [--json PATH] [--instructions] [--check] [--thresholds PATH]
//
// Internal modes, which the parent process and the callgrind scripts use, read before the
// options: `--child LIBRARY SCENARIO [--quick]` runs one measurement and prints a `RESULT` line;
// `--ops N LIBRARY SCENARIO` runs exactly N operations after warm-up (callgrind).
import ArgumentParser
import BenchHarness
import Foundation
import Synchronization

let arguments = Array(CommandLine.arguments.dropFirst())

if let index = arguments.firstIndex(of: "--child") {
    var options = ChildOptions()
    options.quick = arguments.contains("--quick")
    runChild(library: arguments[index + 1], scenario: arguments[index + 2], options: options)
    exit(0)
}
if let index = arguments.firstIndex(of: "--ops") {
    runFixed(library: arguments[index + 2], scenario: arguments[index + 3], operations: Int(arguments[index + 1]) ?? 0)
    exit(0)
}

let options = BenchOptions.parseOrExit()
let quick = options.quick
let filters = options.filters
let selectedLibraries = libraries.map(\.name).filter { name in
    // Quick mode (CI) measures hand-written code and Wiring unless --filter names others.
    let wanted = filters.filter { !$0.hasPrefix("S") }
    if wanted.isEmpty && quick { return name == "manual" || name == "wiring" }
    return wanted.isEmpty || wanted.contains(name) || name == "manual"
}
let selectedScenarios = scenarioNames.filter { name in
    let wanted = filters.filter { $0.hasPrefix("S") }
    return wanted.isEmpty || wanted.contains(name)
}
let rounds = options.rounds ?? (quick ? 5 : 3)
let thresholdsPath = options.thresholds ?? "\(packageDirectory())/thresholds.json"

var results = Results()
let start = Date()
for round in 1...rounds {
    // Interleave: each round runs every library once per scenario.
    for scenario in selectedScenarios {
        // S5–S7, S9 and S10 are not ratios: one round is enough in quick mode, three otherwise at most.
        if ["S5", "S6", "S7", "S9", "S10"].contains(scenario) && round > (quick ? 1 : 2) { continue }
        for library in selectedLibraries {
            // A child that hangs (a deadlock) is stopped after a time limit, and counts as crashed.
            let output = runChildProcess(
                executable: CommandLine.arguments[0], arguments: ["--child", library, scenario] + (quick ? ["--quick"] : []),
                timeLimit: .seconds(quick ? 60 : 300)
            )
            if let failure = output.failure {
                FileHandle.standardError.write(Data("the child of \(library) in \(scenario) \(failure)\n".utf8))
            }
            results.record(library: library, scenario: scenario, round: round, fields: output)
        }
    }
    FileHandle.standardError.write(Data("round \(round)/\(rounds) done after \(Int(Date().timeIntervalSince(start))) s\n".utf8))
}

if options.instructions {
    var cells: [Results.Key] = []
    for library in selectedLibraries {
        for scenario in selectedScenarios where ["S1", "S2", "S3", "S4", "S5", "S8", "S9", "S10"].contains(scenario) {
            // S5, S8, S9 and S10 only for the libraries that have them (a registration step, a
            // request scope, tagged scoped instances).
            if ["S5", "S8", "S9", "S10"].contains(scenario), results.field(library, scenario, "supported") != "true" { continue }
            cells.append(Results.Key(library, scenario))
        }
    }
    // With --check, only the cells the thresholds read: a count nobody reads costs two callgrind runs.
    // A file that cannot be read leaves every cell counted; the check then reports the file.
    if options.check, let file = try? Data(contentsOf: URL(fileURLWithPath: thresholdsPath)),
        let read = instructionCells(readBy: file)
    {
        cells = cells.filter(read.contains)
    }
    // Each count is callgrind on child processes of its own: single-threaded, and deterministic
    // whatever else runs beside it, so the counts run one per core at a time.
    let counts = Mutex<[Results.Key: InstructionCount]>([:])
    let binary = CommandLine.arguments[0]
    let counted = cells
    DispatchQueue.concurrentPerform(iterations: counted.count) { index in
        let cell = counted[index]
        let count = callgrindInstructions(library: cell.library, scenario: cell.scenario, binary: binary)
        if case .failed(let reason) = count { FileHandle.standardError.write(Data("\(reason)\n".utf8)) }
        counts.withLock { $0[cell] = count }
    }
    results.instructions = counts.withLock { $0 }
}

print(results.table(libraries: selectedLibraries, scenarios: selectedScenarios, rounds: rounds))

if let path = options.json {
    try results.json(libraries: selectedLibraries, scenarios: selectedScenarios).write(to: URL(fileURLWithPath: path))
    print("wrote \(path)")
}

if options.check {
    let path = thresholdsPath
    let context = CheckContext(
        knownLibraries: libraries.map(\.name), knownScenarios: scenarioNames, selectedLibraries: selectedLibraries,
        selectedScenarios: selectedScenarios, countedInstructions: options.instructions
    )
    let report = check(results, thresholds: try Data(contentsOf: URL(fileURLWithPath: path)), context: context)
    print("")
    print("check against \(path):")
    for line in report.lines { print(line) }
    exit(report.passed ? 0 : 1)
}

import Foundation
import Synchronization

/// The directory of the benchmark package (`Benchmarks`, which holds `Harness`), found from
/// this source file: `Benchmarks/Harness/Sources/BenchHarness/ChildProcess.swift`.
public func packageDirectory() -> String {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url = url.deletingLastPathComponent() }
    return url.path
}

/// What one child process printed, and how it ended.
public struct ChildOutput: Sendable {
    /// The fields of its `RESULT` lines.
    public var fields: [String: String] = [:]
    /// Every other line it printed.
    public var otherOutput: [String] = []
    /// Why it did not end with exit status 0, or `nil` when it did: a crash, a signal, the
    /// watchdog, or a process that could not start. A child that ends this way measured nothing
    /// that can be trusted, even if it printed fields first.
    public var failure: String?

    /// Whether the child did not end with exit status 0.
    public var crashed: Bool { failure != nil }

    /// An output with these fields and no failure (for tests and callers that build results).
    public init(fields: [String: String] = [:], otherOutput: [String] = [], failure: String? = nil) {
        self.fields = fields
        self.otherOutput = otherOutput
        self.failure = failure
    }
}

/// Runs `executable` with `arguments` as one measurement's child process, stops it after
/// `timeLimit` if it has not ended (a deadlock), and collects its `RESULT` fields.
///
/// - Parameters:
///   - executable: The program; `wiring-bench` runs itself with `--child LIBRARY SCENARIO`.
///   - arguments: Its arguments.
///   - timeLimit: How long it may run before it is terminated and reported as stopped.
/// - Returns: What it printed, and ``ChildOutput/failure`` unless it exited with status 0.
public func runChildProcess(executable: String, arguments: [String], timeLimit: Duration) -> ChildOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    var output = ChildOutput()
    do {
        try process.run()
    } catch {
        output.failure = "could not start \(executable): \(error)"
        return output
    }
    let watchdogFired = Watchdog()
    // SIGKILL, not SIGTERM: a deadlocked child, or one that inherited an ignored SIGTERM, would
    // outlive a polite request.
    let watchdog = DispatchWorkItem { [process] in
        if process.isRunning {
            watchdogFired.fire()
            kill(process.processIdentifier, SIGKILL)
        }
    }
    let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        if line.hasPrefix("RESULT ") {
            for field in line.dropFirst(7).split(separator: " ") {
                let parts = field.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { output.fields[String(parts[0])] = String(parts[1]) }
            }
        } else {
            output.otherOutput.append(String(line))
        }
    }
    if watchdogFired.fired {
        output.failure = "stopped by the watchdog after \(timeLimit) (a hang or a deadlock)"
    } else if process.terminationReason == .uncaughtSignal {
        output.failure = "killed by signal \(process.terminationStatus) (a crash)"
    } else if process.terminationStatus != 0 {
        output.failure = "exited with status \(process.terminationStatus)"
    }
    return output
}

/// Whether the watchdog stopped a child: set on the timer's queue, read after the child ended.
private final class Watchdog: Sendable {
    private let state = Atomic(false)
    func fire() { state.store(true, ordering: .releasing) }
    var fired: Bool { state.load(ordering: .acquiring) }
}

/// The result of counting instructions with callgrind: a count, or why there is none.
public enum InstructionCount: Sendable, Equatable {
    /// Instructions per operation.
    case counted(Double)
    /// The profiler run failed; the reason says how.
    case failed(String)

    /// The count, or `nil` if the run failed.
    public var value: Double? {
        if case .counted(let value) = self { return value }
        return nil
    }
}

/// Instructions per operation: `script LIBRARY SCENARIO` (by default `instructions.sh`, callgrind
/// on a debug-stripped copy of the benchmark binary with 100 and 1,100 operations after the same
/// warm-up) must exit with status 0 and end with the line `LIBRARY SCENARIO COUNT`.
///
/// - Parameters:
///   - library: The library to measure.
///   - scenario: The scenario to measure.
///   - script: The script that runs the profiler.
///   - binary: The benchmark binary the script profiles (`WIRING_BENCH_BINARY`).
/// - Returns: The count, or the reason there is none: the script failed, or printed no count.
public func callgrindInstructions(
    library: String, scenario: String, script: String = "\(packageDirectory())/instructions.sh", binary: String
) -> InstructionCount {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script, library, scenario]
    var environment = ProcessInfo.processInfo.environment
    environment["WIRING_BENCH_BINARY"] = binary
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return .failed("could not start \(script): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        let how =
            process.terminationReason == .exit
            ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
        return .failed("\(script) \(how): \(lines.suffix(3).joined(separator: " / "))")
    }
    let words = lines.last?.split(separator: " ").map(String.init) ?? []
    guard words.count == 3, words[0] == library, words[1] == scenario, let count = Double(words[2]), count > 0 else {
        return .failed("\(script) printed no count for \(library) \(scenario): \(lines.suffix(3).joined(separator: " / "))")
    }
    return .counted(count)
}

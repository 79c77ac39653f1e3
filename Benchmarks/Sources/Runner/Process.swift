import Foundation

/// The directory of the benchmark package, found from this source file.
func packageDirectory() -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}

/// What one child printed: its `RESULT` fields, whether it printed anything else, how it ended.
struct ChildOutput {
    var fields: [String: String] = [:]
    var otherOutput: [String] = []
    var crashed = false
}

func runChildProcess(library: String, scenario: String, quick: Bool) -> ChildOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child", library, scenario] + (quick ? ["--quick"] : [])
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
        output.crashed = true
        return output
    }
    // A child that hangs (a deadlock) is stopped after a time limit and counted as crashed.
    let limit = quick ? 60.0 : 300.0
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    if process.terminationReason == .uncaughtSignal { output.otherOutput.append("stopped after \(limit) s or crashed") }
    output.crashed = process.terminationStatus != 0 || process.terminationReason != .exit
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
    return output
}

/// Instructions per operation: callgrind on a debug-stripped copy of this binary, with 100 and
/// 1,100 operations after the same warm-up; (Ir(1,100) − Ir(100)) / 1,000.
func callgrindInstructions(library: String, scenario: String) -> Double? {
    let script = "\(packageDirectory())/instructions.sh"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script, library, scenario]
    var environment = ProcessInfo.processInfo.environment
    environment["WIRING_BENCH_BINARY"] = CommandLine.arguments[0]
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    return text.split(separator: "\n").last.flatMap { Double($0.split(separator: " ").last ?? "") }
}

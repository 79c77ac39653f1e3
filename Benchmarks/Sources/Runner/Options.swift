import ArgumentParser

/// The command line of `wiring-bench`. An unknown option, a malformed value or a library or
/// scenario that does not exist is a usage error (exit status 64), before anything runs.
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wiring-bench",
        abstract: "Runs the benchmark scenarios for each library, each in its own process, in interleaved rounds.",
        discussion: "Libraries: \(libraries.map(\.name).joined(separator: ", ")). Scenarios: \(scenarioNames.joined(separator: ", "))."
    )

    @Flag(help: "Hand-written code and Wiring only (unless --filter names others), shorter measurements, 5 rounds.")
    var quick = false

    @Option(help: "Interleaved rounds (default 3; 5 with --quick).")
    var rounds: Int?

    @Option(
        name: .customLong("filter"),
        help: "Libraries and/or scenarios, comma-separated, such as wiring,swinject,S1,S2 (hand-written code always runs).",
        transform: { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    )
    var filters: [String] = []

    @Option(help: "Also write the results as JSON to this file.")
    var json: String?

    @Flag(help: "Add callgrind instructions per operation for S1-S5 and S8 (slow).")
    var instructions = false

    @Flag(help: "Exit with status 1 when a check of the thresholds fails.")
    var check = false

    @Option(help: "The thresholds file --check reads (default: thresholds.json beside the package).")
    var thresholds: String?

    func validate() throws {
        if let rounds, rounds < 1 { throw ValidationError("--rounds must be at least 1, not \(rounds).") }
        let known = Set(libraries.map(\.name) + scenarioNames)
        let unknown = filters.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let peersLeftOut = unknown.filter(peerNames.contains)
            if !peersLeftOut.isEmpty {
                throw ValidationError(
                    "--filter: \(peersLeftOut.joined(separator: ", ")) is built only with the Peers trait, which this build turned off; build without --disable-default-traits (or with --traits Peers)."
                )
            }
            throw ValidationError(
                "--filter: no library or scenario named \(unknown.joined(separator: ", ")); libraries: \(libraries.map(\.name).joined(separator: ", ")); scenarios: \(scenarioNames.joined(separator: ", "))."
            )
        }
        if thresholds != nil && !check { throw ValidationError("--thresholds is read by --check; pass both.") }
    }
}

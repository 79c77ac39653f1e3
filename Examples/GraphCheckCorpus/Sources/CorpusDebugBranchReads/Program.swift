/// Shape: two factories whose reads are under `#if DEBUG` / `#else`: in a debug build the
/// metrics sink reads the developer console, in a release build the console reads the metrics
/// sink. Taken together the reads would be a loop.
///
/// Why it is correct: a build compiles exactly one branch of each `#if`, and in either
/// configuration only one of the two reads exists: debug has console ← sink, release has
/// sink ← console. No build has both, so no build has a cycle.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class MetricsSink: Sendable {
    let console: DeveloperConsole?

    init(console: DeveloperConsole?) {
        self.console = console
    }
}

final class DeveloperConsole: Sendable {
    let sink: MetricsSink?

    init(sink: MetricsSink?) {
        self.sink = sink
    }
}

struct DiagnosticsModule: Module {
    var registrations: Registrations {
        singleton { r in
            #if DEBUG
                return MetricsSink(console: try r.resolve())
            #else
                return MetricsSink(console: nil)
            #endif
        }
        singleton { r in
            #if DEBUG
                return DeveloperConsole(sink: nil)
            #else
                return DeveloperConsole(sink: try r.resolve())
            #endif
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(DiagnosticsModule())

        let sink = try container.resolve(MetricsSink.self)
        let console = try container.resolve(DeveloperConsole.self)
        #if DEBUG
            guard sink.console === console, console.sink == nil else {
                throw CorpusFailure(message: "the debug wiring is wrong")
            }
        #else
            guard console.sink === sink, sink.console == nil else {
                throw CorpusFailure(message: "the release wiring is wrong")
            }
        #endif

        let report = await Container.validate(modules: [DiagnosticsModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}

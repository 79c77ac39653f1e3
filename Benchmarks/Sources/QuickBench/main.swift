// Design-time timing harness: Wiring versus hand-written code for S1–S4, in one process.
//   cd Benchmarks && swift run -c release wiring-quick-bench [N]
// Prints the median ns/op of 9 repetitions and the ratio to hand-written code, then the time
// `validate()` takes on a correct graph of 1,111 registrations, and T1: registering 10 to
// 100,000 tags of one type, and the cost of resolving one of them.
// With an argument N it runs only N operations of each scenario (for callgrind); a second
// argument K restricts that to scenario SK.
import BenchModel
import Wiring

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Hand-written wiring: what the container replaces.
final class Manual: Sendable {
    let singleton: any SingletonService = SingletonImpl()
    let logger: any Logger = LoggerImpl()
    let config: any Config = ConfigImpl()
    let database: any Database = DatabaseImpl()

    @inline(never) func s1() -> any SingletonService { singleton }
    @inline(never) func s2() -> any LeafService { LeafImpl() }
    @inline(never) func s3() -> any Chain0 {
        Chain0Impl(next: Chain1Impl(next: Chain2Impl(next: Chain3Impl(next: Chain4Impl(next: Chain5Impl())))))
    }
    @inline(never) func s4() -> any GRoot {
        GRootImpl(
            a: GServiceAImpl(logger: logger, config: config),
            b: GServiceBImpl(repo: GRepoImpl(db: database), logger: logger),
            c: GServiceCImpl(cache: GCacheImpl(), http: GHTTPImpl(config: config, logger: logger))
        )
    }
}

func makeContainer() -> Container {
    let c = Container()
    c.register((any SingletonService).self, lifetime: .singleton) { _ in SingletonImpl() }
    c.register((any LeafService).self) { _ in LeafImpl() }
    c.register((any Chain5).self) { _ in Chain5Impl() }
    c.register((any Chain4).self) { r in Chain4Impl(next: try r.resolve()) }
    c.register((any Chain3).self) { r in Chain3Impl(next: try r.resolve()) }
    c.register((any Chain2).self) { r in Chain2Impl(next: try r.resolve()) }
    c.register((any Chain1).self) { r in Chain1Impl(next: try r.resolve()) }
    c.register((any Chain0).self) { r in Chain0Impl(next: try r.resolve()) }
    c.register((any Logger).self, lifetime: .singleton) { _ in LoggerImpl() }
    c.register((any Config).self, lifetime: .singleton) { _ in ConfigImpl() }
    c.register((any Database).self, lifetime: .singleton) { _ in DatabaseImpl() }
    c.register((any GRepo).self) { r in GRepoImpl(db: try r.resolve()) }
    c.register((any GCache).self) { _ in GCacheImpl() }
    c.register((any GHTTP).self) { r in GHTTPImpl(config: try r.resolve(), logger: try r.resolve()) }
    c.register((any GServiceA).self) { r in GServiceAImpl(logger: try r.resolve(), config: try r.resolve()) }
    c.register((any GServiceB).self) { r in GServiceBImpl(repo: try r.resolve(), logger: try r.resolve()) }
    c.register((any GServiceC).self) { r in GServiceCImpl(cache: try r.resolve(), http: try r.resolve()) }
    c.register((any GRoot).self) { r in GRootImpl(a: try r.resolve(), b: try r.resolve(), c: try r.resolve()) }
    return c
}

let container = makeContainer()
let manual = Manual()
// Warm-up: build the singletons.
_ = try container.resolve((any SingletonService).self)
_ = try container.resolve((any GRoot).self)

if CommandLine.arguments.dropFirst().first == "validate" {
    // Only V1, for profiling: `valgrind --tool=callgrind wiring-quick-bench validate [N]`.
    let container = makeLargeContainer()
    let runs = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1 : 1
    for _ in 0..<runs { blackHole(container.validate()) }
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "tags" {
    // Only tagged resolves, for profiling: `valgrind --tool=callgrind wiring-quick-bench tags N`.
    let container = Container()
    for tag in 0..<10 { container.register(Int.self, tag: tag) { _ in tag } }
    let runs = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1 : 1
    for _ in 0..<runs { blackHole(try container.resolve(Int.self, tag: 5)) }
    exit(0)
}

let fixedCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) : nil

/// Median ns/op over 9 repetitions of `operations` calls.
func measure(_ operations: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<9 {
        let elapsed = try clock.measure { for _ in 0..<operations { try body() } }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(operations))
    }
    return samples.sorted()[4]
}

struct Scenario {
    let name: String
    let operations: Int
    let manual: () -> Void
    let wiring: () throws -> Void
}

let scenarios = [
    Scenario(name: "S1 cached singleton", operations: 2_000_000, manual: { blackHole(manual.s1()) }) {
        blackHole(try container.resolve((any SingletonService).self))
    },
    Scenario(name: "S2 transient", operations: 1_000_000, manual: { blackHole(manual.s2()) }) {
        blackHole(try container.resolve((any LeafService).self))
    },
    Scenario(name: "S3 chain of 6", operations: 300_000, manual: { blackHole(manual.s3()) }) {
        blackHole(try container.resolve((any Chain0).self))
    },
    Scenario(name: "S4 graph of 10", operations: 200_000, manual: { blackHole(manual.s4()) }) {
        blackHole(try container.resolve((any GRoot).self))
    },
]

let only = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) : nil
if let fixedCount {
    for (index, scenario) in scenarios.enumerated() where only == nil || only == index + 1 {
        for _ in 0..<fixedCount { try scenario.wiring() }
    }
} else {
    print("scenario               hand-written   Wiring    ratio")
    for scenario in scenarios {
        let base = measure(scenario.operations, scenario.manual)
        let ours = try measure(scenario.operations, scenario.wiring)
        let row = [
            scenario.name.padding(20),
            String(format2: base).leftPad(10) + " ns",
            String(format2: ours).leftPad(7) + " ns",
            String(format2: ours / base).leftPad(6) + "×",
        ]
        print(row.joined(separator: "  "))
    }
    let validation = measureValidation()
    print(
        "V1 validate()        \(validation.registrations) registrations in "
            + "\(String(format2: validation.milliseconds)) ms (median of 9), clean: \(validation.clean)"
    )
    for count in [10, 1_000, 100_000] {
        let tags = measureTags(count)
        print(
            "T1 \(String(count).leftPad(7)) tags       register \(String(format2: tags.registerMilliseconds).leftPad(8)) ms, "
                + "tagged resolve \(String(format2: tags.resolveNanoseconds).leftPad(7)) ns"
        )
    }
}

/// T1: registering `count` tags of one type in a new container, and resolving one of them.
func measureTags(_ count: Int) -> (registerMilliseconds: Double, resolveNanoseconds: Double) {
    let clock = ContinuousClock()
    var container = Container()
    let elapsed = clock.measure {
        container = Container()
        for tag in 0..<count { container.register(Int.self, tag: tag) { _ in tag } }
    }
    let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    let probe = count / 2
    let resolve = measure(200_000) { blackHole(try! container.resolve(Int.self, tag: probe)) }
    return (milliseconds, resolve)
}

extension String {
    init(format2 value: Double) {
        let scaled = (value * 100).rounded()
        let whole = Int(scaled / 100)
        let fraction = Int(scaled) % 100
        self = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

import BenchModel
import Tracing
import Wiring
import WiringBench
import WiringTracing

/// Wiring with WiringTracing installed but recording nothing: a minimum duration of an hour
/// drops every build. What tracing costs a server that turns it on and filters it.
public final class TracedWiringSubject: BenchSubject {
    let wiring = WiringSubject()

    public init() {
        wiring.container.traceSpans(SpanOptions(minimumDuration: .seconds(3600)), tracer: NoOpTracer())
    }

    @inline(never) public func s1() -> AnyObject { wiring.s1() }
    @inline(never) public func s2() -> AnyObject { wiring.s2() }
    @inline(never) public func s3() -> AnyObject { wiring.s3() }
    @inline(never) public func s4() -> AnyObject { wiring.s4() }
    @inline(never) public func s8() -> AnyObject? { wiring.s8() }
    // Registration, races and missing registrations are not what tracing changes.
    public static func s5(count: Int) -> Int? { nil }
    public static func makeRace() -> (@Sendable () -> AnyObject)? { nil }
    public func s7Throwing(describe: Bool) -> String? { nil }
    public func s7Optional() -> AnyObject? { nil }
    public static var hasOptionalAPI: Bool { false }
}

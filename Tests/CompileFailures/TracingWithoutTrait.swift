// An app that calls traceSpans() without turning on Wiring's Tracing trait is told which trait to
// turn on, instead of "value of type 'Container' has no member 'traceSpans'".
// expect-error: 'traceSpans(_:tracer:)' is unavailable: WiringTracing needs Wiring's Tracing trait
import Wiring
import WiringTracing

let container = Container()
container.traceSpans()

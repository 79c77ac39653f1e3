// An app that adds WiringHummingbird without turning on Wiring's Hummingbird trait is told which
// trait to turn on, instead of "cannot find 'RequestScopeMiddleware' in scope".
// expect-error: 'RequestScopeMiddleware' is unavailable: WiringHummingbird needs Wiring's Hummingbird trait
import Wiring
import WiringHummingbird

let middleware: RequestScopeMiddleware<Int>? = nil

// Validation of a large correct graph: 1 + 10 + 100 + 1,000 auto-wired registrations, made of
// generic types so that each is a distinct type with its own initializer.
import Wiring

protocol Marker: Sendable {}
enum M0: Marker {}
enum M1: Marker {}
enum M2: Marker {}
enum M3: Marker {}
enum M4: Marker {}
enum M5: Marker {}
enum M6: Marker {}
enum M7: Marker {}
enum M8: Marker {}
enum M9: Marker {}

final class Base: Sendable { init() {} }
final class Single<A: Marker>: Sendable { init(base: Base) {} }
final class Duo<A: Marker, B: Marker>: Sendable { init(first: Single<A>, second: Single<B>) {} }
final class Triple<A: Marker, B: Marker, C: Marker>: Sendable { init(left: Duo<A, B>, right: Duo<B, C>) {} }

/// A container with 1,111 auto-wired registrations.
func makeLargeContainer() -> Container {
    let container = Container()
    let markers: [any Marker.Type] = [
        M0.self, M1.self, M2.self, M3.self, M4.self, M5.self, M6.self, M7.self, M8.self, M9.self,
    ]
    container.autowire(Base.self, lifetime: .singleton, Base.init)
    func single<A: Marker>(_: A.Type) {
        container.autowire(Single<A>.self, lifetime: .singleton, Single<A>.init(base:))
    }
    func duo<A: Marker, B: Marker>(_: A.Type, _: B.Type) {
        container.autowire(Duo<A, B>.self, lifetime: .singleton, Duo<A, B>.init(first:second:))
    }
    func triple<A: Marker, B: Marker, C: Marker>(_: A.Type, _: B.Type, _: C.Type) {
        container.autowire(Triple<A, B, C>.self, Triple<A, B, C>.init(left:right:))
    }
    for a in markers {
        single(a)
        for b in markers {
            duo(a, b)
            for c in markers { triple(a, b, c) }
        }
    }
    return container
}

/// Times `validate()` of the large container: the median of 9 runs, in milliseconds.
func measureValidation() -> (registrations: Int, milliseconds: Double, clean: Bool) {
    let container = makeLargeContainer()
    var report = container.validate()
    var samples: [Double] = []
    for _ in 0..<9 {
        let elapsed = ContinuousClock().measure { report = container.validate() }
        samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return (report.graph.nodes.count, samples.sorted()[4], report.isClean)
}

import Wiring

// Small services for the broken-graph corpus. Auto-wired ones expose their edges statically.

final class VClock: Sendable { init() {} }
final class VStore: Sendable { init(clock: VClock) {} }
final class VRepo: Sendable { init(store: VStore) {} }
final class VApi: Sendable { init(repo: VRepo) {} }
final class VRoot: Sendable { init(api: VApi) {} }

final class Ping: Sendable { init(pong: Pong) {} }
final class Pong: Sendable { init(ping: Ping) {} }
final class Tri1: Sendable { init(next: Tri2) {} }
final class Tri2: Sendable { init(next: Tri3) {} }
final class Tri3: Sendable { init(next: Tri1) {} }
final class Ouroboros: Sendable { init(tail: Ouroboros) {} }

final class VRequest: Sendable { init() {} }
final class VSession: Sendable { init(request: VRequest) {} }
final class VReport: Sendable { init(clock: VClock, optional: Config?) {} }
final class VClient: Sendable { init(url: String) {} }
final class VFeed: Sendable { init(client: VClient) {} }

// A generated graph that is correct by construction, for the "validates clean" check: one
// `Base`, a `Single` per marker, a `Duo` per two markers and a `Triple` per three, each
// auto-wired, each depending only on longer-lived registrations.

protocol Marker: Sendable {}
enum M0: Marker {}
enum M1: Marker {}
enum M2: Marker {}
enum M3: Marker {}
enum M4: Marker {}
enum M5: Marker {}

final class Base: Sendable { init() {} }
final class Single<A: Marker>: Sendable { init(base: Base) {} }
final class Duo<A: Marker, B: Marker>: Sendable { init(first: Single<A>, second: Single<B>) {} }
final class Triple<A: Marker, B: Marker, C: Marker>: Sendable { init(left: Duo<A, B>, right: Duo<B, C>) {} }

/// Registers 1 + n + n² + n³ auto-wired services for the `n` markers.
func registerGenerated(into container: Container, markers: [any Marker.Type]) {
    container.autowire(Base.self, lifetime: .singleton, Base.init)
    func single<A: Marker>(_: A.Type) {
        container.autowire(Single<A>.self, lifetime: .singleton, Single<A>.init(base:))
    }
    func pair<A: Marker, B: Marker>(_: A.Type, _: B.Type) {
        container.autowire(Duo<A, B>.self, lifetime: .singleton, Duo<A, B>.init(first:second:))
    }
    func triple<A: Marker, B: Marker, C: Marker>(_: A.Type, _: B.Type, _: C.Type) {
        container.autowire(Triple<A, B, C>.self, Triple<A, B, C>.init(left:right:))
    }
    for a in markers {
        single(a)
        for b in markers {
            pair(a, b)
            for c in markers { triple(a, b, c) }
        }
    }
}

let sixMarkers: [any Marker.Type] = [M0.self, M1.self, M2.self, M3.self, M4.self, M5.self]

/// A reference to a container that keeps it alive no more than `weak` would, without giving it
/// a side table: a `weak` reference to the container itself would, and every retain and release
/// of the container (one per resolve) would then take the runtime's slow path.
///
/// It holds the container's `token` weakly (the token dies with the container) and the
/// container `unowned`: once the token is gone, ``container`` is `nil`; in the instant between
/// the container's release and its token's, an `unowned` read stops the program rather than
/// touch freed memory.
struct WeakContainer: Sendable {
    private weak var token: ContainerToken?
    private unowned let target: DependencyContainer

    init(_ container: DependencyContainer) {
        token = container.token
        target = container
    }

    /// The container, or `nil` once it was released.
    var container: DependencyContainer? { token == nil ? nil : target }
}

/// What ``WeakContainer`` refers to weakly in place of the container: owned by the container
/// alone, so it dies with it.
final class ContainerToken: Sendable {}

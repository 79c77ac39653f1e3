/// A group of related registrations, applied to a container by an ``Assembler``.
public protocol Assembly {
    /// Registers this group's services in `container`.
    func assemble(container: Container)

    /// Called once every assembly applied with this one has registered: resolve here what must exist at start.
    func loaded(resolver: any Resolver)
}

extension Assembly {
    /// Nothing to do.
    public func loaded(resolver _: any Resolver) {}
}

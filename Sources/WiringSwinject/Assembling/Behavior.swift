/// Something told about every registration a container makes after it was added
/// (`Container.addBehavior(_:)`), for instance to register more from it.
public protocol Behavior {
    /// `entry` was registered in `container` as `type`, under `name`.
    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    )
}

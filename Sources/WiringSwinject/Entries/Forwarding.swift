extension Container {
    /// Makes `service` resolvable as `type` too, under `name` if given: the same registration,
    /// so the same instance in its scope.
    public func forward<T, S>(_ type: T.Type, name: String? = nil, to service: ServiceEntry<S>) {
        let key = ServiceKey(serviceType: T.self, argumentsType: service.argumentsType, name: name)
        synchronizedIfEnabled { store(service, under: key, registeredAs: type, name: name) }
    }
}

extension ServiceEntry {
    /// Makes this registration resolvable as `type` too, under `name` if given.
    @discardableResult
    public func implements<T>(_ type: T.Type, name: String? = nil) -> ServiceEntry<Service> {
        container?.forward(type, name: name, to: self)
        return self
    }
}

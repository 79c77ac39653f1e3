import Wiring

/// A property the container resolves when it builds the instance that holds it: ``Injected``,
/// ``InjectedWeak``, or a box of your own, so that your types need not depend on this module's.
///
/// The container finds boxes with `Mirror`, superclass properties first, and calls
/// ``resolve(_:)`` on each; a box that throws fails the whole resolve with
/// ``DipError/autoInjectionFailed(label:type:underlyingError:)``.
public protocol AutoInjectedPropertyBox {
    /// The type the box resolves, for error messages.
    static var wrappedType: Any.Type { get }

    /// Resolves the value from `container` and stores it. `container.context.tag` is the tag
    /// of the instance being injected.
    ///
    /// - Parameter container: The container that built the instance.
    /// - Throws: What the resolve threw, if the value is required.
    func resolve(_ container: DependencyContainer) throws
}

extension DependencyContainer {
    /// Resolves the auto-injected properties of `instance`: superclass properties first.
    ///
    /// - Returns: Whether every instance of its dynamic type is known to have none: a class or
    ///   struct has the same stored properties in every instance (an enum's children depend on
    ///   its case).
    func autoInjectProperties(in instance: Any) throws -> Bool {
        let mirror = Mirror(reflecting: instance)
        let found = try autoInject(mirror)
        return !found && (mirror.displayStyle == .class || mirror.displayStyle == .struct)
    }

    /// Resolves the boxes among `mirror`'s children, the superclasses' first; whether there was one.
    private func autoInject(_ mirror: Mirror) throws -> Bool {
        var found = false
        if let superclass = mirror.superclassMirror { found = try autoInject(superclass) }
        for child in mirror.children {
            guard let box = child.value as? any AutoInjectedPropertyBox else { continue }
            found = true
            try resolveProperty(box, label: child.label)
        }
        return found
    }

    /// Resolves one box from the innermost frame, with its label in the context.
    private func resolveProperty(_ box: any AutoInjectedPropertyBox, label: String?) throws {
        let stack = ResolutionStack.current
        let outer = stack.innermost.injectingProperty
        stack.innermost.injectingProperty = label
        defer { stack.innermost.injectingProperty = outer }
        do {
            try box.resolve(self)
        } catch {
            throw DipError.autoInjectionFailed(label: label, type: type(of: box).wrappedType, underlyingError: error)
        }
    }

    /// Runs on an instance you built what the container runs on those it builds: `Resolvable`,
    /// auto-injection and the property blocks of the definition registered for `T` (which is
    /// needed), storing the instance for the definition's scope.
    ///
    /// Dip offered this on Apple platforms for storyboard view controllers; it is pure logic and
    /// is offered everywhere here.
    ///
    /// - Parameters:
    ///   - instance: The instance to complete.
    ///   - tag: The tag to resolve its definition and properties with.
    /// - Throws: ``DipError``, or what a property block threw.
    public func resolveDependencies<T>(of instance: T, tag: Tag? = nil) throws {
        _ = try resolve(tag: tag) { (_: () throws -> T) in instance }
    }
}

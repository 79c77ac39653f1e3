import Testing
import WiringDip

protocol Config: AnyObject {}
final class DevConfig: Config {}
final class ProdConfig: Config {}
final class DataStore {}

/// A box of the user's own, as the Dip wiki suggests, to avoid depending on `Injected`.
final class Box<T>: AutoInjectedPropertyBox {
    static var wrappedType: Any.Type { T.self }
    var value: T?
    func resolve(_ container: DependencyContainer) throws {
        value = try container.resolve() as T
    }
}

@Suite("Auto-injection")
struct AutoInjectionTests {
    class Base {
        @Injected var base: Service?
    }

    final class Derived: Base {
        @Injected var config: Config?
        @InjectedWeak var weakService: Service?
        @Injected(required: false) var missing: DataStore?
        let legacy = Injected<Service>()
        let custom = Box<Service>()
    }

    @Test("wrapped, legacy, weak and custom boxes are injected, superclass first")
    func injects() throws {
        let recorder = Recorder()
        let container = DependencyContainer()
        container.register(.singleton) { ServiceImp() as Service }
        container.register { () -> Config in
            recorder.record(container.context.injectedInProperty ?? "nil")
            return DevConfig()
        }
        container.register { Derived() }
        let derived = try container.resolve() as Derived
        #expect(derived.base is ServiceImp)
        #expect(derived.config is DevConfig)
        #expect(derived.weakService === derived.base)
        #expect(derived.missing == nil)
        #expect(derived.legacy.wrappedValue === derived.base)
        #expect(derived.custom.value === derived.base)
        #expect(recorder.all == ["_config"])
    }

    @Test("the labels are _name for wrappers and name for the legacy form, and superclasses come first")
    func labels() throws {
        let recorder = Recorder()
        let container = DependencyContainer()
        container.register(.unique) { () -> Service in
            recorder.record(container.context.injectedInProperty ?? "nil")
            return ServiceImp()
        }
        container.register { DevConfig() as Config }
        container.register { Derived() }
        _ = try container.resolve() as Derived
        #expect(recorder.all == ["_base", "_weakService", "legacy", "custom"])
    }

    @Test("a required property that cannot be resolved fails with autoInjectionFailed")
    func requiredFails() {
        final class Needs {
            @Injected var config: Config?
        }
        let container = DependencyContainer()
        container.register { Needs() }
        #expect {
            _ = try container.resolve() as Needs
        } throws: { error in
            guard case DipError.autoInjectionFailed(let label, let type, let underlying) = error,
                case DipError.definitionNotFound = underlying
            else { return false }
            return label == "_config" && type == Config.self
        }
    }

    @Test("the resolve's tag applies to injected properties unless the wrapper overrides it (the seed page's note)")
    func tags() throws {
        final class Holder {
            let config = Injected<Config>()
            let store = Injected<DataStore>(tag: nil)
            let explicit = Injected<Config>(required: true, tag: "prod", overrideTag: true)
        }
        let container = DependencyContainer()
        container.register { Holder() }
        container.register(tag: "dev") { DevConfig() as Config }
        container.register(tag: "prod") { ProdConfig() as Config }
        container.register(.singleton) { DataStore() }
        container.register(.singleton, tag: "dev") { DataStore() }
        let dev = try container.resolve(tag: "dev") as Holder
        let prod = try container.resolve(tag: "prod") as Holder
        #expect(dev.config.wrappedValue is DevConfig)
        #expect(prod.config.wrappedValue is ProdConfig)
        #expect(dev.store.wrappedValue === prod.store.wrappedValue)
        #expect(dev.explicit.wrappedValue is ProdConfig)
    }

    @Test("didInject runs after the value is stored")
    func didInject() throws {
        final class Direct {
            static let seen = Recorder()
            @Injected(didInject: { _ in Direct.seen.record("injected") }) var service: Service?
        }
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { Direct() }
        _ = try container.resolve() as Direct
        #expect(Direct.seen.all == ["injected"])
        let recorder = Recorder()
        var captured: Injected<Service>?
        let wrapper = Injected<Service>(didInject: { value in
            recorder.record(captured?.wrappedValue === value ? "stored" : "not stored")
        })
        captured = wrapper
        _ = try container.resolve { (_: () throws -> Service) -> Service in
            try wrapper.resolve(container)
            return ServiceImp()
        }
        #expect(recorder.all == ["stored"])
    }

    @Test("autoInjectProperties: false on the container, and autoInjectingProperties on a definition")
    func switches() throws {
        final class Holder {
            @Injected var service: Service?
        }
        let container = DependencyContainer(autoInjectProperties: false)
        container.register { ServiceImp() as Service }
        container.register { Holder() }
        #expect((try container.resolve() as Holder).service == nil)
        container.register { Holder() }.autoInjectingProperties()
        #expect((try container.resolve() as Holder).service != nil)
        let injecting = DependencyContainer()
        injecting.register { ServiceImp() as Service }
        injecting.register { Holder() }.autoInjectingProperties(false)
        #expect((try injecting.resolve() as Holder).service == nil)
    }

    @Test("Injected(wrappedValue:) keeps its initial value (Dip discarded it)")
    func initialValueKept() {
        final class Holder {
            @Injected var service: Service? = ServiceImp()
        }
        #expect(Holder().service is ServiceImp)
        let weakTarget = ServiceImp()
        let weak = InjectedWeak<Service>(wrappedValue: weakTarget)
        #expect(weak.wrappedValue === weakTarget)
    }

    @Test("InjectedWeak holds its value weakly")
    func weakHolding() throws {
        final class Holder {
            @InjectedWeak var service: Service?
        }
        let container = DependencyContainer()
        container.register(.unique) { ServiceImp() as Service }
        container.register { Holder() }
        let holder = try container.resolve() as Holder
        #expect(holder.service == nil)
    }

    @Test("copies of a wrapper share the value; every initializer is available")
    func sharedStorageAndInitializers() throws {
        let original = Injected<Service>(required: false)
        let copy = original
        copy.wrappedValue = ServiceImp()
        #expect(original.wrappedValue === copy.wrappedValue)
        original.wrappedValue = nil
        #expect(copy.wrappedValue == nil)
        let full = Injected<Service>(value: nil, required: false, tag: "x", overrideTag: true, didInject: { _ in })
        #expect(full.required == false)
        let weakFull = InjectedWeak<Service>(value: nil, required: false, tag: "x", overrideTag: true, didInject: { _ in })
        #expect(weakFull.wrappedValue == nil)
        #expect(InjectedWeak<Service>(required: false, tag: 1).required == false)
        #expect(InjectedWeak<Service>(tag: nil, overrideTag: false).required)
        #expect(ObjectIdentifier(Injected<Service>.wrappedType) == ObjectIdentifier(Service.self))
        #expect(ObjectIdentifier(InjectedWeak<Service>.wrappedType) == ObjectIdentifier(Service.self))
    }

    @Test("resolveDependencies(of:) injects an instance built elsewhere")
    func resolveDependenciesOf() throws {
        final class Screen {
            @Injected var service: Service?
        }
        let container = DependencyContainer()
        container.register { ServiceImp() as Service }
        container.register { Screen() }
        let screen = Screen()
        try container.resolveDependencies(of: screen)
        #expect(screen.service is ServiceImp)
    }
}

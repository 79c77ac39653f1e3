import Testing
import WiringDip

/// The spellings of older Dip releases, deprecated here; the tests are deprecated too so that
/// using them does not warn.
@Suite("Legacy spellings")
struct LegacySpellingTests {
    @available(*, deprecated, message: "exercises deprecated spellings")
    @Test("the capitalised scopes map to the current ones")
    func scopes() {
        #expect(ComponentScope.Shared == .shared)
        #expect(ComponentScope.Unique == .unique)
        #expect(ComponentScope.Singleton == .singleton)
        #expect(ComponentScope.EagerSingleton == .eagerSingleton)
        #expect(ComponentScope.WeakSingleton == .weakSingleton)
        #expect(ComponentScope.Prototype == .unique)
        #expect(ComponentScope.ObjectGraph == .shared)
    }

    @available(*, deprecated, message: "exercises deprecated spellings")
    @Test("Injected<T>().value and InjectedWeak<T>().value read and write the value")
    func value() {
        let injected = Injected<Service>(required: false)
        let service = ServiceImp()
        injected.value = service
        #expect(injected.value === service)
        #expect(injected.wrappedValue === service)
        let weak = InjectedWeak<Service>(required: false)
        weak.value = service
        #expect(weak.value === service)
    }
}

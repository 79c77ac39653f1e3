import Dispatch
import Synchronization
import Testing
import WiringSwinject

// The code of the DocC catalog's articles (Sources/WiringSwinject/Documentation.docc: the
// overview and "Moving from Swinject"), compiled and run. `DocSnippetTests` checks that every
// Swift block of the articles appears here verbatim (the logging function's is in DiagnosticsTests,
// whose suite is the one that sets it).

@Suite("The WiringSwinject articles", .serialized)
struct CatalogSnippets {
    protocol Animal { var name: String { get } }

    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class PetOwner {
        let pet: Animal
        init(pet: Animal) { self.pet = pet }
    }

    final class Parent {
        var child: Child?
    }

    final class Child {
        weak var parent: Parent?
        init(parent: Parent) { self.parent = parent }
    }

    protocol TimeSource: AnyObject {}

    final class SystemTime: TimeSource {
        static let made = Atomic<Int>(0)
        init() { SystemTime.made.add(1, ordering: .relaxed) }
    }

    @Test("the overview: a registration, a singleton that depends on it, and a circle closed by initCompleted")
    func overview() {
        let container = Container()
        container.register(Animal.self) { _ in Cat(name: "Mimi") }
        container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
            .inObjectScope(.container)

        let owner = container.resolve(PetOwner.self)!

        #expect(owner.pet.name == "Mimi")
        #expect(container.resolve(PetOwner.self) === owner)

        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
        container.register(Child.self) { r in Child(parent: r.resolve(Parent.self)!) }

        let parent = container.resolve(Parent.self)!

        #expect(parent.child?.parent === parent)
    }

    @Test("moving: a plain container shared by threads builds one instance")
    func sharedContainer() {
        let before = SystemTime.made.load(ordering: .relaxed)
        let shared = Container()
        shared.register(TimeSource.self) { _ in SystemTime() }.inObjectScope(.container)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            _ = shared.resolve(TimeSource.self)  // no synchronize() needed; one SystemTime is built
        }
        #expect(SystemTime.made.load(ordering: .relaxed) - before == 1)
    }
}

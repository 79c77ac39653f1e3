import Testing
import Wiring

extension Hashable where Self == WiringTag {
    /// The README's pattern for a tag spelled with a dot.
    static var replica: WiringTag { "replica" }
    static var marketing: WiringTag { WiringTag("marketing") }
}

struct TaggedModule: Module {
    var registrations: Registrations {
        singleton((any Database).self, tag: .marketing) { SQLDatabase(name: "marketing") }
    }
}

struct UsesReplica {
    @Wired(tag: .replica) var database: any Database
}

@Suite("Tags spelled with a dot")
struct TagTests {
    @Test("a WiringTag declared in the Hashable extension is written .replica at register, resolve, wired and in modules")
    func dotSpelling() throws {
        let container = Container()
        container.register((any Database).self, tag: .replica, lifetime: .singleton) { _ in SQLDatabase(name: "replica") }
        try container.install(TaggedModule())
        let replica = try container.resolve((any Database).self, tag: .replica)
        #expect(replica.name == "replica")
        #expect(try container.resolve((any Database).self, tag: .marketing).name == "marketing")
        let registered = container.isRegistered((any Database).self, tag: .replica)
        #expect(registered)
        let viaWired = withContainer(container) { UsesReplica() }
        #expect(viaWired.database === replica)
        #expect(withContainer(container) { wired((any Database).self, tag: .replica) } === replica)
    }

    @Test("a WiringTag and the string of its name are different tags")
    func tagIsNotItsString() {
        let container = Container()
        container.register(Config.self, tag: .replica) { _ in Config() }
        #expect(!container.isRegistered(Config.self, tag: "replica"))
    }

    @Test("fix-its print a tag the way it compiles: .replica for a WiringTag, DatabaseRole.replica for an enum case")
    func fixItsCompile() {
        let container = Container()
        container.register((any Database).self, tag: .replica) { _ in SQLDatabase(name: "replica") }
        container.register(Config.self, tag: DatabaseRole.replica) { _ in Config() }
        let tagged = #expect(throws: WiringError.self) { try container.resolve((any Database).self) }
        #expect(tagged?.description.contains("resolve it with tag: .replica.") == true, "\(String(describing: tagged))")
        let enumTagged = #expect(throws: WiringError.self) { try container.resolve(Config.self) }
        #expect(
            enumTagged?.description.contains("resolve it with tag: DatabaseRole.replica.") == true,
            "\(String(describing: enumTagged))")
    }

    @Test("a tag that is not equal to itself is refused at registration, with the tag and the fix")
    func irreflexiveTagIsRefused() async {
        let registered = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().register(Config.self, tag: Double.nan) { _ in Config() }
        }
        let installed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try Container().install(Registrations { r in r.transient(Config.self, tag: Double.nan) { Config() } })
        }
        let contributed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().contribute(to: [Double: Config].self, key: Double.nan) { _ in Config() }
        }
        for result in [registered, installed, contributed] {
            let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(output.contains("is not equal to itself"), "\(output)")
            #expect(output.contains("nan"), "\(output)")
            #expect(output.contains("To fix:"), "\(output)")
        }
    }
}

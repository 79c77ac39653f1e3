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

    @Test("messages print a payload case, an optional and a class instance as code, not as bare text")
    func tagsPrintAsCode() {
        let container = Container()
        let payload = #expect(throws: WiringError.self) { try container.resolve(Config.self, tag: AccountTag.id(3)) }
        #expect(payload?.description.contains("Config tagged .id(3)") == true, "\(String(describing: payload))")
        #expect(payload?.description.contains("tag: AccountTag.id(3))") == true, "\(String(describing: payload))")

        let nestedNil: Int?? = .some(nil)
        let optional = #expect(throws: WiringError.self) { try container.resolve(Config.self, tag: nestedNil) }
        // Swift passes `Int??.some(nil)` to an optional tag parameter as `Int?.none`.
        #expect(optional?.description.contains("Config tagged Optional<Int>.none") == true, "\(String(describing: optional))")
        #expect(optional?.description.contains(".nil") == false, "\(String(describing: optional))")

        let instance = #expect(throws: WiringError.self) { try container.resolve(Config.self, tag: ClassTag()) }
        #expect(instance?.description.contains("Config tagged a ClassTag instance") == true, "\(String(describing: instance))")

        let quoted = #expect(throws: WiringError.self) { try container.resolve(Config.self, tag: "say \"hi\"") }
        #expect(quoted?.description.contains(#"Config tagged "say \"hi\"""#) == true, "\(String(describing: quoted))")
    }

    @Test("a NaN tag's fix-it says it can never match, instead of registering with it (which stops the program)")
    func nanTagFixIt() {
        let container = Container()
        let error = #expect(throws: WiringError.self) { try container.resolve(Config.self, tag: Double.nan) }
        let message = error?.description ?? ""
        #expect(!message.contains("container.register("), "\(message)")
        #expect(message.contains("is not (NaN never equals anything)"), "\(message)")
    }
}

/// A tag with a payload.
enum AccountTag: Hashable, Sendable {
    case id(Int)
}

/// A tag that is a class instance: it has no spelling in code.
final class ClassTag: Hashable, Sendable {
    static func == (lhs: ClassTag, rhs: ClassTag) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

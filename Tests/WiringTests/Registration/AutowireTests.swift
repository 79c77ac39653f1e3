import Testing
import Wiring

final class Pager: Sendable {
    let logger: any Logging
    let pageSize: Config
    init(logger: any Logging, pageSize: Config) {
        self.logger = logger
        self.pageSize = pageSize
    }
}

@Suite("Auto-wiring on a container")
struct AutowireTests {
    @Test("container.autowire takes the initializer alone, as a module's autowire does")
    func initializerAlone() throws {
        let container = Container()
        container.register((any Logging).self, lifetime: .singleton) { _ in ConsoleLogger() }
        container.register(Config.self) { _ in Config() }
        container.autowire(lifetime: .singleton, Pager.init(logger:pageSize:))
        container.autowire(tag: "plain", Pager.init(logger:pageSize:))
        let pager = try container.resolve(Pager.self)
        #expect(pager === (try container.resolve(Pager.self)))
        #expect(try container.resolve(Pager.self, tag: "plain") !== pager)
        #expect(container.validate().graph.edges.contains { $0.from == "Pager" && $0.to == "Config" })
        let bare = Container()
        bare.register((any Logging).self) { _ in ConsoleLogger() }
        bare.register(Config.self) { _ in Config() }
        bare.autowire(Pager.init(logger:pageSize:))
        #expect(try bare.resolve(Pager.self) !== (try bare.resolve(Pager.self)))
    }
}

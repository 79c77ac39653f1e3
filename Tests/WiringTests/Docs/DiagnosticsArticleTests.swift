import Foundation
import Testing
import Wiring

// The messages of the DocC article "Errors and validation findings", produced here: each
// ```text block of the article must be the real message of its scenario, without the lines that
// name a file position (`registered at:`, `resolved at:`, …), which move with the code.

protocol Mailer: Sendable {}
final class SMTPMailer: Mailer {}
final class Billing: Sendable {
    init(invoices: Invoices) {}
}
final class Invoices: Sendable {
    init(billing: Billing) {}
}
final class CategoryNode: Sendable {
    let child: CategoryNode?
    init(child: CategoryNode?) { self.child = child }
}
final class HTTPSession: Sendable {
    init(baseURL: String) {}
}
struct Settings: Sendable {}
final class RequestUser: Sendable {}
@MainActor final class ProfileModel {}
final class TokenStore: Sendable {}
final class ReportMailer: Sendable {}
struct MailModule: Module {
    var registrations: Registrations {
        singleton((any Mailer).self) { SMTPMailer() }
    }
}
struct TestMailModule: Module {
    var registrations: Registrations {
        singleton((any Mailer).self) { SMTPMailer() }
    }
}
struct ConfigurationMissing: Error, CustomStringConvertible {
    var description: String { "settings.json not found" }
}

final class Checkout: Sendable {
    init(mailer: any Mailer) {}
}
final class Orders: Sendable {
    init(session: RequestUser) {}
}
final class HookParent: Sendable {}
final class HookChild: Sendable {}

@Suite("Errors article")
struct DiagnosticsArticleTests {
    /// Each error code's scenario, in the article's order.
    static func messages() async -> [(name: String, message: String)] {
        var result: [(String, String)] = []
        func record(_ code: String, _ body: () throws -> Void) {
            do {
                try body()
                result.append((code, "(no error)"))
            } catch {
                result.append((code, "\(error)"))
            }
        }
        record("notRegistered") { _ = try Container().resolve((any Mailer).self) }
        record("cycle") {
            let container = Container()
            container.register(Billing.self) { r in Billing(invoices: try r.resolve()) }
            container.register(Invoices.self) { r in Invoices(billing: try r.resolve()) }
            _ = try container.resolve(Billing.self)
        }
        record("depthExceeded") {
            let container = Container(maximumDepth: 3)
            container.register(CategoryNode.self) { (r: Resolver, depth: Int) in
                CategoryNode(child: depth == 0 ? nil : try r.resolve(CategoryNode.self, arguments: depth - 1))
            }
            _ = try container.resolve(CategoryNode.self, arguments: 10)
        }
        record("argumentMismatch") {
            let container = Container()
            container.register(HTTPSession.self) { (_: Resolver, url: String) in HTTPSession(baseURL: url) }
            _ = try container.resolve(HTTPSession.self)
        }
        record("factoryFailed") {
            let container = Container()
            container.register(Settings.self) { _ in throw ConfigurationMissing() }
            _ = try container.resolve(Settings.self)
        }
        record("typeMismatch") {
            let container = Container()
            container.register(TokenStore.self) { _ in TokenStore() }.forwarding(to: (any Mailer).self)
            _ = try container.resolve((any Mailer).self)
        }
        record("scopeNotActive") {
            let container = Container()
            container.register(RequestUser.self, lifetime: .scoped) { _ in RequestUser() }
            _ = try container.resolve(RequestUser.self)
        }
        record("invalidLifetime") {
            let container = Container()
            container.register(Settings.self, lifetime: .weakSingleton) { _ in Settings() }
            _ = try container.resolve(Settings.self)
        }
        record("duplicateRegistration") { try Container().install(MailModule(), TestMailModule()) }
        let isolation = await Task.detached { () -> String in
            let container = Container()
            container.register(ProfileModel.self, mainActor: { _ in ProfileModel() })
            do {
                _ = try container.resolve(ProfileModel.self)
                return "(no error)"
            } catch {
                return "\(error)"
            }
        }.value
        result.append(("isolationMismatch", isolation))
        record("asyncRequired") {
            let container = Container()
            container.register(ReportMailer.self, lifetime: .singleton) { _ async throws in ReportMailer() }
            _ = try container.resolve(ReportMailer.self)
        }
        let closed = Container()
        closed.register(Settings.self) { _ in Settings() }
        try? await closed.shutdown()
        record("shutDown") { _ = try closed.resolve(Settings.self) }
        return result
    }

    /// Each finding kind's scenario: its first finding of that kind.
    static func findings() -> [(name: String, message: String)] {
        var result: [(String, String)] = []
        func record(_ kind: ValidationFinding.Kind, _ report: ValidationReport) {
            result.append((kind.description, report.findings.first { $0.kind == kind }?.description ?? "(none)"))
        }
        let missing = Container()
        missing.autowire(lifetime: .singleton, Checkout.init(mailer:))
        record(.missingRegistration, missing.validate(ValidationOptions(roots: [Checkout.self])))

        let cycle = Container()
        cycle.autowire(Billing.init(invoices:))
        cycle.autowire(Invoices.init(billing:))
        record(.cycle, cycle.validate())

        let hook = Container()
        hook.register(HookParent.self, lifetime: .graph) { r in
            _ = try r.resolve(HookChild.self); return HookParent()
        }
        hook.register(HookChild.self, lifetime: .graph) { _ in HookChild() }
            .onResolved { r, _ in _ = try r.resolve(HookParent.self) }
        record(.hookCycle, hook.validate(ValidationOptions(dryRun: true)))

        let captive = Container()
        captive.register(RequestUser.self, lifetime: .scoped) { _ in RequestUser() }
        captive.autowire(lifetime: .singleton, Orders.init(session:))
        record(.captiveDependency, captive.validate())

        let ambiguous = Container()
        ambiguous.register(Settings.self) { _ in Settings() }
        ambiguous.register(Settings.self) { _ in Settings() }
        record(.ambiguousRegistration, ambiguous.validate())

        let arguments = Container()
        arguments.register(HTTPSession.self) { (_: Resolver, url: String) in HTTPSession(baseURL: url) }
        arguments.register(ReportMailer.self) { r in
            _ = try r.resolve(HTTPSession.self); return ReportMailer()
        }
        record(.argumentMismatch, arguments.validate(ValidationOptions(dryRun: true)))

        let unreachable = Container()
        unreachable.autowire(Checkout.init(mailer:))
        unreachable.register((any Mailer).self) { _ in SMTPMailer() }
        unreachable.register(Settings.self) { _ in Settings() }
        record(.unreachable, unreachable.validate(ValidationOptions(roots: [Checkout.self], dryRun: true)))

        record(.duplicateDeclaration, Container.validate(modules: [MailModule(), TestMailModule()]))

        let failing = Container()
        failing.register(Settings.self) { _ in throw ConfigurationMissing() }
        record(.buildFailed, failing.validate(ValidationOptions(dryRun: true)))
        return result
    }

    /// The ```text block of each section of `article` whose heading is `prefix` then `` `name` ``.
    static func blocks(in article: String, headedBy prefix: String) -> [String: String] {
        Dictionary(
            article.components(separatedBy: "\n\(prefix) `").dropFirst().compactMap { section -> (String, String)? in
                guard let name = section.split(separator: "`").first,
                    let start = section.range(of: "```text\n"),
                    let end = section.range(of: "\n```", range: start.upperBound..<section.endIndex)
                else { return nil }
                return (String(name), String(section[start.upperBound..<end.lowerBound]))
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// Compares each produced message with the ```text block of its section of the article,
    /// the sections whose headings start with `prefix`.
    static func expectArticleShows(_ produced: [(name: String, message: String)], headedBy prefix: String) throws {
        if ProcessInfo.processInfo.environment["WIRING_PRINT_MESSAGES"] != nil {
            for (name, message) in produced { print("\(prefix) `\(name)`\n\(stable(message).joined(separator: "\n"))\n") }
        }
        let article = try String(
            contentsOf: DocSnippetTests.root.appendingPathComponent("Sources/Wiring/Documentation.docc/ErrorsAndFindings.md"),
            encoding: .utf8
        )
        let shown = blocks(in: article, headedBy: prefix)
        for (name, message) in produced {
            let block = try #require(shown[name], "the article has no section for \(name)")
            #expect(stable(block) == stable(message), "\(name): the article shows\n\(block)\nWiring prints\n\(message)")
        }
    }

    /// A message without the lines that name a file position, and with every other position
    /// (`Module/File.swift:12`) reduced to a placeholder: positions move with the code.
    static func stable(_ message: String) -> [String] {
        let moving = ["registered at:", "resolved at:", "also declared at:", "contributed at:"]
        let position = /[A-Za-z0-9_\/.-]+\.swift:\d+/
        let kept = message.split(separator: "\n").filter { line in
            !moving.contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) }
        }
        return DocSnippetTests.normalized(kept.joined(separator: "\n").replacing(position, with: "FILE:LINE"))
    }

    @Test("every finding kind's section shows the finding Wiring reports")
    func articleShowsRealFindings() throws {
        try Self.expectArticleShows(Self.findings(), headedBy: "####")
    }

    @Test("every error code's section shows the message Wiring prints")
    func articleShowsRealMessages() async throws {
        try Self.expectArticleShows(await Self.messages(), headedBy: "###")
    }
}

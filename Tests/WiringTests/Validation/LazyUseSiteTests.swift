import Testing
import Wiring

/// A mailer the container builds, which reads its template store only when it sends.
final class LazyMailer: Sendable {
    let templates = LazyWired<TemplateStore>()
}

final class TemplateStore: Sendable {}

/// Two transients that reach each other only through a lazy property on one side.
struct LazyLeft: Sendable {
    @LazyWired var right: LazyRight
}

final class LazyRight: Sendable {
    let left: LazyLeft
    init(left: LazyLeft) { self.left = left }
}

/// A screen the app builds itself, outside the container.
struct LazyProfileScreen {
    @LazyWired var templates: TemplateStore
}

@Suite("Validation of property-wrapper use sites")
struct LazyUseSiteTests {
    @Test("a @LazyWired property of an instance the container builds is a dependency: its type is reachable")
    func lazyPropertyIsAnEdge() {
        let container = Container()
        container.register(LazyMailer.self, lifetime: .singleton) { _ in LazyMailer() }
        container.register(TemplateStore.self, lifetime: .singleton) { _ in TemplateStore() }
        let report = container.validate(ValidationOptions(roots: [LazyMailer.self], dryRun: true))
        #expect(report.isClean, "\(report)")
        #expect(report.graph.edges.contains(.init(from: "LazyMailer", to: "TemplateStore", kind: .lazy)), "\(report.graph.edges)")
        #expect(report.graph.dot().contains(#""LazyMailer" -> "TemplateStore" [style=dashed, label="lazy"];"#))
        #expect(report.graph.mermaid().contains("-. lazy .->"))
    }

    @Test("a singleton's @LazyWired property of a transient is no captive dependency: it is the way out of one")
    func lazyPropertyIsNotCaptive() {
        let container = Container()
        container.register(LazyMailer.self, lifetime: .singleton) { _ in LazyMailer() }
        container.register(TemplateStore.self) { _ in TemplateStore() }
        let report = container.validate(ValidationOptions(roots: [LazyMailer.self], dryRun: true))
        #expect(report.isClean, "\(report)")
    }

    @Test("a @LazyWired property of a type nothing registers is a missing registration, found before the read")
    func lazyPropertyOfUnregisteredType() {
        let container = Container()
        container.register(LazyMailer.self, lifetime: .singleton) { _ in LazyMailer() }
        let report = container.validate(ValidationOptions(roots: [LazyMailer.self], dryRun: true))
        let missing = report.errors.first { $0.kind == .missingRegistration }
        #expect(missing?.headline == "LazyMailer depends on TemplateStore, and nothing is registered for it.", "\(report)")
    }

    @Test("a loop closed by a @LazyWired property is not a cycle: the lazy side is read after construction")
    func lazyLoopIsNotACycle() {
        let container = Container()
        container.register(LazyLeft.self) { _ in LazyLeft() }
        container.autowire(LazyRight.self, LazyRight.init(left:))
        let report = container.validate(ValidationOptions(roots: [LazyRight.self], dryRun: true))
        #expect(report.isClean, "\(report)")
    }

    @Test("a registration used only by a type the app builds is unreachable, and the warning says how to declare it")
    func useOutsideTheContainerNeedsARoot() {
        let container = Container()
        container.register(LazyMailer.self, lifetime: .singleton) { _ in LazyMailer() }
        container.register(TemplateStore.self, lifetime: .singleton) { _ in TemplateStore() }
        container.register(Tracked.self) { _ in Tracked(id: 1) }
        let report = container.validate(ValidationOptions(roots: [LazyMailer.self], dryRun: true))
        let warning = report.warnings.first { $0.kind == .unreachable }
        #expect(warning?.registration == "Tracked", "\(report)")
        #expect(
            warning?.fix.contains(
                "a @Wired, @LazyWired or @OptionalWired property of a type the container does not build), add it to ValidationOptions.roots"
            ) == true,
            "\(report)"
        )
        // The screen's own use: declared as a root, it is clean.
        _ = withContainer(container) { LazyProfileScreen() }
        let declared = container.validate(ValidationOptions(roots: [LazyMailer.self, Tracked.self], dryRun: true))
        #expect(declared.isClean, "\(declared)")
    }
}

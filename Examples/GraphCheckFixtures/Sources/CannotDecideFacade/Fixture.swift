import WiringSwinject

public final class Mailer: Sendable {
    public init() {}
}

public final class Newsletter: Sendable {
    public let mailer: Mailer
    public init(mailer: Mailer) { self.mailer = mailer }
}

/// Registrations made through a migration facade (WiringSwinject's `Assembly`): the check does
/// not read the facades, so it reports nothing here; their own resolves (and `validate()` on
/// the container underneath) cover them.
public final class NewsletterAssembly: Assembly {
    public init() {}
    public func assemble(container: Container) {
        container.register(Newsletter.self) { r in Newsletter(mailer: r.resolve(Mailer.self)!) }
        container.register(Mailer.self) { _ in Mailer() }.inObjectScope(.container)
    }
}

public func newsletter() -> Newsletter? {
    Assembler([NewsletterAssembly()]).resolver.resolve(Newsletter.self)
}

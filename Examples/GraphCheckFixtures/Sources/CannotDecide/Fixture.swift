import Wiring

public final class Mailer: Sendable {
    public init() {}
}

public final class Newsletter: Sendable {
    public init(mailer: Mailer) {}
}

public final class Shard: Sendable {
    public init(index: Int) {}
}

public final class Left: Sendable {
    public init(right: Right?) {}
}

public final class Right: Sendable {
    public init(left: Left) {}
}

/// Registrations behind `if` and `for`, a key the check cannot name, and a read only some builds
/// make: it cannot tell what they provide or read, so it reports nothing here (validation at run
/// time covers them).
public struct ConditionalModule: Module {
    public let sendsMail: Bool
    public let linksBack: Bool
    public init(sendsMail: Bool, linksBack: Bool) {
        self.sendsMail = sendsMail
        self.linksBack = linksBack
    }
    public var registrations: Registrations {
        if sendsMail {
            singleton { Mailer() }
        }
        for index in 0..<2 {
            singleton(Shard.self, tag: index) { _ in Shard(index: index) }
        }
        transient { r in Newsletter(mailer: try r.resolve(Mailer.self)) }
        // A loop only when `linksBack` is set.
        singleton { [linksBack] r in Left(right: linksBack ? try r.resolve(Right.self) : nil) }
        singleton { r in Right(left: try r.resolve(Left.self)) }
    }
}

public func validateConditional() async -> ValidationReport {
    // expect-note: Mailer, read at Fixture.swift:40, is declared by none of its modules, and the container is open to an if
    await Container.validate(modules: [ConditionalModule(sendsMail: true, linksBack: false)], options: ValidationOptions(dryRun: true))
}

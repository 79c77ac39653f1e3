import Wiring

public final class Database: Sendable {
    public init() {}
}

/// Declares `Database` twice: `install` throws `duplicateRegistration`.
public struct DuplicateModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { Database() }
        singleton(Database.self) { _ in Database() }  // expect-error: Database is declared twice, at Fixture.swift:11
    }
}

import Wiring

public actor Library {
    static func open() async -> Library { Library() }
}

public struct LibraryModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { await Library.open() }
    }
}

/// A computed property resolves on every read: nothing builds the async library before it, so
/// the first read stops the program.
@MainActor
public final class BookshelfViewModel {
    public init() {}
    public var library: Library { wired() }  // expect-error: each time the computed property is read
}

public func launch() throws {
    try Container.default.install(LibraryModule())
}

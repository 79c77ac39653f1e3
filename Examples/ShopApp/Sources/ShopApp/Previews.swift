import Wiring

/// A backend for previews: a fixed catalog, at once.
struct PreviewAPIClient: APIClient {
    func products() async throws -> [Product] {
        [Product(id: 1, name: "Preview kettle", price: 1)]
    }
}

/// What previews replace in the app's wiring.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct PreviewModule: MainActorModule {
    var registrations: Registrations {
        singleton((any APIClient).self) { PreviewAPIClient() }
        singleton { SessionStore(userName: "Preview") }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Container {
    /// The app's wiring with ``PreviewModule``'s replacements, for previews:
    /// `withContainer(try Container.preview()) { CatalogView(model: CatalogViewModel()) }`.
    static func preview() throws -> Container {
        let container = Container()
        try container.install(AppModule())
        try container.install([PreviewModule()], overriding: true)
        return container
    }
}

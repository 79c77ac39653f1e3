import Mini

final class SessionStore {}           // main-actor, as the app target makes it
actor Database {}                      // an actor: its init is nonisolated
struct APIConfig: Sendable {
    let url: String
    init(url: String) { self.url = url }   // explicit init: main-actor in an app target
}

/// E1: today's Module: a main-actor factory needs the marker; an actor's init needs none.
struct TodayModule: Module {
    var registrations: [String] {
        [
            singleton { @MainActor in SessionStore() }.form,
            singleton { Database() }.form,
        ]
    }
}

/// E2: an AppModule, unmarked. Every line compiles but the last, whose value is made in the
/// (nonisolated) body itself: "call to main actor-isolated initializer 'init(url:)' in a synchronous
/// nonisolated context".
public struct ShopModule: AppModule {
    public init() {}
    public var registrations: [String] {
        [
            singleton { SessionStore() }.form,
            singleton { APIConfig(url: "https://shop.example.com") }.form,
            singleton { Database() }.form,
            nonisolatedSingleton(tag: "off main") { Database() }.form,
            instance(APIConfig(url: "https://shop.example.com")).form,
        ]
    }
}

/// E3: installed from nonisolated code in the app target.
nonisolated func installFromBackground() -> [String] { install(ShopModule()) }

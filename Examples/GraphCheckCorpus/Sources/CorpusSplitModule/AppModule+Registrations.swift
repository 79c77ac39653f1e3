import Wiring

// The registrations of `AppModule`, whose conformance is declared in `AppModule.swift`. An
// extension that does not itself declare the conformance does not inherit the protocol's result
// builder, so it names it.
extension AppModule {
    @RegistrationsBuilder var registrations: Registrations {
        instance(MailServer(host: "imap.example.com"))
        singleton((any MailboxStore).self) { r in IMAPMailboxStore(server: try r.resolve()) }
        autowire(InboxService.init(store:))
        SyncModule()
    }
}

// `SyncModule` is declared in `Services.swift`; here it conforms, and its body gets the builder
// from the conformance.
extension SyncModule: Module {
    var registrations: Registrations {
        singleton { r in BackgroundSync(store: try r.resolve()) }
    }
}

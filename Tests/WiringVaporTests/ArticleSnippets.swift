#if Vapor && Tracing
    import Testing
    import VaporTesting
    import Wiring
    import WiringVapor

    // The code of the WiringVapor catalog (Sources/WiringVapor/Documentation.docc),
    // compiled and run. The core's `DocSnippetTests` checks that every Swift block of the article
    // appears here verbatim.

    struct Signup: Content {
        let email: String
    }

    final class Mailer: Sendable {
        let sent = Journal()
        func sendWelcome(to email: String) { sent.record(email) }
    }

    struct MailModule: Module {
        var registrations: Registrations {
            singleton { Mailer() }
        }
    }

    extension Request.Services {
        var mailer: Mailer {
            get throws { try request.resolve(Mailer.self) }
        }
    }

    @Suite("WiringVapor's article")
    struct ArticleSnippets {
        @Test("the overview's app: a module, the middleware with its roots, a handler that resolves")
        func overview() async throws {
            try await withApp { app in
                try app.wiring.install(MailModule())
                app.middleware.use(WiringMiddleware(app, roots: [Mailer.self]))
                app.post("welcome") { req in
                    try req.resolve(Mailer.self).sendWelcome(to: try req.content.decode(Signup.self).email)
                    return HTTPStatus.accepted
                }
                app.get("mailer") { req in
                    try req.services.mailer === (try app.wiring.resolve(Mailer.self)) ? "same" : "other"
                }
                try await app.testing().test(
                    .POST,
                    "welcome",
                    beforeRequest: { try $0.content.encode(Signup(email: "ada@example.com")) }
                ) { response in
                    #expect(response.status == .accepted)
                }
                try await app.testing().test(.GET, "mailer") { response in #expect(response.body.string == "same") }
                #expect(try app.wiring.resolve(Mailer.self).sent.all == ["ada@example.com"])
            }
        }
    }
#endif

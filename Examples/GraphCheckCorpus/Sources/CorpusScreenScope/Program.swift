/// Shape (app target): a scope per screen. The editor's draft is `scoped(in: .editor)`; the
/// screen's two view models are made inside `withContainer(screen) { … }` and share it; the
/// document store is a singleton that does not read the draft; the draft is handed to the
/// store as an argument when the user saves, and the screen's scope is closed.
///
/// Why it is correct: the only reads of the draft are view models made inside an open scope
/// named `editor`. The singleton takes the draft's text as a method argument, which is not a
/// dependency; so nothing holds a scoped instance longer than its scope.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

extension ScopeName {
    nonisolated static let editor: ScopeName = "editor"
}

@Observable
final class Draft {
    var text = ""
    var isOpen = true
}

/// Saved documents: lives as long as the app.
@Observable
final class DocumentStore {
    private(set) var saved: [String] = []

    func save(_ text: String) {
        saved.append(text)
    }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        singleton { DocumentStore() }
        scoped(in: .editor) { Draft() }
            .onDispose { @MainActor draft async in draft.isOpen = false }
    }
}

@Observable
final class EditorViewModel {
    @ObservationIgnored @Wired var draft: Draft
    @ObservationIgnored @Wired var store: DocumentStore

    init() {}

    func type(_ text: String) {
        draft.text += text
    }

    func save() {
        store.save(draft.text)
    }
}

@Observable
final class WordCountViewModel {
    private let draft: Draft = wired()

    init() {}

    var words: Int { draft.text.split(separator: " ").count }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let screen = container.makeScope(.editor)
        let editor = withContainer(screen) { EditorViewModel() }
        let counter = withContainer(screen) { WordCountViewModel() }
        editor.type("hello scoped world")
        editor.save()
        guard counter.words == 3, try container.resolve(DocumentStore.self).saved == ["hello scoped world"] else {
            throw CorpusFailure(message: "the editor's screen did not share its draft")
        }
        let draft = editor.draft
        try await screen.close()
        guard !draft.isOpen else {
            throw CorpusFailure(message: "closing the screen did not dispose its draft")
        }

        var options = ValidationOptions(dryRun: true)
        options.make(in: .editor) { EditorViewModel() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}

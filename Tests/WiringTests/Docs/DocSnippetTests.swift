import Foundation
import Testing

/// Every Swift block of the README and of every DocC article must appear in a snippet file that a
/// test target compiles (and, where the snippet shows behaviour, runs): a document cannot show
/// code that does not compile.
///
/// A block is matched paragraph by paragraph (runs of lines between blank lines), each verbatim up
/// to indentation, so a snippet file may wrap a paragraph of top-level statements in a function.
/// Every Markdown file with a Swift block must be listed: a new article without snippets fails.
@Suite("Documentation snippets")
struct DocSnippetTests {
    static let articles: [(article: String, snippets: [String])] = [
        ("README.md", ["Tests/WiringReadmeTests/ReadmeSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/Wiring.md", ["Tests/WiringTests/Docs/CatalogSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/GettingStarted.md", ["Tests/WiringReadmeTests/GettingStartedSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/RegisteringAndLifetimes.md", ["Tests/WiringTests/Docs/RegisteringSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/DeclaringModules.md", ["Tests/WiringReadmeTests/ModulesSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/ResolvingTagsAndArguments.md", ["Tests/WiringTests/Docs/RegisteringSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/CheckingTheGraphAtBuildTime.md", ["Tests/WiringTests/Docs/GraphCheckSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/StoringAndPublishing.md", ["Tests/WiringTests/Docs/CatalogSnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/Testing.md", ["Tests/WiringTestingTests/FirstTestTests.swift"]),
        (
            "Sources/Wiring/Documentation.docc/WiringInAnApp.md",
            [
                "Examples/ShopApp/Sources/ShopApp/AppModule.swift", "Examples/ShopApp/Sources/ShopApp/ViewModels.swift",
                "Examples/ShopApp/Sources/ShopApp/Previews.swift", "Examples/ShopApp/Sources/ShopApp/Playback.swift",
                "Examples/ShopApp/Tests/ShopAppTests/ShopAppTests.swift",
                "Examples/ShopApp/Tests/ShopAppTests/AsyncFactoryTests.swift",
            ]
        ),
        ("Sources/Wiring/Documentation.docc/ConcurrencyAndActors.md", ["Tests/WiringTests/Docs/ConcurrencySnippets.swift"]),
        ("Sources/Wiring/Documentation.docc/Lifecycle.md", ["Tests/WiringTests/Docs/ConcurrencySnippets.swift"]),
        ("Sources/WiringTesting/Documentation.docc/WiringTesting.md", ["Tests/WiringTestingTests/CatalogSnippets.swift"]),
        ("Sources/WiringDIContainer/Documentation.docc/WiringDIContainer.md", ["Tests/WiringDIContainerTests/CatalogSnippets.swift"]),
        (
            "Sources/WiringDIContainer/Documentation.docc/MigratingFromDIContainer.md",
            ["Tests/WiringDIContainerTests/CatalogSnippets.swift"]
        ),
        ("Sources/WiringDIKit/Documentation.docc/WiringDIKit.md", ["Tests/WiringDIKitTests/CatalogSnippets.swift"]),
        ("Sources/WiringDIKit/Documentation.docc/MigratingFromDIKit.md", ["Tests/WiringDIKitTests/CatalogSnippets.swift"]),
        ("Sources/WiringDip/Documentation.docc/WiringDip.md", ["Tests/WiringDipTests/CatalogSnippets.swift"]),
        ("Sources/WiringImpose/Documentation.docc/WiringImpose.md", ["Tests/WiringImposeTests/CatalogSnippets.swift"]),
        ("Sources/WiringSwinject/Documentation.docc/WiringSwinject.md", ["Tests/WiringSwinjectTests/CatalogSnippets.swift"]),
        (
            "Sources/WiringSwinject/Documentation.docc/MovingFromSwinject.md",
            ["Tests/WiringSwinjectTests/CatalogSnippets.swift", "Tests/WiringSwinjectTests/DiagnosticsTests.swift"]
        ),
        // The integrations' catalogs: their snippet files are compiled (and run) with the traits
        // on (`swift test --traits …`, see the README), as CI does.
        (
            "Sources/WiringHummingbird/Documentation.docc/WiringHummingbird.md",
            ["Tests/WiringHummingbirdTests/ArticleSnippets.swift"]
        ),
        (
            "Sources/WiringHummingbird/Documentation.docc/WiringInAHummingbirdServer.md",
            ["Tests/WiringHummingbirdTests/ArticleSnippets.swift", "Tests/WiringHummingbirdTests/TestingArticleSnippets.swift"]
        ),
        (
            "Sources/WiringVapor/Documentation.docc/WiringVapor.md",
            ["Tests/WiringVaporTests/ArticleSnippets.swift", "Tests/WiringVaporTests/TestingArticleSnippets.swift"]
        ),
        (
            "Sources/WiringTracing/Documentation.docc/WiringTracing.md",
            ["Tests/WiringTracingTests/ArticleSnippets.swift"]
        ),
        (
            "Sources/WiringTracing/Documentation.docc/TracingAndMetrics.md",
            ["Tests/WiringTracingTests/ArticleSnippets.swift", "Examples/Servers/Tests/TelemetrySnippetTests/ExporterSnippets.swift"]
        ),
        (
            "Sources/WiringMetrics/Documentation.docc/WiringMetrics.md",
            ["Tests/WiringTracingTests/ArticleSnippets.swift"]
        ),
        (
            "Sources/WiringLogging/Documentation.docc/WiringLogging.md",
            ["Tests/WiringLoggingTests/CatalogSnippets.swift"]
        ),
        (
            "Sources/WiringServiceLifecycle/Documentation.docc/ServicesAndGracefulShutdown.md",
            ["Tests/WiringServiceLifecycleTests/ArticleSnippets.swift"]
        ),
        (
            "Sources/WiringServiceLifecycle/Documentation.docc/WiringServiceLifecycle.md",
            ["Tests/WiringServiceLifecycleTests/ArticleSnippets.swift"]
        ),
    ]

    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file.
    static func swiftBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return blocks
    }

    /// Lines without their indentation and with runs of spaces collapsed (the formatter aligns
    /// comments differently from an article), blank lines dropped.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty }
    }

    /// The blank-line-separated paragraphs of a block, normalized. Each `import` line is a
    /// paragraph of its own: the formatter sorts a file's imports.
    static func paragraphs(of block: String) -> [[String]] {
        block.components(separatedBy: "\n")
            .split { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { normalized($0.joined(separator: "\n")) }
            .flatMap { lines -> [[String]] in
                let imports = lines.filter { $0.hasPrefix("import ") }
                let rest = lines.filter { !$0.hasPrefix("import ") }
                return imports.map { [$0] } + (rest.isEmpty ? [] : [rest])
            }
    }

    /// The READMEs (the package's, the example servers' and the benchmarks') and every DocC article.
    static func markdownFiles() throws -> [String] {
        var files = ["README.md", "Examples/Servers/README.md", "Benchmarks/README.md"]
        for sourcesPath in ["Sources"] {
            let sources = root.appendingPathComponent(sourcesPath)
            for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
                let catalog = "\(sourcesPath)/\(module)/Documentation.docc"
                let names =
                    (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
                files += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
            }
        }
        return files.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    @Test("every Markdown file with a Swift block has snippet files listed here")
    func everyArticleIsListed() throws {
        for file in try Self.markdownFiles() {
            let markdown = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            guard !Self.swiftBlocks(of: markdown).isEmpty else { continue }
            #expect(
                Self.articles.contains { $0.article == file }, "\(file) has Swift blocks but no snippet file in DocSnippetTests.articles")
        }
    }

    @Test("every Swift block of a document is compiled in its snippet files", arguments: articles.map(\.article))
    func blocksAreCompiled(article: String) throws {
        let files = try #require(Self.articles.first { $0.article == article }?.snippets)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
        var source: [String] = []
        for file in files {
            source += Self.normalized(try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8))
        }
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(!blocks.isEmpty)
        for block in blocks {
            for lines in Self.paragraphs(of: block) {
                let found = source.indices.contains { start in
                    start + lines.count <= source.count && Array(source[start..<start + lines.count]) == lines
                }
                #expect(found, "this part of \(article) is not in \(files):\n\(lines.joined(separator: "\n"))")
            }
        }
    }
}

import Foundation
import Testing

/// Every Swift block of the DocC articles below must appear, verbatim up to indentation, in its
/// snippet file, which the test target compiles and runs: an article cannot show code that does
/// not compile.
@Suite("DocC snippets")
struct DocSnippetTests {
    static let articles: [(article: String, snippets: String)] = [
        ("Sources/Wiring/Documentation.docc/GettingStarted.md", "Tests/WiringTests/Docs/GettingStartedSnippets.swift"),
        ("Sources/Wiring/Documentation.docc/RegisteringAndLifetimes.md", "Tests/WiringTests/Docs/RegisteringSnippets.swift"),
        ("Sources/Wiring/Documentation.docc/ResolvingTagsAndArguments.md", "Tests/WiringTests/Docs/RegisteringSnippets.swift"),
        ("Sources/Wiring/Documentation.docc/Testing.md", "Tests/WiringTestingTests/FirstTestTests.swift"),
        ("Sources/Wiring/Documentation.docc/ConcurrencyAndActors.md", "Tests/WiringTests/Docs/ConcurrencySnippets.swift"),
        ("Sources/Wiring/Documentation.docc/Lifecycle.md", "Tests/WiringTests/Docs/ConcurrencySnippets.swift"),
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

    @Test("every Swift block of an article is compiled in its snippet file", arguments: articles.map(\.article))
    func blocksAreCompiled(article: String) throws {
        let snippets = try #require(Self.articles.first { $0.article == article }?.snippets)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
        let source = Self.normalized(try String(contentsOf: Self.root.appendingPathComponent(snippets), encoding: .utf8))
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(!blocks.isEmpty)
        for block in blocks {
            let lines = Self.normalized(block)
            let found = source.indices.contains { start in
                start + lines.count <= source.count && Array(source[start..<start + lines.count]) == lines
            }
            #expect(found, "this block of \(article) is not in \(snippets):\n\(block)")
        }
    }
}

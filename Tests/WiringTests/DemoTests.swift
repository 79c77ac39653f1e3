import Foundation
import Testing

@Suite("Demo")
struct DemoTests {
    /// The `wiring-demo` executable, built beside the test bundle.
    static var demoURL: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("wiring-demo").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("wiring-demo")
    }

    /// Runs the demo and returns its exit status and what it printed.
    static func runDemo() throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Self.demoURL
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("the demo wires the application, shows the errors, and finishes")
    func demoRuns() throws {
        let (status, output) = try Self.runDemo()
        #expect(status == 0)
        #expect(output.contains("== Build order =="))
        #expect(output.contains("singleton"))
        #expect(output.contains("eager singleton"))
        #expect(output.contains("scoped(request)"))
        #expect(output.contains("@Wired context: request req-1, from the scope OrderPage was built in"))
        #expect(output.contains("@OptionalWired analytics: nil (not registered)"))
        #expect(output.contains("Wiring: nothing is registered for any PaymentGateway."))
        #expect(output.contains("path: StorefrontApp → CheckoutService → any PaymentGateway"))
        #expect(output.contains("To fix:"))
        #expect(output.contains("circular dependency: AuditTrail → SessionStore → AuditTrail"))
        #expect(output.contains("8 concurrent resolveAsync(DatabasePool.self): 1 connection, same instance: true"))
        #expect(output.contains("teardown: RequestLog flushed\n  teardown: DatabasePool closed"))
        #expect(output.contains("error: CheckoutService depends on any PaymentGateway, and nothing is registered for it."))
        #expect(output.contains("Wiring validation: 27 registrations, 0 errors, 1 warning."))
        #expect(output.contains("warning: UserService (singleton) holds PasswordHasher (transient) for ever"))
        // 53 edges its factories resolve, and OrderPage's @LazyWired NotificationService.
        #expect(output.contains("Wrote the graph (27 nodes, 54 edges) to "))
        #expect(output.hasSuffix("Demo finished.\n"))
    }

    @Test("every block of demo output the README shows is what the demo prints, line numbers included")
    func readmeShowsWhatTheDemoPrints() throws {
        let readme = try String(contentsOf: DocSnippetTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = Self.plainBlocks(of: readme).filter { $0.contains("wiring_demo/") }
        #expect(shown.count >= 2, "the README's error examples come from the demo")
        let (_, output) = try Self.runDemo()
        for block in shown {
            #expect(output.contains(block), "README.md shows demo output that the demo no longer prints:\n\(block)")
        }
    }

    /// The fenced blocks without a language (output, not code) of a Markdown file.
    static func plainBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var fence: (plain: Bool, lines: [Substring])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = fence {
                if line == "```" {
                    if open.plain { blocks.append(open.lines.joined(separator: "\n")) }
                    fence = nil
                } else {
                    fence?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                fence = (line == "```", [])
            }
        }
        return blocks
    }
}

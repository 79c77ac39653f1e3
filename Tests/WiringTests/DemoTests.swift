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

    @Test("the demo wires the application, shows the errors, and finishes")
    func demoRuns() throws {
        let process = Process()
        process.executableURL = Self.demoURL
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0)
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
        #expect(output.contains("Wrote the graph (27 nodes, 53 edges) to "))
        #expect(output.hasSuffix("Demo finished.\n"))
    }
}

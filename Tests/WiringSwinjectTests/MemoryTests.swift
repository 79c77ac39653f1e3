import Foundation
import Testing
import WiringSwinject

/// The resident set size of this process, from `/proc/self/status` (Linux), in bytes.
private func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
    }
    return nil
}

@Suite("Memory")
struct MemoryTests {
    @Test("a child container per request, 200,000 times, leaves memory flat")
    func childPerRequest() throws {
        let base = Container()
        base.register(Plain.self) { _ in Plain() }.inObjectScope(.container)
        func request() {
            let child = Container(parent: base)
            child.register(Counted.self) { _ in Counted() }.inObjectScope(.container)
            _ = child.synchronize().resolve(Counted.self)
            _ = child.resolve(Lazy<Plain>.self)?.instance
        }
        for _ in 0..<20_000 { request() }
        let before = try #require(residentBytes())
        for _ in 0..<200_000 { request() }
        let after = try #require(residentBytes())
        #expect(after - before < 4 << 20, "RSS grew from \(before) to \(after) bytes")
    }
}

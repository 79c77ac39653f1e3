import Testing
import Wiring

/// Counts how often tags are compared: a scope that scans its instances compares a tag with
/// every other of the same type; one that finds them by hash compares it with its own.
private final class Comparisons: Sendable {
    let count = AtomicCell<Int>(0)
}

private struct CountedTag: Hashable, Sendable {
    let value: Int
    let comparisons: Comparisons

    static func == (lhs: CountedTag, rhs: CountedTag) -> Bool {
        lhs.comparisons.count.add(1, ordering: .relaxed)
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// The tags of disposed connections, in the order of their teardowns.
private final class DisposalLog: Sendable {
    let tags = Lock<[Int]>([])
}

private final class TaggedConnection: Disposable, Sendable {
    let tag: Int
    let generation: Int
    let disposed: DisposalLog

    init(tag: Int, generation: Int = 0, disposed: DisposalLog) {
        self.tag = tag
        self.generation = generation
        self.disposed = disposed
    }

    func dispose() { disposed.tags.withLock { $0.append(tag) } }
}

/// What ``ManyScopedInstancesTests`` registers: one scoped type under many tags, each
/// instance's teardown logged.
private final class Fixture: Sendable {
    let container = Container()
    let disposed = DisposalLog()

    init(tags: Int) {
        for tag in 0..<tags { register(tag) }
    }

    func register(_ tag: Int, generation: Int = 0) {
        container.register(TaggedConnection.self, tag: tag, lifetime: .scoped) { [disposed] _ in
            TaggedConnection(tag: tag, generation: generation, disposed: disposed)
        }
    }

    var disposedTags: [Int] { disposed.tags.withLock { $0 } }
}

@Suite("A scope with many instances of one type")
struct ManyScopedInstancesTests {
    @Test("a scope of a thousand tagged instances finds each by hash, not by comparing it with the others")
    func lookupsDoNotScanTheScope() throws {
        let comparisons = Comparisons()
        let container = Container()
        let tags = (0..<1_000).map { CountedTag(value: $0, comparisons: comparisons) }
        for tag in tags {
            container.register(Int.self, tag: tag, lifetime: .scoped) { _ in tag.value }
        }
        let scope = container.makeScope()
        for tag in tags where tag.value.isMultiple(of: 2) { try scope.provide(tag.value, tag: tag) }
        for tag in tags { #expect(try scope.resolve(Int.self, tag: tag) == tag.value) }
        for tag in tags { #expect(try scope.resolve(Int.self, tag: tag) == tag.value) }
        // The registry compares each key it finds once or twice per resolve; a scan of the scope
        // compared each tag with about half of the others (about 750,000 in all).
        #expect(comparisons.count.load(ordering: .relaxed) < 10 * tags.count)
        try scope.syncClose()
    }

    @Test("each of many tagged instances is built once, cached, and provided values sit beside built ones")
    func manyInstancesAreEachCached() throws {
        let fixture = Fixture(tags: 300)
        let scope = fixture.container.makeScope()
        for tag in stride(from: 0, to: 300, by: 3) {
            try scope.provide(TaggedConnection(tag: tag, generation: 7, disposed: fixture.disposed), tag: tag)
        }
        var first: [Int: TaggedConnection] = [:]
        for tag in (0..<300).reversed() { first[tag] = try scope.resolve(TaggedConnection.self, tag: tag) }
        for tag in 0..<300 {
            let again = try scope.resolve(TaggedConnection.self, tag: tag)
            #expect(again === first[tag])
            #expect(again.tag == tag)
            #expect(again.generation == (tag.isMultiple(of: 3) ? 7 : 0))
        }
        #expect(throws: WiringError.self) {
            try scope.provide(TaggedConnection(tag: 150, disposed: fixture.disposed), tag: 150)
        }
        try scope.syncClose()
        // Built ones are disposed, newest first; provided ones belong to the caller.
        let built = (0..<300).reversed().filter { !$0.isMultiple(of: 3) }
        #expect(fixture.disposedTags == Array(built.reversed()))
    }

    @Test("a registration replaced among many gets its new instance, and the old one is disposed")
    func replacedRegistrationAmongManyIsRebuilt() throws {
        let fixture = Fixture(tags: 64)
        let scope = fixture.container.makeScope()
        for tag in 0..<64 { _ = try scope.resolve(TaggedConnection.self, tag: tag) }
        for tag in stride(from: 1, to: 64, by: 5) { fixture.register(tag, generation: 1) }
        for tag in 0..<64 {
            let connection = try scope.resolve(TaggedConnection.self, tag: tag)
            #expect(connection.tag == tag)
            #expect(connection.generation == (tag % 5 == 1 ? 1 : 0))
        }
        #expect(fixture.disposedTags == Array(stride(from: 1, to: 64, by: 5)))
        try scope.syncClose()
    }

    @Test("a reset of a scope of many instances disposes them newest first, and they are built again")
    func resetOfManyDisposesNewestFirst() throws {
        let fixture = Fixture(tags: 200)
        let scope = fixture.container.makeScope()
        let order = (0..<200).map { ($0 * 37) % 200 }
        for tag in order { _ = try scope.resolve(TaggedConnection.self, tag: tag) }
        scope.reset()
        #expect(fixture.disposedTags == order.reversed())
        let rebuilt = try scope.resolve(TaggedConnection.self, tag: order[0])
        #expect(rebuilt.tag == order[0])
        try scope.syncClose()
        #expect(fixture.disposedTags.count == 201)
    }

    /// One step of ``randomOperationsMatchTheModel()``.
    private enum Step: CaseIterable { case resolve, provide, replace, remove, reset }

    @Test("random resolves, provides, replacements, removals and resets over 40 tags match a model", arguments: 0..<4)
    func randomOperationsMatchTheModel(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let fixture = Fixture(tags: 40)
        let scope = fixture.container.makeScope()
        // What the scope must serve for each tag: its generation, and whether it was provided.
        var model: [Int: (generation: Int, provided: Bool)] = [:]
        var generations = [Int](repeating: 0, count: 40)
        var registered = Set(0..<40)
        for _ in 0..<3_000 {
            let tag = Int(random.next() % 40)
            switch Step.allCases[Int(random.next() % 5)] {
            case .resolve:
                guard registered.contains(tag) else {
                    #expect(throws: WiringError.self) { try scope.resolve(TaggedConnection.self, tag: tag) }
                    continue
                }
                let connection = try scope.resolve(TaggedConnection.self, tag: tag)
                let expected = model[tag] ?? (generations[tag], false)
                #expect(connection.tag == tag && connection.generation == expected.generation)
                model[tag] = expected
            case .provide:
                guard registered.contains(tag) else { continue }
                if model[tag] != nil {
                    #expect(throws: WiringError.self) {
                        try scope.provide(TaggedConnection(tag: tag, generation: -1, disposed: fixture.disposed), tag: tag)
                    }
                } else {
                    try scope.provide(TaggedConnection(tag: tag, generation: 1_000 + tag, disposed: fixture.disposed), tag: tag)
                    model[tag] = (1_000 + tag, true)
                }
            case .replace:
                generations[tag] += 1
                fixture.register(tag, generation: generations[tag])
                registered.insert(tag)
                // The scope's instance is the old registration's: the next resolve replaces it.
                model[tag] = nil
            case .remove:
                _ = fixture.container.remove(TaggedConnection.self, tag: tag)
                registered.remove(tag)
                model[tag] = nil
            case .reset:
                scope.reset()
                model = [:]
            }
        }
        try scope.syncClose()
    }
}

/// A small deterministic generator, so that a failing seed can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

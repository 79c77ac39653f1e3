import Foundation
import Testing
import Wiring

/// One level of a chain of distinct types: `Link<Link<…<ChainEnd>>>`.
protocol ChainLink: AnyObject, Sendable {
    var length: Int { get }
}

final class ChainEnd: ChainLink {
    var length: Int { 1 }
}

final class Link<Inner: ChainLink>: ChainLink {
    let inner: Inner
    init(inner: Inner) { self.inner = inner }
    var length: Int { inner.length + 1 }
}

/// A container with a chain of `count` distinct types, each depending on the one below it, and a
/// way to resolve the level at each depth (index 0 is `ChainEnd`, the last index the top).
struct Chain: Sendable {
    let container: Container
    let levels: [@Sendable (any Resolving) throws(WiringError) -> any ChainLink]

    init(count: Int, lifetime: Lifetime, container: Container = Container()) {
        self.container = container
        container.register(ChainEnd.self, lifetime: lifetime) { _ in ChainEnd() }
        var levels: [@Sendable (any Resolving) throws(WiringError) -> any ChainLink] = [
            { (r) throws(WiringError) in try r.resolve(ChainEnd.self) }
        ]
        func add<Inner: ChainLink>(above inner: Inner.Type, remaining: Int) {
            container.register(Link<Inner>.self, lifetime: lifetime) { r in Link(inner: try r.resolve(Inner.self)) }
            levels.append { (r) throws(WiringError) in try r.resolve(Link<Inner>.self) }
            if remaining > 1 { add(above: Link<Inner>.self, remaining: remaining - 1) }
        }
        add(above: ChainEnd.self, remaining: count - 1)
        self.levels = levels
    }

    func resolveTop() throws(WiringError) -> any ChainLink {
        try levels[levels.count - 1](container)
    }
}

/// Runs `body` on a new thread with `stackSize` bytes of stack and waits for it.
func onThread<R: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> R) -> R {
    let result = Lock<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result.withLock { $0 }!
}

@Suite("Depth: deep graphs resolve, loops are found by key, and no input overflows the stack")
struct DepthTests {
    @Test(
        "a chain of 1,000 distinct types resolves, top first or from the middle",
        arguments: [Lifetime.transient, .singleton, .graph]
    )
    func thousandDistinctTypes(lifetime: Lifetime) throws {
        let chain = Chain(count: 1_000, lifetime: lifetime)
        // On a thread with room for the deepest debug build (about 12 KB a level).
        let lengths = onThread(stackSize: 64 << 20) { () -> [Int] in
            var lengths: [Int] = []
            // Middle first: for singletons, the top then finds half the chain already built.
            if let middle = try? chain.levels[500](chain.container) { lengths.append(middle.length) }
            if let top = try? chain.resolveTop() { lengths.append(top.length) }
            return lengths
        }
        #expect(lengths == [501, 1_000])
    }

    @Test("a chain of 129 distinct types is not a cycle (it was, at the old depth limit of 128)")
    func noFalseCycleAt129() throws {
        let chain = Chain(count: 129, lifetime: .transient)
        #expect(try chain.resolveTop().length == 129)
    }

    @Test(
        "a 1,000-deep chain on a thread with a 256 KB stack resolves or throws depthExceeded, and never crashes",
        arguments: [Lifetime.transient, .singleton]
    )
    func smallStack(lifetime: Lifetime) {
        let chain = Chain(count: 1_000, lifetime: lifetime)
        // The error comes back to this thread to be described: the runtime's demangler, which
        // spells `Link<Link<…>>` 1,000 levels deep, needs more stack than the test thread has.
        // The chain comes back too, to be measured and released here: both recurse 1,000 deep.
        let outcome = onThread(stackSize: 256 << 10) { () -> Result<any ChainLink, WiringError> in
            do throws(WiringError) {
                return .success(try chain.resolveTop())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let top):
            #expect(top.length == 1_000)
        case .failure(let error):
            #expect(error.code == .depthExceeded)
            #expect(error.description.contains("stack is nearly used up"))
        }
    }

    @Test("a 1,000-deep chain inside a Task resolves or throws depthExceeded, and never crashes")
    func insideTask() async {
        let chain = Chain(count: 1_000, lifetime: .transient)
        let task = Task { () -> String in
            do throws(WiringError) {
                return "resolved \(try chain.resolveTop().length)"
            } catch {
                return error.code == .depthExceeded ? "depthExceeded" : "unexpected: \(error.code)"
            }
        }
        let outcome = await task.value
        #expect(outcome == "resolved 1000" || outcome == "depthExceeded")
    }

    @Test("a transient loop is found by key at once, with the loop in the path")
    func loopByKey() {
        let container = Container()
        container.register(LoopA.self) { r in LoopA(b: try r.resolve()) }
        container.register(LoopB.self) { r in LoopB(a: try r.resolve()) }
        #expect {
            _ = try container.resolve(LoopA.self)
        } throws: { error in
            guard let error = error as? WiringError else { return false }
            return error.code == .cycle && error.path == ["LoopA", "LoopB", "LoopA"]
        }
    }

    @Test("the depth limit is per container, inherited by children, and throws depthExceeded with the path")
    func configurableLimit() {
        let container = Container(maximumDepth: 10)
        #expect(container.maximumDepth == 10)
        #expect(container.makeChild().maximumDepth == 10)
        #expect(Container().maximumDepth == Container.defaultMaximumDepth)
        let chain = Chain(count: 20, lifetime: .transient, container: container)
        #expect {
            _ = try chain.resolveTop()
        } throws: { error in
            guard let error = error as? WiringError else { return false }
            return error.code == .depthExceeded && error.path.count == 11
                && error.description.contains("nested deeper than the container's maximumDepth of 10 levels")
                && error.description.contains("Container(maximumDepth: …)")
        }
        #expect(throws: Never.self) { try Chain(count: 10, lifetime: .transient, container: Container(maximumDepth: 10)).resolveTop() }
    }

    @Test("a container with a depth limit below 1 stops with a message that names the fix")
    func depthLimitPrecondition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container(maximumDepth: 0)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Wiring: Container(maximumDepth: 0) cannot resolve anything."))
        #expect(stderr.contains("To fix: pass a limit of at least 1"))
    }

    @Test("recursion through runtime arguments is allowed until the depth limit")
    func recursionThroughArguments() throws {
        let container = Container(maximumDepth: 50)
        container.register(Tree.self) { (r: Resolver, depth: Int) in
            Tree(children: depth == 0 ? [] : [try r.resolve(Tree.self, arguments: depth - 1)])
        }
        #expect(try container.resolve(Tree.self, arguments: 30).height == 31)
        #expect {
            _ = try container.resolve(Tree.self, arguments: 60)
        } throws: { error in
            (error as? WiringError)?.code == .depthExceeded
        }
    }
}

final class LoopA: Sendable {
    let b: LoopB
    init(b: LoopB) { self.b = b }
}

final class LoopB: Sendable {
    let a: LoopA
    init(a: LoopA) { self.a = a }
}

final class Tree: Sendable {
    let children: [Tree]
    init(children: [Tree]) { self.children = children }
    var height: Int { 1 + (children.map(\.height).max() ?? 0) }
}

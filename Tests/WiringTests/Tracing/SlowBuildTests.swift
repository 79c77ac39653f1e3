import Foundation
import Testing
@_spi(Testing) import Wiring

/// An instrument that hears only of builds that lasted `minimum`, written down as
/// `Repository [Store []]`, and counts the builds it was asked to wrap (it should be none).
final class SlowBuilds<Tag>: ContainerInstrument {
    let minimum: Duration
    let log = Lock<[String]>([])
    let ended = Lock<[EndedBuild]>([])
    let wrapped = AtomicCell<Int>(0)

    init(minimum: Duration) { self.minimum = minimum }

    var lines: [String] { log.withLock { $0 } }
    var minimumBuildDuration: Duration? { minimum }

    func build(_ build: BuildInfo, _ body: () throws -> Void) rethrows {
        wrapped.add(1, ordering: .relaxed)
        try body()
    }

    func buildEnded(_ build: EndedBuild) {
        log.withLock { $0.append(Self.describe(build)) }
        ended.withLock { $0.append(build) }
    }

    static func describe(_ build: EndedBuild) -> String {
        let failed = build.error == nil ? "" : " failed"
        return "\(build.info.registration)\(failed) [\(build.nested.map(describe).joined(separator: ", "))]"
    }
}

enum Primary {}
enum Secondary {}

private final class QuickPart: Sendable { init() {} }
private final class SlowPart: Sendable { init(_ part: QuickPart) {} }
private final class Whole: Sendable { init(_ slow: SlowPart, _ quick: QuickPart) {} }
private struct Broken: Error {}

/// Blocks the thread for `milliseconds`.
private func pause(milliseconds: Int) {
    let end = ContinuousClock.now + .milliseconds(milliseconds)
    while ContinuousClock.now < end { usleep(1000) }
}

/// `Whole → SlowPart (30 ms) → QuickPart`, and `Whole → QuickPart`: all transient.
private func slowGraph() -> Container {
    let container = Container()
    container.register(QuickPart.self) { _ in QuickPart() }
    container.register(SlowPart.self) { r in
        pause(milliseconds: 30)
        return SlowPart(try r.resolve())
    }
    container.register(Whole.self) { r in Whole(try r.resolve(), try r.resolve()) }
    return container
}

@Suite("Instruments that hear of slow builds only")
struct SlowBuildTests {
    @Test("slow builds are reported once they end, nested, with their times and paths; quick ones and wrapping never")
    func slowBuildsNested() throws {
        let container = slowGraph()
        let instrument = SlowBuilds<Primary>(minimum: .milliseconds(20))
        container.addInstrument(instrument)
        _ = try container.resolve(QuickPart.self)
        #expect(instrument.lines.isEmpty)
        _ = try container.resolve(Whole.self)
        #expect(instrument.lines == ["Whole [SlowPart []]"])
        #expect(instrument.wrapped.load(ordering: .relaxed) == 0)
        let whole = try #require(instrument.ended.withLock { $0.first })
        let slow = try #require(whole.nested.first)
        #expect(whole.duration >= .milliseconds(30))
        #expect(slow.duration >= .milliseconds(30) && slow.duration <= whole.duration)
        #expect(slow.end <= whole.end)
        #expect(whole.info.depth == 0 && slow.info.depth == 1)
        #expect(slow.info.path == ["Whole", "SlowPart"])
        #expect(whole.info.path == ["Whole"])
    }

    @Test("each instrument hears of the builds that lasted its own minimum")
    func minimumsPerInstrument() throws {
        let container = slowGraph()
        let short = SlowBuilds<Primary>(minimum: .milliseconds(20))
        let long = SlowBuilds<Secondary>(minimum: .seconds(3600))
        container.addInstrument(short)
        container.addInstrument(long)
        _ = try container.resolve(Whole.self)
        #expect(short.lines == ["Whole [SlowPart []]"])
        #expect(long.lines.isEmpty)
    }

    @Test("a slow build that fails is reported with its error")
    func failedSlowBuild() {
        let container = Container()
        container.register(QuickPart.self) { _ in
            pause(milliseconds: 30)
            throw Broken()
        }
        let instrument = SlowBuilds<Primary>(minimum: .milliseconds(20))
        container.addInstrument(instrument)
        #expect(throws: WiringError.self) { try container.resolve(QuickPart.self) }
        #expect(instrument.lines == ["QuickPart failed []"])
    }

    @Test("beside an instrument that wraps builds, each hears of builds its own way")
    func besideAWrappingInstrument() throws {
        let container = slowGraph()
        let slow = SlowBuilds<Primary>(minimum: .milliseconds(20))
        let recording = RecordingInstrument()
        container.addInstrument(recording)
        container.addInstrument(slow)
        _ = try container.resolve(Whole.self)
        #expect(slow.lines == ["Whole [SlowPart []]"])
        #expect(slow.wrapped.load(ordering: .relaxed) == 0)
        #expect(recording.lines.filter { $0.hasPrefix("begin") }.count == 4)
    }

    @Test("a slow build of one container inside a quick-for-its-minimum build of another reaches its own instruments")
    func acrossContainers() throws {
        let inner = slowGraph()
        let innerInstrument = SlowBuilds<Primary>(minimum: .milliseconds(20))
        inner.addInstrument(innerInstrument)
        let outer = Container()
        outer.register(Whole.self) { _ in Whole(try inner.resolve(), try inner.resolve()) }
        let outerInstrument = SlowBuilds<Primary>(minimum: .seconds(3600))
        outer.addInstrument(outerInstrument)
        _ = try outer.resolve(Whole.self)
        #expect(innerInstrument.lines == ["SlowPart []"])
        #expect(outerInstrument.lines.isEmpty)
    }

    @Test(
        "a nested build's times sit inside its parent's, however the threads are scheduled",
        .timeLimit(.minutes(1))
    )
    func nestedTimesInsideTheParentsUnderPreemption() throws {
        // Every build is reported (a minimum of 1 ns), on more threads than cores, so that threads
        // are preempted at every point of a build's end. A build's end used to be read from the
        // clock after its length was measured: a thread preempted between the two reads moved its
        // build's start later than its nested builds' starts.
        let container = Container()
        container.register(QuickPart.self) { _ in QuickPart() }
        container.register(SlowPart.self) { r in SlowPart(try r.resolve()) }
        container.register(Whole.self) { r in Whole(try r.resolve(), try r.resolve()) }
        let misplaced = Lock<[String]>([])
        let instrument = NestingChecker { problem in misplaced.withLock { $0.append(problem) } }
        container.addInstrument(instrument)
        let deadline = ContinuousClock.now + .milliseconds(1500)
        race(threads: 8) { _ in
            while ContinuousClock.now < deadline {
                for _ in 0..<100 { _ = try? container.resolve(Whole.self) }
            }
        }
        #expect(instrument.checked.load(ordering: .relaxed) > 1_000)
        #expect(misplaced.withLock { Array($0.prefix(5)) } == [])
    }

    @Test("an instrument may resolve from buildEnded: what it resolves is timed on its own")
    func resolvingFromBuildEnded() throws {
        let container = slowGraph()
        let instrument = ResolvingSlowBuilds(container: container)
        container.addInstrument(instrument)
        _ = try container.resolve(SlowPart.self)
        #expect(instrument.heard.load(ordering: .relaxed) == 1)
        // The thread's record is clean: the next slow build is reported alone, not nested.
        _ = try container.resolve(SlowPart.self)
        #expect(instrument.heard.load(ordering: .relaxed) == 2)
        #expect(instrument.nestedSeen.load(ordering: .relaxed) == 0)
    }
}

/// Resolves a quick part each time it hears of a slow build.
private final class ResolvingSlowBuilds: ContainerInstrument {
    let container: Container
    let heard = AtomicCell<Int>(0)
    let nestedSeen = AtomicCell<Int>(0)
    init(container: Container) { self.container = container }
    var minimumBuildDuration: Duration? { .milliseconds(20) }
    func buildEnded(_ build: EndedBuild) {
        heard.add(1, ordering: .relaxed)
        nestedSeen.add(build.nested.count, ordering: .relaxed)
        _ = try? container.resolve(QuickPart.self)
    }
}

/// Checks that every build reported to it starts no earlier and ends no later than the build it
/// is nested in.
private final class NestingChecker: ContainerInstrument {
    let report: @Sendable (String) -> Void
    let checked = AtomicCell<Int>(0)
    init(report: @escaping @Sendable (String) -> Void) { self.report = report }
    var minimumBuildDuration: Duration? { .nanoseconds(1) }
    func buildEnded(_ build: EndedBuild) { check(build) }

    private func check(_ parent: EndedBuild) {
        for child in parent.nested {
            checked.add(1, ordering: .relaxed)
            let parentStart = parent.end - parent.duration
            let childStart = child.end - child.duration
            if childStart < parentStart {
                report("\(child.info.registration) starts \(parentStart - childStart) before \(parent.info.registration)")
            }
            if child.end > parent.end {
                report("\(child.info.registration) ends \(child.end - parent.end) after \(parent.info.registration)")
            }
            check(child)
        }
    }
}

import Foundation

/// Reports a long run's progress on standard error every 10 seconds, so that a stress or soak test
/// that takes minutes on a busy machine shows that it is moving rather than hung. Quiet for runs
/// that finish within the first interval.
struct Progress {
    private let name: String
    private let total: Int
    private let unit: String
    private let start = ContinuousClock.now
    private var nextReport: ContinuousClock.Instant

    init(_ name: String, total: Int, unit: String) {
        self.name = name
        self.total = total
        self.unit = unit
        nextReport = start + .seconds(10)
    }

    /// Notes that `done` of the total are done; prints a line if the interval has passed. Reads
    /// the clock only every 256 calls of a long loop.
    mutating func update(_ done: Int) {
        guard done & 255 == 0 || total < 10_000 else { return }
        let now = ContinuousClock.now
        guard now >= nextReport else { return }
        nextReport = now + .seconds(10)
        let elapsed = (now - start).components.seconds
        FileHandle.standardError.write(Data("[progress] \(name): \(done) of \(total) \(unit) after \(elapsed) s\n".utf8))
    }
}

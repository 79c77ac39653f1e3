#if !os(Linux)
    import struct Wiring.Lock

    /// What the doc snippets' `Mutex` is on Apple platforms: this target builds for the package's
    /// floor (macOS 13, iOS 16), below Synchronization's `Mutex` (macOS 15, iOS 18). Wiring's own
    /// lock has the same `init(_:)` and `withLock(_:)`. On Linux the snippets use the real `Mutex`.
    typealias Mutex = Lock
#endif

#if Logging
    public import Logging
    import struct Wiring.Lock

    /// A swift-log handler that keeps what it is given, for tests to read.
    public final class LogCapture: Sendable {
        /// One message as logged.
        public struct Entry: Sendable {
            public let level: Logger.Level
            public let message: String
            public let metadata: Logger.Metadata
        }

        private let entries = Lock<[Entry]>([])

        public init() {}

        /// Everything logged so far, in order.
        public var all: [Entry] { entries.withLock { $0 } }

        /// A logger that writes here, at `level` and above.
        public func logger(level: Logger.Level = .trace) -> Logger {
            var logger = Logger(label: "test") { _ in Handler(capture: self) }
            logger.logLevel = level
            return logger
        }

        fileprivate func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

        private struct Handler: LogHandler {
            let capture: LogCapture
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                capture.append(
                    Entry(
                        level: event.level,
                        message: "\(event.message)",
                        metadata: metadata.merging(event.metadata ?? [:]) { $1 }
                    ))
            }
        }
    }
#endif

import Wiring

/// How much a ``DependencyContainer`` reports through ``logger``.
public enum LogLevel: Int, Sendable {
    /// Nothing.
    case None
    /// Resolution errors (the default).
    case Errors
    /// Errors, and every resolve.
    case Verbose
}

/// The settings behind ``logLevel`` and ``logger``: Dip's global variables, made safe to read
/// and change from any thread.
private struct LoggingSettings: Sendable {
    var level: LogLevel = .Errors
    var logger: UncheckedBox<(LogLevel, Any) -> Void> = UncheckedBox { print($1) }
}

private let loggingSettings = Lock(LoggingSettings())

/// `loggingSettings.level`, readable without the lock: every resolve asks it, and rarely logs.
/// Written under the lock, with the level it mirrors.
private let enabledLevel = AtomicCell<Int>(LogLevel.Errors.rawValue)

/// The most detailed level that is logged: `.Errors` by default.
///
/// Dip's global variable, here backed by a lock, so `logLevel = .Verbose` keeps working under
/// Swift 6 and may be changed from any thread.
public var logLevel: LogLevel {
    get { loggingSettings.withLock { $0.level } }
    set {
        loggingSettings.withLock {
            $0.level = newValue
            enabledLevel.store(newValue.rawValue, ordering: .relaxed)
        }
    }
}

/// Where log messages go: `print` by default.
///
/// Dip's global variable, here backed by a lock: `logger = { level, message in … }` keeps
/// working. It is called on the resolving thread, outside the lock.
public var logger: (LogLevel, Any) -> Void {
    get { loggingSettings.withLock { $0.logger }.value }
    set { loggingSettings.withLock { $0.logger = UncheckedBox(newValue) } }
}

/// Whether `level` may be logged (``logLevel`` decides), read without a lock.
@usableFromInline
func logs(_ level: LogLevel) -> Bool {
    level != .None && level.rawValue <= enabledLevel.load(ordering: .relaxed)
}

/// Sends `message` to ``logger`` if `level` is enabled.
func log(_ level: LogLevel, _ message: @autoclosure () -> Any) {
    guard logs(level) else { return }
    let (enabled, sink) = loggingSettings.withLock { ($0.level, $0.logger) }
    guard level.rawValue <= enabled.rawValue else { return }
    sink.value(level, message())
}

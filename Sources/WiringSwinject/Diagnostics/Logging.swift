internal import Wiring

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Container {
    /// Where containers log what they could not resolve: by default the standard output, when
    /// the environment variable `SWINJECT_LOGGING_ENABLED` is `1` (as in Swinject 2.10.0);
    /// set a function to receive every message instead, or `nil` to go back to the default.
    public static var loggingFunction: (@Sendable (String) -> Void)? {
        get { logging.withLock { $0 } }
        set { logging.withLock { $0 = newValue } }
    }

    /// The function that logs now, or `nil` when nothing would: then no message is built.
    static var activeLoggingFunction: (@Sendable (String) -> Void)? {
        if let custom = loggingFunction { return custom }
        return loggingEnabledByEnvironment ? printMessage : nil
    }

    private static let printMessage: @Sendable (String) -> Void = { print($0) }

    private static let logging = Lock<(@Sendable (String) -> Void)?>(nil)

    private static let loggingEnabledByEnvironment: Bool = {
        guard let value = getenv("SWINJECT_LOGGING_ENABLED") else { return false }
        return String(cString: value) == "1"
    }()
}

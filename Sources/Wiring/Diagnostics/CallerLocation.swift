#if canImport(Runtime)
    import Runtime
#endif

/// Where the code that called into Wiring is, read from the call stack. For the one place that
/// cannot take `#fileID` and `#line` arguments: a property wrapper's getter, which is how a
/// `@LazyWired` property is read. Used only on the way to stopping the program.
enum CallerLocation {
    /// The first line, outside Wiring's own sources, of the stack below its frames: the line
    /// that read the property, as `/path/to/File.swift:40`. `nil` when the stack carries no
    /// line information (a build without debug information) or the platform has no backtrace
    /// API (Apple platforms before their 26 releases).
    static func outsideWiring() -> String? {
        #if canImport(Runtime)
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                guard let frames = try? Backtrace.capture(limit: 48).symbolicated()?.frames else { return nil }
                var insideWiring = false
                for frame in frames {
                    // Line 0 is code the compiler made (thunks), which no one wrote.
                    guard let location = frame.symbol?.sourceLocation, location.line > 0 else { continue }
                    if location.path.hasPrefix(wiringSources) {
                        insideWiring = true
                    } else if insideWiring {
                        return "\(location.path):\(location.line)"
                    }
                }
            }
        #endif
        return nil
    }

    /// What a message says when the reading line is not known.
    static let unknownReadSite =
        "not known (this build or platform gives no line information); it is the frame below LazyWired.wrappedValue in the backtrace"

    /// The directory of Wiring's own source files, as the compiler recorded them:
    /// `…/Sources/Wiring/`, from this file's `…/Sources/Wiring/Diagnostics/CallerLocation.swift`.
    private static let wiringSources: String = {
        var path = "\(#filePath)"
        for _ in 0..<2 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path + "/"
    }()
}

#if GraphCheck
    import Foundation

    /// The Swift file the target compiles: one `#error` per finding, at the finding's file, line
    /// and column, so that the compiler reports it there and the build fails. (Why an `#error`
    /// rather than a line the tool prints: the compiler's own diagnostic is what Xcode shows at the
    /// line, and what fails the build, in both.)
    struct ErrorFile {
        let findings: [Finding]

        var contents: String {
            guard !findings.isEmpty else { return "// WiringGraphCheck: the graph it can read is sound.\n" }
            var lines = ["// WiringGraphCheck: \(findings.count) mistake(s) in the graph."]
            for finding in findings {
                lines.append("#sourceLocation(file: \(Self.literal(finding.point.file)), line: \(finding.point.line))")
                // The compiler reports an `#error` at its message, 7 columns after `#error(`.
                let indent = max(0, finding.point.column - 1 - "#error(".count)
                lines.append(String(repeating: " ", count: indent) + "#error(\(Self.literal(finding.message)))")
                lines.append("#sourceLocation()")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// Writes the file, unless it already holds the same text (so that an unchanged graph
        /// recompiles nothing).
        func write(to path: String) throws {
            let text = contents
            if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// `text` as a Swift string literal.
        private static func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }
#endif

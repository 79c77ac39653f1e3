#if GraphCheck
    import Foundation

    /// Prints the findings and notes once, as the compiler prints its own: `path:line:column:
    /// error: message`, which SwiftPM shows and Xcode places at the line, followed by the user's
    /// own line with a caret under the column.
    struct Diagnostics {
        let program: Program

        /// The text to print for `findings` and `notes`, errors first.
        func text(findings: [Finding], notes: [Note]) -> String {
            var text = ""
            for finding in findings {
                text += entry(finding.location, "error", finding.message)
            }
            for note in notes.sorted(by: { $0.location < $1.location }) {
                text += entry(note.location, "note", note.text)
            }
            return text
        }

        private func entry(_ location: Location, _ severity: String, _ message: String) -> String {
            let path = program.files[location.file].path
            var text = "\(path):\(location.point.line):\(location.point.column): \(severity): \(message)\n"
            if let line = sourceLine(path, location.point.line) {
                let number = String(location.point.line)
                let gutter = String(repeating: " ", count: number.count)
                text += "\(number) | \(line)\n"
                text += "\(gutter) | \(String(repeating: " ", count: max(0, location.point.column - 1)))^\n"
            }
            return text
        }

        /// Line `number` of the file at `path`, if it can be read.
        private func sourceLine(_ path: String, _ number: Int) -> String? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            guard number >= 1, number <= lines.count else { return nil }
            return String(lines[number - 1])
        }
    }
#endif

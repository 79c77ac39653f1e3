#if GraphCheck
    import Foundation

    /// Each file's summary, kept between builds in the plugin's work directory and keyed by the
    /// file's contents: a file whose size and modification date are unchanged is not read again,
    /// one whose contents hash the same is not parsed again, and only the others are. A summary
    /// made by another build of the tool is never used (the tool's own size and date are part of
    /// the key), so a changed reader cannot leave stale facts behind.
    struct SummaryCache {
        private struct Entry: Codable {
            var size: Int
            var modified: Double
            var hash: UInt64
            var summary: FileSummary
        }

        private struct Stored: Codable {
            var tool: String
            var entries: [String: Entry]
        }

        /// A file that could not be read.
        struct ReadFailure: Error {
            let path: String
            let underlying: any Error
        }

        private let location: String?
        private let tool: String
        private var entries: [String: Entry] = [:]
        private var changed = false
        /// How many files were parsed this run (the others came from the cache).
        private(set) var parsed = 0

        /// Loads the cache at `location` (none: every file is parsed, nothing is kept).
        init(location: String?) {
            self.location = location
            tool = Self.toolIdentity()
            guard let location, let data = FileManager.default.contents(atPath: location),
                let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.tool == tool
            else { return }
            entries = stored.entries
        }

        /// The summary of the file at `path`, from the cache when its contents are unchanged.
        mutating func summary(of path: String) throws(ReadFailure) -> FileSummary {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            if let entry = entries[path], entry.size == size, entry.modified == modified { return entry.summary }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ReadFailure(path: path, underlying: error)
            }
            let hash = Self.hash(data)
            changed = true
            if let entry = entries[path], entry.hash == hash {
                entries[path] = Entry(size: size, modified: modified, hash: hash, summary: entry.summary)
                return entry.summary
            }
            parsed += 1
            let summary = FileSummarizer.summarize(String(decoding: data, as: UTF8.self), path: path)
            entries[path] = Entry(size: size, modified: modified, hash: hash, summary: summary)
            return summary
        }

        /// Writes the cache back if anything changed, keeping only `paths`' entries. A cache that
        /// cannot be written costs the next build a full read, nothing more.
        mutating func save(keeping paths: [String]) {
            guard let location else { return }
            let kept = Set(paths)
            if entries.keys.contains(where: { !kept.contains($0) }) {
                entries = entries.filter { kept.contains($0.key) }
                changed = true
            }
            guard changed, let data = try? JSONEncoder().encode(Stored(tool: tool, entries: entries)) else { return }
            try? data.write(to: URL(fileURLWithPath: location), options: .atomic)
        }

        /// FNV-1a over the file's bytes.
        private static func hash(_ data: Data) -> UInt64 {
            data.withUnsafeBytes { bytes in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
                return hash
            }
        }

        /// This build of the tool: its executable's size and modification date.
        private static func toolIdentity() -> String {
            let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(size)-\(modified)"
        }
    }
#endif

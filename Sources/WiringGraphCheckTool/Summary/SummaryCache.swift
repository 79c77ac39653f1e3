#if GraphCheck
    import Foundation

    /// Each file's summary, kept between builds in a folder of the plugin's work directory (one
    /// file per source file) and keyed by the source's contents: a source whose size and
    /// modification date are unchanged is not read again, one whose contents hash the same is not
    /// parsed again, and only the others are — and only their summaries are written back. A
    /// summary made by another build of the tool is never used (the tool's own size and date are
    /// kept beside them, and a change empties the folder), so a changed reader cannot leave stale
    /// facts behind.
    struct SummaryCache {
        private struct Entry: Codable {
            var path: String
            var size: Int
            var modified: Double
            var hash: UInt64
            var summary: FileSummary
        }

        /// A file that could not be read.
        struct ReadFailure: Error {
            let path: String
            let underlying: any Error
        }

        private let folder: URL?
        /// The entries to write back: the summaries made or re-dated this run.
        private var changed: [String: Entry] = [:]
        /// How many files were parsed this run (the others came from the cache).
        private(set) var parsed = 0

        /// Opens the cache folder `location` (none: every file is parsed, nothing is kept).
        init(location: String?) {
            guard let location else {
                folder = nil
                return
            }
            let folder = URL(fileURLWithPath: location, isDirectory: true)
            self.folder = folder
            let identity = folder.appendingPathComponent("tool")
            let tool = Self.toolIdentity()
            if (try? String(contentsOf: identity, encoding: .utf8)) != tool {
                try? FileManager.default.removeItem(at: folder)
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? tool.write(to: identity, atomically: true, encoding: .utf8)
            }
        }

        /// The summary of the file at `path`, from the cache when its contents are unchanged.
        mutating func summary(of path: String) throws(ReadFailure) -> FileSummary {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let kept = entry(for: path)
            if let kept, kept.size == size, kept.modified == modified { return kept.summary }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ReadFailure(path: path, underlying: error)
            }
            let hash = Self.hash(data)
            let summary: FileSummary
            if let kept, kept.hash == hash {
                summary = kept.summary
            } else {
                parsed += 1
                summary = FileSummarizer.summarize(String(decoding: data, as: UTF8.self), path: path)
            }
            changed[path] = Entry(path: path, size: size, modified: modified, hash: hash, summary: summary)
            return summary
        }

        /// Writes back what changed, and removes the summaries of files no longer among `paths`.
        /// A cache that cannot be written costs the next build a full read, nothing more.
        func save(keeping paths: [String]) {
            guard let folder else { return }
            let encoder = JSONEncoder()
            for (path, entry) in changed {
                guard let data = try? encoder.encode(entry) else { continue }
                try? data.write(to: file(for: path), options: .atomic)
            }
            let wanted = Set(paths.map { file(for: $0).lastPathComponent })
            let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in present where name.hasSuffix(".json") && !wanted.contains(name) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }

        /// The kept entry of `path`, if any (and if it is that file's: names are hashes).
        private func entry(for path: String) -> Entry? {
            guard folder != nil, let data = FileManager.default.contents(atPath: file(for: path).path),
                let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.path == path
            else { return nil }
            return entry
        }

        /// Where the summary of `path` is kept.
        private func file(for path: String) -> URL {
            let name = String(Self.hash(Data(path.utf8)), radix: 16) + ".json"
            return (folder ?? URL(fileURLWithPath: "/")).appendingPathComponent(name)
        }

        /// FNV-1a over `data`'s bytes.
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

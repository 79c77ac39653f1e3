#if GraphCheck
    import Foundation

    /// The tool's one command: summarize the sources (from the cache where they are unchanged),
    /// join them into one program, check it, print each finding once, and fail when there is one.
    ///
    ///     WiringGraphCheckTool --output OUT.swift [--cache FOLDER] [--test] [--top]
    ///         --module NAME [--sees A,B] FILE... [--module NAME [--sees …] FILE...]...
    ///
    /// The first `--module` is the checked target; the others are the same package's targets it
    /// depends on, each with the modules it may import (`--sees`). `--test`: the target holds
    /// tests. `--top`: no other target of the package depends on it.
    enum GraphCheckCommand {
        struct Arguments {
            var output = ""
            var cache: String?
            var isTest = false
            var isTop = false
            var timing = false
            var modules: [(name: String, sees: Set<String>, files: [String])] = []
        }

        static let usage =
            "usage: WiringGraphCheckTool --output OUT.swift [--cache FOLDER] [--test] [--top] --module NAME [--sees A,B] FILE... [--module …]\n"

        /// Runs the check; returns the exit status.
        static func run(_ arguments: [String]) -> Int32 {
            guard let parsed = parse(arguments) else {
                FileHandle.standardError.write(Data(usage.utf8))
                return 64
            }
            let started = Date()
            var cache = SummaryCache(location: parsed.cache)
            var files: [Program.File] = []
            for (number, module) in parsed.modules.enumerated() {
                for path in module.files {
                    do {
                        files.append(Program.File(path: path, module: number, summary: try cache.summary(of: path)))
                    } catch {
                        FileHandle.standardError.write(
                            Data("error: WiringGraphCheck could not read \(error.path): \(error.underlying)\n".utf8))
                        return 1
                    }
                }
            }
            cache.save(keeping: files.map(\.path))
            let summarized = Date()
            let program = Program(
                modules: parsed.modules.map { Program.SwiftModule(name: $0.name, sees: $0.sees) }, files: files, ownModule: 0)
            let (findings, notes) = GraphChecks(program: program, isTestTarget: parsed.isTest, isTop: parsed.isTop).run()
            let text = Diagnostics(program: program).text(findings: findings, notes: notes)
            if parsed.timing {
                let checked = Date().timeIntervalSince(summarized)
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "WiringGraphCheck: %d files (%d parsed) in %.3f s, checked in %.3f s\n", files.count, cache.parsed,
                            summarized.timeIntervalSince(started), checked
                        ).utf8))
            }
            if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
            do {
                try writeOutput(to: parsed.output)
            } catch {
                FileHandle.standardError.write(Data("error: WiringGraphCheck could not write \(parsed.output): \(error)\n".utf8))
                return 1
            }
            return findings.isEmpty ? 0 : 1
        }

        /// The file the target compiles: SwiftPM needs a build command to produce one. It holds
        /// nothing, and is written only when missing, so that a check that changes nothing
        /// recompiles nothing.
        private static func writeOutput(to path: String) throws {
            let text = "// WiringGraphCheck reports its findings when it runs; this file holds nothing.\n"
            if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        static func parse(_ arguments: [String]) -> Arguments? {
            var parsed = Arguments()
            var index = 0
            func next() -> String? {
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--output":
                    guard let value = next() else { return nil }
                    parsed.output = value
                case "--cache":
                    guard let value = next() else { return nil }
                    parsed.cache = value
                case "--test": parsed.isTest = true
                case "--top": parsed.isTop = true
                case "--timing": parsed.timing = true
                case "--module":
                    guard let value = next() else { return nil }
                    parsed.modules.append((value, [], []))
                case "--sees":
                    guard let value = next(), !parsed.modules.isEmpty else { return nil }
                    parsed.modules[parsed.modules.count - 1].sees = Set(value.split(separator: ",").map(String.init))
                default:
                    guard !argument.hasPrefix("--"), !parsed.modules.isEmpty else { return nil }
                    parsed.modules[parsed.modules.count - 1].files.append(argument)
                }
                index += 1
            }
            guard !parsed.output.isEmpty, !parsed.modules.isEmpty else { return nil }
            return parsed
        }
    }
#endif

#if GraphCheck
    import Foundation

    /// The tool's one command: read the sources, check every set of modules, write the findings.
    enum GraphCheckCommand {
        /// Runs the check on `arguments` (the output file, then the sources); returns the exit status.
        static func run(_ arguments: [String]) -> Int32 {
            guard let output = arguments.first, arguments.count >= 2 else {
                FileHandle.standardError.write(Data("usage: WiringGraphCheckTool OUTPUT.swift SOURCE.swift...\n".utf8))
                return 64
            }
            let sources: SourceSet
            do {
                sources = try SourceSet(paths: Array(arguments.dropFirst()))
            } catch {
                FileHandle.standardError.write(Data("error: WiringGraphCheck could not read \(error.path): \(error.underlying)\n".utf8))
                return 1
            }
            let findings = GraphChecks(sources: sources).findings()
            do {
                try ErrorFile(findings: findings).write(to: output)
            } catch {
                FileHandle.standardError.write(Data("error: WiringGraphCheck could not write \(output): \(error)\n".utf8))
                return 1
            }
            return 0
        }
    }
#endif

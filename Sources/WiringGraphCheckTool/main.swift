// WiringGraphCheckTool: what the WiringGraphCheck build-tool plugin runs on a target's sources.
//
// It summarizes each source file (keeping the summaries between builds, so that only the files
// that changed are parsed again), looks every written type up as the compiler would, checks the
// modules, the sets the target installs and its types' call-site injection, and prints each
// mistake once as `File.swift:LINE:COL: error: …` with the line under it. It exits with status 1
// when there is one, which fails the build in `swift build` and in Xcode alike. Without Wiring's
// `GraphCheck` trait it is built without swift-syntax and says so in one line.
import Foundation

#if GraphCheck
    exit(GraphCheckCommand.run(Array(CommandLine.arguments.dropFirst())))
#else
    FileHandle.standardError.write(
        Data(
            "error: WiringGraphCheck needs Wiring's GraphCheck trait: add traits: [\"GraphCheck\"] to the .package line that adds Wiring\n"
                .utf8))
    exit(1)
#endif

// WiringGraphCheckTool: what the WiringGraphCheck build-tool plugin runs on a target's sources.
//
//     WiringGraphCheckTool OUTPUT.swift SOURCE.swift...
//
// It reads the modules the sources declare and writes OUTPUT.swift, which the target compiles:
// empty when the graph is sound, else one `#error` per mistake, placed with `#sourceLocation` at
// the line that makes it, so that the compiler reports `File.swift:LINE:COL: error: …` there
// (in `swift build` and in Xcode alike) and the build fails. Without Wiring's `GraphCheck` trait
// it is built without swift-syntax and says so in one line.
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

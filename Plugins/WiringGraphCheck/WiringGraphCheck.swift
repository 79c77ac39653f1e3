import Foundation
import PackagePlugin

/// Checks a target's Wiring graph when it builds: runs WiringGraphCheckTool on the target's Swift
/// files and those of the same package's targets it depends on, and compiles what the tool
/// writes, which holds an `#error` at each mistake's line. The tool runs again only when one of
/// those files changes.
@main
struct WiringGraphCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        var ownTargets = Set(context.package.targets.map(\.id))
        if context.package.displayName == "Wiring" {
            // Wiring's own examples (ShopApp, the demo) depend on its libraries, which are not
            // the app's code: for any other package they are another package's targets.
            let libraries = context.package.directoryURL.appending(path: "Sources").standardizedFileURL.path
            ownTargets.subtract(
                context.package.targets.filter { $0.directoryURL.deletingLastPathComponent().standardizedFileURL.path == libraries }.map(
                    \.id))
        }
        var files = target.sourceFiles(withSuffix: "swift").map(\.url)
        for dependency in target.recursiveTargetDependencies where ownTargets.contains(dependency.id) {
            guard let module = dependency as? SwiftSourceModuleTarget else { continue }
            files += module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "WiringGraphCheck.swift")
        return [
            .buildCommand(
                displayName: "Checking the Wiring graph of \(target.name)",
                executable: try context.tool(named: "WiringGraphCheckTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}

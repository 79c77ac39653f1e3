import Foundation
import PackagePlugin

/// Checks a target's Wiring graph when it builds: runs WiringGraphCheckTool on the target's Swift
/// files and those of the same package's targets it depends on (each as the Swift module it is,
/// with the modules it may import), keeping each file's summary in the plugin's work directory.
/// The tool runs again only when one of those files changes, and reads again only the files that
/// did; it prints each mistake once and fails the build.
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
        let dependencies = target.recursiveTargetDependencies.compactMap { dependency -> SwiftSourceModuleTarget? in
            guard ownTargets.contains(dependency.id) else { return nil }
            return dependency as? SwiftSourceModuleTarget
        }
        var arguments = [
            "--output", context.pluginWorkDirectoryURL.appending(path: "WiringGraphCheck.swift").path,
            "--cache", context.pluginWorkDirectoryURL.appending(path: "summaries").path,
        ]
        if target.kind == .test { arguments.append("--test") }
        // No other (non-test) target of the package builds on this one: what it installs into
        // `Container.default` is the whole launch the tool can know of.
        let dependents = context.package.targets.filter { other in
            other.id != target.id && (other as? SwiftSourceModuleTarget)?.kind != .test
                && other.recursiveTargetDependencies.contains { $0.id == target.id }
        }
        if dependents.isEmpty { arguments.append("--top") }
        var inputs: [URL] = []
        for module in [target] + dependencies {
            let files = module.sourceFiles(withSuffix: "swift").map(\.url)
            let sees = module.recursiveTargetDependencies.filter { ownTargets.contains($0.id) }.compactMap {
                ($0 as? SwiftSourceModuleTarget)?.moduleName
            }
            arguments += ["--module", module.moduleName]
            if !sees.isEmpty { arguments += ["--sees", sees.joined(separator: ",")] }
            arguments += files.map(\.path)
            inputs += files
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "WiringGraphCheck.swift")
        return [
            .buildCommand(
                displayName: "Checking the Wiring graph of \(target.name)",
                executable: try context.tool(named: "WiringGraphCheckTool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

import Foundation
import PackagePlugin

/// Compiles LiveUI's client (every file at the top of the package's `Public/` folder: `liveui.js`, the ES
/// modules it imports, `liveui.css`) into the target it is applied to, so that any app built with LiveUI
/// serves it whatever its working directory. See docs/client-assets.md.
@main
struct ClientAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Public", directoryHint: .isDirectory)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
        let inputs = names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }.filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        guard inputs.contains(where: { $0.lastPathComponent == "liveui.js" }) else {
            throw ClientAssetsError(message: "\(folder.path(percentEncoded: false)) holds no liveui.js")
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ClientAssets+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding the LiveUI client (\(inputs.count) files)",
                executable: try context.tool(named: "EmbedClientAssets").url,
                arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}

/// Why the client cannot be embedded.
struct ClientAssetsError: Error, CustomStringConvertible {
    let message: String
    var description: String { "ClientAssetsPlugin: \(message)" }
}

// Writes the Swift source that compiles LiveUI's client (the files of the package's `Public/` folder) into
// the LiveUIServer library: each file's bytes as a base64 string literal (a string literal compiles in
// moments; an array literal of the same bytes takes the type checker minutes), with its SHA-256 and the
// bundle's version, a hash of every file's name and digest.
//
//     EmbedClientAssets OUTPUT.swift FILE...
//
// Run by the ClientAssetsPlugin build tool plugin; see docs/client-assets.md.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, !arguments.dropFirst().isEmpty else {
    FileHandle.standardError.write(Data("usage: EmbedClientAssets OUTPUT.swift FILE...\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedClientAssets: error: \(message)\n".utf8))
    exit(1)
}

struct Embedded {
    let name: String
    let digest: String
    let base64: String
}

let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
var files: [Embedded] = []
for path in arguments.dropFirst() {
    let name = (path as NSString).lastPathComponent
    guard !name.hasPrefix("."), name.allSatisfy(allowed.contains) else {
        fail("\(path): a client file's name is letters, digits, '.', '_' and '-' only")
    }
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    files.append(Embedded(name: name, digest: SHA256.hex(bytes), base64: data.base64EncodedString()))
}
files.sort { $0.name < $1.name }
guard Set(files.map(\.name)).count == files.count else { fail("two client files share a name") }

let manifest = files.map { "\($0.name) \($0.digest)\n" }.joined()
let version = String(SHA256.hex(Array(manifest.utf8)).prefix(16))

var source = """
    // Generated at build time by EmbedClientAssets (the ClientAssetsPlugin) from LiveUI's Public/ folder.
    // Edit the files in Public/, not this one.

    extension ClientAssets {
        /// The bundle's version: a hash of every file's name and SHA-256.
        static let embeddedVersion = "\(version)"

        /// LiveUI's client files: name, SHA-256 (hex), contents in base64.
        static let embeddedFiles: [(name: String, digest: String, base64: String)] = [

    """
for file in files {
    source += "        (name: \"\(file.name)\", digest: \"\(file.digest)\",\n         base64: \"\(file.base64)\"),\n"
}
source += "    ]\n}\n"

let url = URL(fileURLWithPath: output)
// Rewritten only when it changed: an unchanged file keeps LiveUIServer from being compiled again.
if FileManager.default.contents(atPath: output) != Data(source.utf8) {
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: url, options: .atomic)
    } catch {
        fail("cannot write \(output): \(error)")
    }
}

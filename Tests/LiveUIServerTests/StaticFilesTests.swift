import Foundation
import Testing
@testable import LiveUIServer

/// The package's `Public/` folder, which the library embeds.
private let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Public")

/// The files of `Public/`, by name.
private func clientSources() throws -> [String: Data] {
    let names = try FileManager.default.contentsOfDirectory(atPath: publicFolder.path).filter { !$0.hasPrefix(".") }
    var files: [String: Data] = [:]
    for name in names { files[name] = FileManager.default.contents(atPath: publicFolder.appendingPathComponent(name).path) }
    return files
}

@Suite("Static files under /public/")
struct StaticFilesTests {
    @Test("every file of Public/ is embedded and served, with its bytes, its content type and a content-hash ETag")
    func clientServed() async throws {
        let t = try TestServer()
        let sources = try clientSources()
        #expect(Set(sources.keys) == Set(ClientAssets.embedded.files.keys))
        #expect(sources.keys.contains("liveui.css"))
        for module in ["liveui.js", "constants.js", "events.js", "patch.js", "stream.js", "transport.js", "updates.js"] {
            #expect(sources[module] != nil, "\(module)")
        }
        for (name, bytes) in sources {
            let r = try await http(t.port, "GET", "/public/\(name)")
            #expect(r.status == 200, "\(name)")
            #expect(r.body == String(decoding: bytes, as: UTF8.self), "\(name)")
            let type = name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"
            #expect(r.header("Content-Type") == type, "\(name)")
            #expect(r.header("Cache-Control") == "no-cache", "\(name)")
            let etag = try #require(r.header("ETag"))
            #expect(etag.count == 34 && etag.hasPrefix("\"") && etag.dropFirst().dropLast().allSatisfy(\.isHexDigit))
        }
        await t.shutdown()
    }

    @Test("every relative import of every module names an embedded file")
    func importsResolve() throws {
        let files = ClientAssets.embedded.files
        for (name, file) in files where name.hasSuffix(".js") {
            let source = String(decoding: file.bytes, as: UTF8.self)
            for line in source.split(separator: "\n") where line.hasPrefix("import ") {
                guard let start = line.range(of: "\"./"), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
                #expect(files[String(line[start.upperBound..<end])] != nil, "\(name): \(line)")
            }
        }
    }

    @Test("the ETag answers 304 on the plain and the versioned URL; HEAD carries the length")
    func revalidation() async throws {
        let t = try TestServer()
        let client = ClientAssets.embedded
        let file = try #require(client.files["liveui.js"])
        for path in ["/public/liveui.js", "\(client.prefix)liveui.js"] {
            let again = try await http(t.port, "GET", path, headers: ["If-None-Match": "\"nope\", W/\(file.etag)"])
            #expect(again.status == 304, "\(path)")
            #expect(again.header("ETag") == file.etag)
            #expect(again.body.isEmpty)
            let changed = try await http(t.port, "GET", path, headers: ["If-None-Match": "\"0123\""])
            #expect(changed.status == 200, "\(path)")
        }
        let head = try await http(t.port, "HEAD", "/public/liveui.js")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(file.bytes.count))
        await t.shutdown()
    }

    @Test("the page loads the client from its versioned URLs, which are immutable, relative imports included")
    func versioned() async throws {
        let t = try TestServer()
        let client = ClientAssets.embedded
        #expect(ClientAssets.isVersion(Substring(client.version)))
        let page = try await http(t.port, "GET", "/counter")
        #expect(page.body.contains("<script type=\"module\" src=\"\(client.prefix)liveui.js\"></script>"))
        #expect(page.body.contains("<link rel=\"stylesheet\" href=\"\(client.prefix)liveui.css\">"))
        #expect(page.body.contains("<link rel=\"modulepreload\" href=\"\(client.prefix)patch.js\">"))
        let script = try #require(URL(string: "http://127.0.0.1:\(t.port)\(client.prefix)liveui.js"))
        for module in ["liveui.js", "liveui.css", "./patch.js", "./constants.js", "./events.js", "./stream.js", "./transport.js", "./updates.js"] {
            let path = try #require(URL(string: module, relativeTo: script)?.path)
            #expect(path.hasPrefix(client.prefix), "\(module)")
            let r = try await http(t.port, "GET", path)
            #expect(r.status == 200, "\(path)")
            #expect(r.header("Cache-Control") == "public, max-age=31536000, immutable", "\(path)")
            #expect(r.header("ETag") == client.files[(path as NSString).lastPathComponent]?.etag)
        }
        await t.shutdown()
    }

    @Test("another bundle's versioned URL gets this bundle's file, revalidated; an unknown name there is a 404")
    func otherVersion() async throws {
        let t = try TestServer()
        let client = ClientAssets.embedded
        let old = try await http(t.port, "GET", "/public/0123456789abcdef/liveui.js")
        #expect(old.status == 200)
        #expect(old.header("Cache-Control") == "no-cache")
        #expect(old.body.utf8.count == client.files["liveui.js"]?.bytes.count)
        #expect(try await http(t.port, "GET", "\(client.prefix)app.js").status == 404)
        #expect(try await http(t.port, "GET", "\(client.prefix)missing.js").status == 404)
        await t.shutdown()
    }

    @Test("the app's own files are served beside the client; the client's names are the library's")
    func appFiles() async throws {
        let t = try TestServer()
        let js = try await http(t.port, "GET", "/public/app.js")
        #expect(js.status == 200)
        #expect(js.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(js.body == "export const x = 1;\n")
        let css = try await http(t.port, "GET", "/public/app.css")
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        let etag = try #require(js.header("ETag"))
        #expect(try await http(t.port, "GET", "/public/app.js", headers: ["If-None-Match": etag]).status == 304)
        try FileManager.default.createDirectory(atPath: t.publicDirectory + "/img", withIntermediateDirectories: true)
        try "<svg/>".write(toFile: t.publicDirectory + "/img/logo.svg", atomically: true, encoding: .utf8)
        let svg = try await http(t.port, "GET", "/public/img/logo.svg")
        #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml" && svg.body == "<svg/>")
        try "stale copy".write(toFile: t.publicDirectory + "/liveui.js", atomically: true, encoding: .utf8)
        let client = try await http(t.port, "GET", "/public/liveui.js")
        #expect(client.body.utf8.count == ClientAssets.embedded.files["liveui.js"]?.bytes.count)
        await t.shutdown()
    }

    @Test("a publicDirectory that does not exist is not an error: the client is served, the start-up log says so")
    func missingDirectory() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("liveui-none-\(UUID().uuidString)").path
        let t = try TestServer { $0.publicDirectory = missing }
        #expect(try await http(t.port, "GET", "/public/liveui.js").status == 200)
        #expect(try await http(t.port, "GET", "/public/liveui.css").status == 200)
        #expect(try await http(t.port, "GET", "/counter").status == 200)
        let absent = try await http(t.port, "GET", "/public/app.js")
        #expect(absent.status == 404)
        #expect(absent.errorCode == "not_found")
        #expect(t.logLines.value.contains { $0.contains("publicDirectory \(missing) does not exist") })
        await t.shutdown()
    }

    @Test("nothing outside the directory, no hidden files, no directories")
    func confined() async throws {
        let t = try TestServer()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("liveui-outside-\(UUID().uuidString)")
        try "outside".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: t.publicDirectory + "/link.txt", withDestinationPath: outside.path)
        try FileManager.default.createDirectory(atPath: t.publicDirectory + "/dir", withIntermediateDirectories: true)
        for path in [
            "/public/link.txt", "/public/.hidden", "/public/missing.js", "/public/dir", "/public/", "/public//liveui.js",
            "/public/\(ClientAssets.embedded.version)/", "/public/liveui.js/",
        ] {
            let r = try await http(t.port, "GET", path)
            #expect(r.status == 404, "\(path)")
        }
        for path in [
            "/public/../Package.swift", "/public/%2e%2e/Package.swift", "/public/dir/../../Package.swift", "/public/dir/..%2f.hidden",
            "/public/\(ClientAssets.embedded.version)/../../Package.swift",
        ] {
            let r = try await http(t.port, "GET", path)
            #expect(r.status == 400 || r.status == 404, "\(path)")
            #expect(!r.body.contains("PackageDescription") && !r.body.contains("secret"), "\(path)")
        }
        #expect(try await http(t.port, "POST", "/public/liveui.js").status == 405)
        try? FileManager.default.removeItem(at: outside)
        await t.shutdown()
    }

    @Test("content types by extension; If-None-Match compared weakly, lists and * included")
    func contentTypes() {
        #expect(StaticFiles.contentType(for: "a.mjs") == "text/javascript; charset=utf-8")
        #expect(StaticFiles.contentType(for: "a.svg") == "image/svg+xml")
        #expect(StaticFiles.contentType(for: "a.PNG") == "image/png")
        #expect(StaticFiles.contentType(for: "a") == "application/octet-stream")
        #expect(StaticFiles.matches("\"a\", \"b\"", etag: "\"b\""))
        #expect(StaticFiles.matches("W/\"b\"", etag: "\"b\""))
        #expect(StaticFiles.matches("*", etag: "\"b\""))
        #expect(!StaticFiles.matches("\"bb\"", etag: "\"b\""))
        #expect(!StaticFiles.matches("", etag: "\"b\""))
    }
}

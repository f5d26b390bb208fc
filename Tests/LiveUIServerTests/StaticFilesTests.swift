import Foundation
import Testing
@testable import LiveUIServer

@Suite("Static files under /public/")
struct StaticFilesTests {
    @Test("files are served with their content types and an ETag that answers 304")
    func serves() async throws {
        let t = try TestServer()
        let js = try await http(t.port, "GET", "/public/liveui.js")
        #expect(js.status == 200)
        #expect(js.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(js.body == "export const x = 1;\n")
        let css = try await http(t.port, "GET", "/public/liveui.css")
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        let etag = try #require(js.header("ETag"))
        let again = try await http(t.port, "GET", "/public/liveui.js", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        let head = try await http(t.port, "HEAD", "/public/liveui.js")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "20")
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
        for path in ["/public/link.txt", "/public/.hidden", "/public/missing.js", "/public/dir", "/public/", "/public//liveui.js"] {
            let r = try await http(t.port, "GET", path)
            #expect(r.status == 404, "\(path)")
        }
        #expect(try await http(t.port, "POST", "/public/liveui.js").status == 405)
        try? FileManager.default.removeItem(at: outside)
        await t.shutdown()
    }

    @Test("content types by extension")
    func contentTypes() {
        #expect(StaticFiles.contentType(for: "a.mjs") == "text/javascript; charset=utf-8")
        #expect(StaticFiles.contentType(for: "a.svg") == "image/svg+xml")
        #expect(StaticFiles.contentType(for: "a.PNG") == "image/png")
        #expect(StaticFiles.contentType(for: "a") == "application/octet-stream")
    }
}

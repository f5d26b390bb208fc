import Foundation
import Testing
@testable import LiveUIServer

@Suite("Inspector and page reads")
struct InspectRouteTests {
    @Test("GET /liveui/html carries the page's security headers, and no page may be framed")
    func htmlHeaders() async throws {
        let t = try TestServer()
        let page = try await http(t.port, "GET", "/counter")
        let cookie = try #require(page.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let html = try await http(t.port, "GET", "/liveui/html?route=/counter", headers: ["Cookie": cookie])
        #expect(html.status == 200)
        for r in [page, html] {
            let csp = try #require(r.header("Content-Security-Policy"))
            #expect(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"))
            #expect(r.header("X-Frame-Options") == "DENY")
            #expect(r.header("Referrer-Policy") == "same-origin")
            #expect(r.header("Cache-Control") == "no-store")
            #expect(r.header("X-Content-Type-Options") == "nosniff")
        }
        await t.shutdown()
    }

    @Test("?route= on html, tree and stream never builds a graph the session has not opened; events do")
    func readsOpenNoGraph() async throws {
        let t = try TestServer()
        let s = try await t.newSession(route: "/counter")
        #expect(t.madeGraphs.count == 1)
        let headers = ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token]
        for path in ["/liveui/html?route=/other", "/liveui/tree?route=/other", "/liveui/stream?route=/other"] {
            let r = try await http(t.port, "GET", path, headers: headers)
            #expect(r.status == 404 && r.errorCode == "unknown_route", "\(path)")
        }
        #expect(t.madeGraphs.count == 1)
        #expect(try await t.event(s, #"{"target":"increment","type":"click","route":"/other"}"#).status == 200)
        #expect(t.madeGraphs.count == 2)
        #expect(try await http(t.port, "GET", "/liveui/html?route=/other", headers: headers).status == 200)
        await t.shutdown()
    }
}

import Foundation
import Testing
@testable import LiveUIServer

@Suite("Inspector and page reads")
struct InspectRouteTests {
    @Test("the inspector answers only with the session's token")
    func treeNeedsToken() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let anonymous = try await http(t.port, "GET", "/liveui/tree", headers: ["X-LiveUI-Session": s.id])
        #expect(anonymous.status == 403 && anonymous.errorCode == "bad_token")
        let wrongToken = ["X-LiveUI-Session": s.id, "X-LiveUI-Token": String(repeating: "0", count: 32)]
        let wrong = try await http(t.port, "GET", "/liveui/tree", headers: wrongToken)
        #expect(wrong.status == 403)
        let tree = try await http(t.port, "GET", "/liveui/tree", headers: ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token])
        #expect(tree.status == 200 && tree.body == "{\"type\":\"Counter\",\"count\":0}")
        #expect(tree.header("Cache-Control") == "no-store")
        await t.shutdown()
    }

    @Test("production mode turns the inspector off unless inspector is set; development turns it on")
    func modeChoosesInspector() async throws {
        for (mode, inspector, served) in [
            (Configuration.Mode.production, nil, false), (.production, true, true), (.development, nil, true), (.development, false, false),
        ] as [(Configuration.Mode, Bool?, Bool)] {
            let t = try TestServer {
                $0.mode = mode
                $0.inspector = inspector
            }
            let s = try await t.newSession()
            let tree = try await http(t.port, "GET", "/liveui/tree", headers: ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token])
            #expect(tree.status == (served ? 200 : 404), "\(mode) \(String(describing: inspector))")
            await t.shutdown()
        }
        let production = try Configuration.load(arguments: [], environment: ["LIVEUI_MODE": "production"])
        #expect(production.mode == .production && !production.inspectorEnabled)
        #expect(try Configuration.load(arguments: ["--mode", "development"], environment: [:]).inspectorEnabled)
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: ["--mode", "staging"], environment: [:]) }
    }

    @Test("GET /liveui/html carries the page's security headers, and no page may be framed")
    func htmlHeaders() async throws {
        let t = try TestServer()
        let page = try await http(t.port, "GET", "/counter")
        let cookie = try #require(page.firstCookie)
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

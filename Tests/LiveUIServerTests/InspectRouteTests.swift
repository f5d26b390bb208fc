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
}

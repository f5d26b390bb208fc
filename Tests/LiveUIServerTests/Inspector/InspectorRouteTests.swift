import Foundation
import LiveUI
import Testing
@testable import LiveUIServer

private struct Clicks: View {
    @State private var count = 0

    var body: some View {
        let _ = Self._printChanges()
        VStack {
            Text("Clicks: \(count)")
            Button("Click") { count += 1 }.accessibilityIdentifier("click")
        }
    }
}

@Suite("Inspector page")
struct InspectorRouteTests {
    private func server(_ mode: Configuration.Mode) throws -> TestServer {
        try TestServer(routes: [Route("/clicks", changeLog: .discard) { Clicks() }]) { $0.mode = mode }
    }

    @Test("development serves the inspector of a page the session opened; it follows that page's updates")
    func followsUpdates() async throws {
        let t = try server(.development)
        let page = try await http(t.port, "GET", "/clicks")
        let cookie = try #require(page.firstCookie)
        let id = String(cookie.dropFirst("liveui_sid=".count))
        let inspector = try await http(t.port, "GET", "/liveui/inspect/clicks", headers: ["Cookie": cookie])
        #expect(inspector.status == 200)
        #expect(inspector.body.contains("LiveUI inspector: /clicks"))
        #expect(inspector.header("X-Frame-Options") == "DENY")
        let stream = try await openStream(t, session: id, route: "/liveui/inspect/clicks")
        let token = try #require(page.body.firstMatch(of: /name="liveui-token" content="([0-9a-f]+)"/)?.1)
        let click = try await t.event((id, String(token)), #"{"target":"click","type":"click","route":"/clicks"}"#)
        #expect(click.status == 200)
        var seen = false
        // Comments (heartbeats) are skipped; updates before the click's (the inspector's own first
        // tree, flashes ending) may come first on a busy machine.
        for _ in 0..<50 where !seen {
            guard let event = try await stream.nextEventAsync() else { break }
            seen = event.data.contains("body evaluations: 2")
        }
        #expect(seen)
        let html = try await http(t.port, "GET", "/liveui/html?route=/liveui/inspect/clicks", headers: ["Cookie": cookie])
        #expect(html.body.contains("body evaluations: 2"))
        #expect(html.body.contains("count = 1"))
        #expect(html.body.contains("liveui-flash-"))
        #expect(html.body.contains("Clicks: _count changed."))
        await t.shutdown()
    }

    @Test("production has no inspector page, and it needs the session and a page the session opened")
    func refusals() async throws {
        let production = try server(.production)
        let page = try await http(production.port, "GET", "/clicks")
        let cookie = try #require(page.firstCookie)
        #expect(try await http(production.port, "GET", "/liveui/inspect/clicks", headers: ["Cookie": cookie]).status == 404)
        await production.shutdown()

        let t = try server(.development)
        #expect(try await http(t.port, "GET", "/liveui/inspect/clicks").status == 403)
        let opened = try await http(t.port, "GET", "/clicks")
        let session = try #require(opened.firstCookie)
        let other = try await http(t.port, "GET", "/liveui/inspect/nothing", headers: ["Cookie": session])
        #expect(other.status == 404)
        #expect(try await http(t.port, "POST", "/liveui/inspect/clicks", headers: ["Cookie": session]).status == 405)
        await t.shutdown()
    }
}

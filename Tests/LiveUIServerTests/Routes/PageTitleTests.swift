import Foundation
import LiveUI
import Testing

@testable import LiveUIServer

private struct TitledPage: View {
    @State private var name = "Inbox <3>"
    var body: some View {
        NavigationStack {
            Button("Rename") { name = "Archive" }.accessibilityIdentifier("rename")
                .navigationTitle(name)
        }
    }
}

@Suite("Page title")
struct PageTitleTests {
    @Test("the page's <title> is the innermost navigation title, escaped, and follows it on reload")
    func titleFromGraph() async throws {
        let t = try TestServer(routes: [Route("/titled", changeLog: .discard) { TitledPage() }])
        let first = try await http(t.port, "GET", "/titled")
        #expect(first.status == 200)
        #expect(first.body.contains("<title>Inbox &lt;3&gt;</title>"))
        let sid = try #require(first.firstCookie)
        let token = try #require(first.body.range(of: "liveui-token\" content=\"").map { first.body[$0.upperBound...].prefix(32) })
        let event = try await http(
            t.port, "POST", "/liveui/event", headers: ["Cookie": sid, "Content-Type": "application/x-www-form-urlencoded"],
            body: "target=rename&type=click&token=\(token)&route=/titled")
        #expect(event.status == 200)
        #expect(event.body.contains("Archive"))
        let reload = try await http(t.port, "GET", "/titled", headers: ["Cookie": sid])
        #expect(reload.body.contains("<title>Archive</title>"))
        // A page without a navigation title keeps the default.
        let counter = try await http(t.port, "GET", "/counter")
        #expect(counter.body.contains("<title>LiveUI</title>"))
        await t.shutdown()
    }
}

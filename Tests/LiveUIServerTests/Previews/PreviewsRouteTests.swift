import Foundation
import LiveUI
import Testing
@testable import LiveUIServer

private struct Switch: View {
    @State private var on = false
    var body: some View {
        Button(on ? "switch on" : "switch off") { on.toggle() }.accessibilityIdentifier("switch")
    }
}

struct SwitchPreviews: PreviewProvider {
    static var previews: some View { Switch() }
}

@Suite("Previews page")
struct PreviewsRouteTests {
    @Test("development serves /liveui/previews: every provider found, live in the browser's session")
    func development() async throws {
        let t = try TestServer { $0.mode = .development }
        let page = try await http(t.port, "GET", "/liveui/previews")
        #expect(page.status == 200)
        #expect(page.body.contains("LiveUIServerTests.SwitchPreviews") && page.body.contains("switch off"))
        #expect(page.header("X-Frame-Options") == "DENY")
        let cookie = try #require(page.firstCookie)
        let token = try #require(page.body.firstMatch(of: /name="liveui-token" content="([0-9a-f]+)"/)?.1)
        let click = try await t.event(
            (String(cookie.dropFirst("liveui_sid=".count)), String(token)),
            #"{"target":"switch","type":"click","route":"/liveui/previews"}"#)
        #expect(click.status == 200 && click.body.contains("switch on"))
        await t.shutdown()
    }

    @Test("production has no previews page")
    func production() async throws {
        let t = try TestServer { $0.mode = .production }
        #expect(try await http(t.port, "GET", "/liveui/previews").status == 404)
        await t.shutdown()
    }
}

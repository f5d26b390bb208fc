import Foundation
import LiveUI
import Testing
@testable import LiveUIServer

private final class Tally: ObservableObject {
    @Published var count = 0
}

private struct TallyView: View {
    @EnvironmentObject var tally: Tally
    @Environment(\.scenePhase) private var scenePhase
    var body: some View {
        VStack {
            Text("Tally: \(tally.count)")
            Button("Add") { tally.count += 1 }.accessibilityIdentifier("add")
            Text("scene \(scenePhase == .active ? "active" : "hidden")")
        }
    }
}

private struct TallyApp: App {
    @StateObject private var tally = Tally()
    var body: some Scene {
        WindowGroup { TallyView() }.environmentObject(tally)
    }
}

private struct AboutApp: RoutedApp {
    var body: some Scene { WindowGroup { Text("window") } }
    static var routes: [Route] {
        Route("/about") { Text("about page") }
    }
}

/// A session's cookie and token from a page it opened.
private func credentials(_ page: RawResponse) throws -> (cookie: String, id: String, token: String) {
    let cookie = try #require(page.firstCookie)
    let token = try #require(page.body.firstMatch(of: /name="liveui-token" content="([0-9a-f]+)"/)?.1)
    return (cookie, String(cookie.dropFirst("liveui_sid=".count)), String(token))
}

@Suite("Serving an App")
struct AppServerTests {
    private func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.port = 0
        configuration.logLevel = .error
        return configuration
    }

    @Test("LiveServer(app:) serves the window at / beside its routes, with the app's state per browser session")
    func perSession() async throws {
        let server = try LiveServer(configuration: configuration(), app: TallyApp()) {
            Route("/about") { Text("about page") }
        }
        let port = try server.start()
        let first = try await http(port, "GET", "/")
        #expect(first.status == 200 && first.body.contains("Tally: 0") && first.body.contains("scene active"))
        let one = try credentials(first)
        let click = try await http(
            port, "POST", "/liveui/event",
            headers: ["Cookie": one.cookie, "X-LiveUI-Token": one.token, "Content-Type": "application/json"],
            body: #"{"target":"add","type":"click","route":"/"}"#)
        #expect(click.status == 200)
        #expect(try await http(port, "GET", "/", headers: ["Cookie": one.cookie]).body.contains("Tally: 1"))
        let second = try await http(port, "GET", "/")
        #expect(try credentials(second).id != one.id)
        #expect(second.body.contains("Tally: 0"))
        #expect(try await http(port, "GET", "/about").body.contains("about page"))
        await server.stop()
    }

    @Test("the page's visibility reaches the window as the scene phase over HTTP")
    func scenePhaseEvent() async throws {
        let server = try LiveServer(configuration: configuration(), app: TallyApp())
        let port = try server.start()
        let page = try credentials(try await http(port, "GET", "/"))
        let hidden = try await http(
            port, "POST", "/liveui/event",
            headers: ["Cookie": page.cookie, "X-LiveUI-Token": page.token, "Content-Type": "application/json"],
            body: #"{"target":"root","type":"environment","value":"{\"scenePhase\":\"background\"}","tab":"t1"}"#)
        #expect(hidden.status == 200 && hidden.body.contains("scene hidden"))
        let bad = try await http(
            port, "POST", "/liveui/event",
            headers: ["Cookie": page.cookie, "X-LiveUI-Token": page.token, "Content-Type": "application/json"],
            body: #"{"target":"root","type":"environment","value":"{\"scenePhase\":\"gone\"}"}"#)
        #expect(bad.status == 400 && bad.body.contains("invalid_value"))
        await server.stop()
    }

    @Test("a RoutedApp's routes are served beside its window, and a route at / is refused: the window is there")
    func routedApp() async throws {
        let server = try LiveServer(configuration: configuration(), app: AboutApp()) { AboutApp.routes }
        let port = try server.start()
        #expect(try await http(port, "GET", "/").body.contains("window"))
        #expect(try await http(port, "GET", "/about").body.contains("about page"))
        await server.stop()
        #expect(throws: RouteError.self) {
            try LiveServer(configuration: configuration(), app: TallyApp()) { Route("/") { Text("twice") } }
        }
    }

    @Test("@main finds main() on an App and on a RoutedApp, and an app's window can be served at another path")
    func entryPoints() async throws {
        // What `@main` calls; not called here, since it serves until the process is stopped.
        let plain: () -> Void = TallyApp.main
        let routed: () -> Void = AboutApp.main
        _ = (plain, routed)
        let server = try LiveServer(configuration: configuration()) {
            Route("/") { Text("home") }
            Route("/tally", app: TallyApp())
        }
        let port = try server.start()
        #expect(try await http(port, "GET", "/tally").body.contains("Tally: 0"))
        await server.stop()
    }
}

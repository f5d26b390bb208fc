import Foundation
import LiveUI
import Testing
@testable import LiveUIServer
import TestSupport

/// A detail page: its parameter, its request's path and query, and a counter of its own.
private struct ItemPage: View {
    let id: String
    @Environment(\.request) private var request
    @State private var count = 0
    var body: some View {
        VStack {
            Text("item \(id) at \(request.path) q=\(request.query["q"] ?? "-")")
            Button("More") { count += 1 }.accessibilityIdentifier("more")
            Text("count \(count)")
        }
    }
}

private struct UserKey: EnvironmentKey { static let defaultValue: String? = nil }
extension EnvironmentValues {
    fileprivate var userName: String? {
        get { self[UserKey.self] }
        set { self[UserKey.self] = newValue }
    }
}

/// Greets the user the `authorize` hook handed to the environment.
private struct Greeting: View {
    @Environment(\.userName) private var user
    var body: some View { Text("hello \(user ?? "nobody")") }
}

private struct Cart: Sendable { var items = 0 }
private struct Board: Sendable { var notes: [String] = [] }

/// Shows the session's cart and the board every session shares, with a button for each.
private struct ShopPage: View {
    @EnvironmentObject var cart: SharedModel<Cart>
    @Environment(SharedModel<Board>.self) var board
    var body: some View {
        VStack {
            Text("cart \(cart.items)")
            Button("Add") { cart.update { $0.items += 1 } }.accessibilityIdentifier("add")
            Text("board \(board.notes.joined(separator: ","))")
            Button("Note") { board.update { $0.notes.append("n\($0.notes.count)") } }.accessibilityIdentifier("note")
        }
    }
}

private struct SignInFailed: Error {}

@Suite("App routes: parameters, 404, sign-in, endpoints, shared state")
struct AppRoutesTests {
    let items = Route("/items/:id", changeLog: .discard) { request in ItemPage(id: request.parameters["id"] ?? "") }

    @Test("each concrete path of a parameterised route is its own graph; parameters reach the view decoded")
    func parameterisedPages() async throws {
        let t = try TestServer(routes: [items])
        let s = try await t.newSession(route: "/items/7")
        let seven = try await t.event(s, #"{"target":"more","type":"click","route":"/items/7"}"#)
        #expect(seven.status == 200 && seven.body.contains("count 1"))
        let eight = try await t.event(s, #"{"target":"more","type":"click","route":"/items/8"}"#)
        #expect(eight.status == 200 && eight.body.contains("count 1"))
        let again = try await t.event(s, #"{"target":"more","type":"click","route":"/items/7"}"#)
        #expect(again.body.contains("count 2"))
        #expect(t.server.context.store.lookup(s.id)?.graphCount == 2)
        let page = try await http(t.port, "GET", "/items/a%2Fb?q=shoes", headers: ["Cookie": "liveui_sid=\(s.id)"])
        #expect(page.status == 200 && page.body.contains("item a/b at /items/a%2Fb q=shoes"))
        #expect(page.body.contains(#"<meta name="liveui-route" content="/items/a%2Fb">"#))
        #expect(t.server.context.store.lookup(s.id)?.graphCount == 3)
        await t.shutdown()
    }

    @Test("a path or route whose escapes do not decode to UTF-8 is 400: an HTML page for pages, JSON for the API")
    func undecodable() async throws {
        let t = try TestServer(routes: [items])
        for path in ["/items/%zz", "/items/%C3%28", "/items/%FF"] {
            let r = try await http(t.port, "GET", path)
            #expect(r.status == 400 && r.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
        }
        let api = try await http(t.port, "POST", "/liveui/session?route=/items/%25zz")
        #expect(api.status == 400 && api.errorCode == "bad_request")
        #expect(t.server.context.store.count == 0)
        await t.shutdown()
    }

    @Test("unknown paths answer a 404 HTML page with a link home, without a session; /liveui/ paths keep JSON")
    func defaultNotFound() async throws {
        let t = try TestServer()
        let page = try await http(t.port, "GET", "/no/such/page")
        #expect(page.status == 404 && page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.body.contains(#"<a href="/">"#) && page.body.contains("/no/such/page"))
        #expect(page.header("Set-Cookie") == nil && t.server.context.store.count == 0)
        let post = try await http(t.port, "POST", "/no/such/page", body: "")
        #expect(post.status == 404)
        let api = try await http(t.port, "GET", "/liveui/nothing")
        #expect(api.status == 404 && api.errorCode == "not_found")
        await t.shutdown()
    }

    @Test("the app's NotFound view renders the 404 page for the request")
    func customNotFound() async throws {
        let notFound = NotFound { request in Text("Lost at \(request.path)") }
        let t = try TestServer(routes: [RouteBuilder.buildExpression(notFound)].flatMap { $0 })
        let page = try await http(t.port, "GET", "/somewhere")
        #expect(page.status == 404 && page.body.contains("Lost at /somewhere"))
        #expect(t.server.context.store.count == 0)
        await t.shutdown()
    }

    /// A server whose pages need a signed-in user (cookie `user`), with a sign-in endpoint.
    private func signInServer() throws -> TestServer {
        let app = AppOptions(authorize: { request in
            switch request.path {
            case "/login": return .allow
            case "/boom": throw SignInFailed()
            case "/secret": return .deny
            default:
                guard let user = request.cookies["user"] else { return .redirect("/login") }
                return .allow(as: user) { $0.userName = user }
            }
        })
        return try TestServer(
            routes: [
                Route("/", changeLog: .discard) { Greeting() },
                Route("/login", changeLog: .discard) { Text("sign in") },
                Route("/boom", changeLog: .discard) { Text("never") },
                Route("/secret", changeLog: .discard) { Text("never") },
            ]
                + RouteBuilder.buildExpression(
                    Endpoint("/login", method: .post) { request in
                        guard request.form["password"] == "pw", let name = request.form["name"] else {
                            return .redirect("/login?failed=1")
                        }
                        return .redirect("/", cookies: [Cookie(name: "user", value: name)])
                    })
                + RouteBuilder.buildExpression(Endpoint("/api/fail") { _ in throw SignInFailed() })
                + RouteBuilder.buildExpression(Endpoint("/api/ping") { request in .json(#"{"ok":true,"q":"\#(request.query["q"] ?? "")"}"#) }),
            app: app)
    }

    @Test("sign-in: the hook redirects, a form POST sets the cookie, the hook hands the user to the page's environment")
    func signIn() async throws {
        let t = try signInServer()
        let anonymous = try await http(t.port, "GET", "/")
        #expect(anonymous.status == 303 && anonymous.header("Location") == "/login" && t.server.context.store.count == 0)
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let wrong = try await http(t.port, "POST", "/login", headers: form, body: "name=ada&password=no")
        #expect(wrong.status == 303 && wrong.header("Location") == "/login?failed=1" && wrong.header("Set-Cookie") == nil)
        let signedIn = try await http(t.port, "POST", "/login", headers: form, body: "name=ada&password=pw")
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/")
        #expect(signedIn.header("Set-Cookie") == "user=ada; Path=/; HttpOnly; SameSite=Lax")
        let home = try await http(t.port, "GET", "/", headers: ["Cookie": "user=ada"])
        #expect(home.status == 200 && home.body.contains("hello ada"))
        // The same session signed in as someone else gets a new page, not the old user's.
        let sid = try #require(home.firstCookie)
        let other = try await http(t.port, "GET", "/", headers: ["Cookie": "\(sid); user=bob"])
        #expect(other.status == 200 && other.body.contains("hello bob"))
        let foreign = try await http(
            t.port, "POST", "/login", headers: form.merging(["Origin": "http://evil.example"]) { a, _ in a }, body: "name=x&password=pw")
        #expect(foreign.status == 403 && foreign.errorCode == "foreign_origin")
        await t.shutdown()
    }

    @Test("the hook can refuse (403) and a hook or endpoint that throws answers 500 with the error logged")
    func refusalsAndFaults() async throws {
        let t = try signInServer()
        let secret = try await http(t.port, "GET", "/secret")
        #expect(secret.status == 403 && secret.header("Content-Type") == "text/html; charset=utf-8")
        let boom = try await http(t.port, "GET", "/boom")
        #expect(boom.status == 500 && !boom.body.contains("SignInFailed"))
        #expect(t.logLines.value.contains { $0.contains("authorize threw") && $0.contains("SignInFailed") })
        let api = try await http(t.port, "POST", "/liveui/session?route=/")
        #expect(api.status == 403 && api.errorCode == "forbidden" && api.header("Location") == "/login")
        let fail = try await http(t.port, "GET", "/api/fail")
        #expect(fail.status == 500 && fail.errorCode == "internal_error")
        #expect(t.logLines.value.contains { $0.contains("/api/fail threw") })
        let ping = try await http(t.port, "GET", "/api/ping?q=hi")
        #expect(ping.status == 200 && ping.body == #"{"ok":true,"q":"hi"}"#)
        let wrongMethod = try await http(t.port, "DELETE", "/login")
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "GET, HEAD, POST")
        await t.shutdown()
    }

    @Test("a session's pages share its object; every session sees the shared object change over its stream")
    func sessionAndSharedObjects() async throws {
        let board = SharedModel(Board())
        let app = AppOptions(sharedObjects: [board], sessionObjects: { [SharedModel(Cart())] })
        let shop = Route("/shop", changeLog: .discard) { ShopPage() }
        let again = Route("/shop/again", changeLog: .discard) { ShopPage() }
        let t = try TestServer(routes: [shop, again], app: app)
        let a = try await t.newSession(route: "/shop")
        let b = try await t.newSession(route: "/shop")
        let added = try await t.event(a, #"{"target":"add","type":"click","route":"/shop"}"#)
        #expect(added.body.contains("cart 1"))
        // Another page of session a shows a's cart; session b's cart is its own.
        let second = try await t.event(a, #"{"target":"add","type":"click","route":"/shop/again"}"#)
        #expect(second.body.contains("cart 2"))
        let bHTML = try await http(t.port, "GET", "/liveui/html?route=/shop", headers: ["X-LiveUI-Session": b.id])
        #expect(bHTML.body.contains("cart 0"))
        // b's stream gets a's notes, in order.
        let stream = try await openStream(t, session: b.id, route: "/shop")
        let host = try #require(t.server.context.store.lookup(b.id)?.graph(route: "/shop"))
        try await waitWhile { host.listenerCount < 1 }
        _ = try await t.event(a, #"{"target":"note","type":"click","route":"/shop"}"#)
        _ = try await t.event(a, #"{"target":"note","type":"click","route":"/shop"}"#)
        var seen = ""
        while !seen.contains("board n0,n1") {
            let event = try #require(try await stream.nextEventAsync())
            if event.event == "patch" { seen = event.data }
        }
        #expect(seen.contains("board n0,n1"))
        await t.shutdown()
    }

    @Test("a route that cannot be served stops the server before it starts, naming the pattern")
    func badRouteStopsStartUp() {
        #expect {
            _ = try LiveServer(configuration: Configuration()) {
                Route("/") { Text("home") }
                Route("/items/:") { Text("x") }
            }
        } throws: { error in
            String(describing: error) == #"Route("/items/:") cannot be served: a : has no parameter name after it"#
        }
    }
}

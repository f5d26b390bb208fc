import Foundation
import LiveUI
import Testing
@testable import LiveUIServer

// The "Start your own app" example, as a user's main.swift would hold it (served here on a test port).

private struct User: Sendable { var name: String }

private struct UserKey: EnvironmentKey { static let defaultValue: User? = nil }
extension EnvironmentValues {
    fileprivate var user: User? {
        get { self[UserKey.self] }
        set { self[UserKey.self] = newValue }
    }
}

private struct Cart: Sendable { var items: [String] = [] }
private struct Board: Sendable { var notes: [String] = [] }

private struct Home: View {
    @Environment(\.user) private var user
    @EnvironmentObject var board: SharedModel<Board>
    var body: some View {
        VStack {
            Text("Hello, \(user?.name ?? "guest")")
            ForEach(board.notes, id: \.self) { Text($0) }
            Button("Post") { board.update { $0.notes.append("note \($0.notes.count + 1)") } }
        }
    }
}

private struct ItemPage: View {
    let id: String
    @Environment(\.request) private var request
    @EnvironmentObject var cart: SharedModel<Cart>
    var body: some View {
        VStack {
            Text("Item \(id), sorted by \(request.query["sort"] ?? "name")")
            Button("Add to cart") { cart.update { $0.items.append(id) } }
            Text("\(cart.items.count) in your cart")
        }
    }
}

private struct LoginPage: View {
    var body: some View { Text("Sign in") }
}

/// The example's server; `LiveServer.launch(authorize:sharedObjects:sessionObjects:routes:)` takes the same arguments.
private func exampleServer(_ configuration: Configuration) throws -> LiveServer {
    let board = SharedModel(Board())
    return try LiveServer(
        configuration: configuration,
        authorize: { request in
            if request.path == "/login" { return .allow }
            guard let name = request.cookies["user"] else { return .redirect("/login") }
            return .allow(as: name) { $0.user = User(name: name) }
        },
        sharedObjects: [board],
        sessionObjects: { [SharedModel(Cart())] }
    ) {
        Route("/") { Home() }
        Route("/items/:id") { request in ItemPage(id: request.parameters["id"] ?? "") }
        Route("/login") { LoginPage() }
        Endpoint("/login", method: .post) { request in
            guard let name = request.form["name"], !name.isEmpty else { return .redirect("/login") }
            return .redirect("/", cookies: [Cookie(name: "user", value: name)])
        }
        Endpoint("/logout", method: .post) { _ in .redirect("/login", cookies: [.expired("user")]) }
        NotFound { request in Text("Nothing at \(request.path)") }
    }
}

@Suite("The Start your own app example")
struct StartYourOwnAppTests {
    @Test("the example serves its pages, its sign-in and its 404 page")
    func example() async throws {
        var configuration = Configuration()
        configuration.port = 0
        configuration.logLevel = .error
        let server = try exampleServer(configuration)
        let port = try server.start()
        let signIn = try await http(
            port, "POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=Ada")
        #expect(signIn.status == 303 && signIn.header("Set-Cookie")?.hasPrefix("user=Ada;") == true)
        let home = try await http(port, "GET", "/", headers: ["Cookie": "user=Ada"])
        #expect(home.status == 200 && home.body.contains("Hello, Ada"))
        let item = try await http(port, "GET", "/items/42?sort=price", headers: ["Cookie": "user=Ada"])
        #expect(item.status == 200 && item.body.contains("Item 42, sorted by price"))
        let missing = try await http(port, "GET", "/nowhere")
        #expect(missing.status == 404 && missing.body.contains("Nothing at /nowhere"))
        await server.stop()
    }
}

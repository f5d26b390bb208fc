import LiveUI
import Testing
@testable import LiveUIServer

/// A page definition whose graph is never made (the table only matches).
private func page(_ path: String) -> RouteDefinition {
    RouteDefinition(path: path) { _ in LiveSession(changeLog: .discard) { EmptyView() } }
}

@Suite("Route patterns and matching")
struct RouteTableTests {
    @Test("patterns that cannot be served are errors naming the pattern", arguments: [
        "items", "/items/", "//x", "/items/:", "/a/:id/b/:id", "/a/:bad-name", "/liveui/x", "/public/y", "/healthz", "/metrics",
    ])
    func badPatterns(_ pattern: String) {
        #expect {
            _ = try RouteTable(pages: [page(pattern)], endpoints: [])
        } throws: { error in
            (error as? RouteError)?.pattern == pattern && String(describing: error).contains("Route(\"\(pattern)\")")
        }
    }

    @Test("two pages with the same shape are an error, whatever their parameters are called")
    func duplicates() {
        #expect(throws: RouteError.self) { _ = try RouteTable(pages: [page("/a"), page("/a")], endpoints: []) }
        #expect(throws: RouteError.self) { _ = try RouteTable(pages: [page("/i/:id"), page("/i/:key")], endpoints: []) }
    }

    @Test("a literal segment wins over a parameter, and a parameter is tried when the literal branch leads nowhere")
    func precedence() throws {
        let table = try RouteTable(
            pages: [page("/items/:id"), page("/items/new"), page("/items/:id/edit"), page("/"), page("/:user")], endpoints: [])
        #expect(try table.match(raw: "/items/new")?.page?.path == "/items/new")
        #expect(try table.match(raw: "/items/7")?.page?.path == "/items/:id")
        #expect(try table.match(raw: "/items/7")?.parameters == ["id": "7"])
        #expect(try table.match(raw: "/items/new/edit")?.parameters == ["id": "new"])
        #expect(try table.match(raw: "/")?.page?.path == "/")
        #expect(try table.match(raw: "/ada")?.parameters == ["user": "ada"])
        #expect(try table.match(raw: "/items")?.page?.path == "/:user")
        #expect(try table.match(raw: "/items/") == nil)
        #expect(try table.match(raw: "/items/7/edit/more") == nil)
    }

    @Test("parameter values are percent-decoded once; %2F stays inside its segment; the graph's name is canonical")
    func decoding() throws {
        let table = try RouteTable(pages: [page("/items/:id"), page("/files/:a/:b")], endpoints: [])
        let slash = try #require(try table.match(raw: "/items/a%2Fb"))
        #expect(slash.parameters == ["id": "a/b"] && slash.path == "/items/a%2Fb")
        let space = try #require(try table.match(raw: "/items/caf%C3%A9%20au%20lait"))
        #expect(space.parameters["id"] == "café au lait" && space.path == "/items/caf%C3%A9%20au%20lait")
        // Another spelling of the same path names the same graph.
        #expect(try table.match(raw: "/items/%61%62")?.path == "/items/ab")
        #expect(try table.match(raw: "/files/x/y")?.parameters == ["a": "x", "b": "y"])
        #expect(try table.match(raw: "/items/a%252F")?.parameters["id"] == "a%2F")
    }

    @Test("a path that does not decode is 400", arguments: ["/items/%zz", "/items/%4", "/items/%", "/items/%C3%28", "/items/%FF"])
    func undecodable(_ raw: String) throws {
        let table = try RouteTable(pages: [page("/items/:id")], endpoints: [])
        #expect {
            _ = try table.match(raw: raw)
        } throws: { error in
            guard case .badRequest(let message) = error as? ServerError else { return false }
            return message.contains("/items/")
        }
    }
}

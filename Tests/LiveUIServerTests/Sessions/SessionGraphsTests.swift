import Testing

@testable import LiveUIServer

@Suite("A session's graphs by route")
struct SessionGraphsTests {
    @Test("events reach the graph their route names, or the most recent one when they name none, as routes alternate")
    func eventsFollowTheirRoute() async throws {
        let t = try TestServer()
        let s = try await t.newSession(route: "/counter")
        func click(_ route: String?) async throws -> Int {
            let named = route.map { #","route":"\#($0)""# } ?? ""
            return try await t.event(s, #"{"target":"increment","type":"click"\#(named)}"#).status
        }
        #expect(try await click("/counter") == 200)
        #expect(try await click("/other") == 200)  // opens /other, now the most recent
        #expect(try await click(nil) == 200)
        #expect(try await click("/counter") == 200)  // back to /counter, found by its route
        #expect(try await click("/counter") == 200)
        #expect(try await click(nil) == 200)
        #expect(try await click("/nope") == 404)  // an undeclared route opens nothing
        #expect(try await click(nil) == 200)
        let graphs = t.madeGraphs
        try #require(graphs.count == 2)
        #expect(graphs.map(\.applied) == [5, 2])
        let session = try #require(t.server.context.store.lookup(s.id))
        #expect(session.graphCount == 2)
        #expect(session.graph(route: nil) === session.graph(route: "/counter"))
        #expect(session.openedGraph(route: "/other") === session.graph(route: "/other"))
        #expect(session.graph(route: nil) === session.graph(route: "/other"))
        #expect(session.openedGraph(route: "/nope") == nil)
        await t.shutdown()
    }

    @Test("a session that has ended finds none of its graphs")
    func endedSessionFindsNoGraph() async throws {
        let t = try TestServer()
        let s = try await t.newSession(route: "/counter")
        let session = try #require(t.server.context.store.lookup(s.id))
        #expect(session.openedGraph(route: "/counter") != nil)
        let graphs = try #require(session.end())
        await session.close(graphs, reason: "test")
        #expect(session.openedGraph(route: "/counter") == nil)
        #expect(session.graph(route: nil) == nil && session.graph(route: "/counter") == nil)
        await t.shutdown()
    }
}

import Foundation
import Testing
@testable import LiveUIServer
import TestSupport

/// Opens `GET /liveui/stream` and returns a reader positioned after the response head.
func openStream(
    _ t: TestServer, session: String, route: String = "/counter", lastEventID: String? = nil, tab: String? = nil
) async throws -> SSEReader {
    let port = t.port
    return try await blocking {
        try openStreamSync(port: port, session: session, route: route, lastEventID: lastEventID, tab: tab)
    }
}

func openStreamSync(port: Int, session: String, route: String, lastEventID: String?, tab: String? = nil) throws -> SSEReader {
    let c = try RawConnection(port: port)
    let query = tab.map { "route=\(route)&tab=\($0)" } ?? "route=\(route)"
    var request = "GET /liveui/stream?\(query) HTTP/1.1\r\nHost: x\r\nCookie: liveui_sid=\(session)\r\n"
    if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
    try c.send(request + "\r\n")
    let (status, headers) = try c.readHead()
    guard status == 200, headers.contains(where: { $0.0 == "Content-Type" && $0.1.hasPrefix("text/event-stream") }) else {
        throw RawHTTPError(description: "stream refused: \(status)")
    }
    return SSEReader(connection: c)
}

@Suite("Event streams")
struct StreamTests {
    let click = #"{"target":"increment","type":"click"}"#

    @Test("every open stream (every tab) receives each update, including pushes no request caused")
    func fanOut() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let tab1 = try await openStream(t, session: s.id)
        let tab2 = try await openStream(t, session: s.id)
        // Wait until both streams are registered: the graph sees them as listeners.
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/counter"))
        try await waitWhile { host.listenerCount < 2 }
        _ = try await t.event(s, click)
        t.madeGraphs[0].push()
        for tab in [tab1, tab2] {
            let first = try #require(try await tab.nextEventAsync())
            #expect(first == SSEEvent(id: "1", event: "patch", data: #"{"version":1,"patches":[{"op":"text","id":"k1","text":"Count: 1"}]}"#))
            let second = try #require(try await tab.nextEventAsync())
            #expect(second.id == "2" && second.event == "patch" && second.data.contains("Count: 2"))
        }
        await t.shutdown()
    }

    @Test("Last-Event-ID replays the updates a dropped stream missed")
    func replay() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        var dropped: SSEReader? = try await openStream(t, session: s.id)
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/counter"))
        try await waitWhile { host.listenerCount < 1 }
        _ = try await t.event(s, click)
        let seen = try #require(try await dropped?.nextEventAsync())
        #expect(seen.id == "1")
        dropped = nil  // the connection drops
        _ = dropped
        _ = try await t.event(s, click)
        _ = try await t.event(s, click)
        let resumed = try await openStream(t, session: s.id, lastEventID: seen.id)
        let two = try #require(try await resumed.nextEventAsync())
        let three = try #require(try await resumed.nextEventAsync())
        #expect(two.id == "2" && two.data.contains("Count: 2"))
        #expect(three.id == "3" && three.data.contains("Count: 3"))
        _ = try await t.event(s, click)
        let four = try #require(try await resumed.nextEventAsync())
        #expect(four.id == "4")
        await t.shutdown()
    }

    @Test("a Last-Event-ID older than the patch log gets a reset with the full HTML")
    func reset() async throws {
        let t = try TestServer { $0.patchLogLength = 2 }
        let s = try await t.newSession()
        for _ in 0..<5 { _ = try await t.event(s, click) }
        let stream = try await openStream(t, session: s.id, lastEventID: "1")
        let reset = try #require(try await stream.nextEventAsync())
        #expect(reset.event == "reset" && reset.id == "5")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reset.data.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 5)
        #expect((json["html"] as? String)?.contains("Count: 5") == true)
        let bogus = try await openStream(t, session: s.id, lastEventID: "banana")
        #expect(try await bogus.nextEventAsync()?.event == "reset")
        let current = try await openStream(t, session: s.id, lastEventID: "5")
        _ = try await t.event(s, click)
        #expect(try await current.nextEventAsync()?.id == "6")
        await t.shutdown()
    }

    @Test("streams carry a heartbeat comment")
    func heartbeat() async throws {
        let t = try TestServer { $0.heartbeatSeconds = 0.05 }
        let s = try await t.newSession()
        let stream = try await openStream(t, session: s.id)
        let ping = try #require(try await stream.nextAsync())
        #expect(ping.comment == "ping")
        await t.shutdown()
    }

    @Test("a stream needs a live session and an open graph")
    func refused() async throws {
        let t = try TestServer()
        let none = try await http(t.port, "GET", "/liveui/stream")
        #expect(none.status == 403)
        let gone = try await http(t.port, "GET", "/liveui/stream", headers: ["Cookie": "liveui_sid=" + String(repeating: "0", count: 32)])
        #expect(gone.status == 410)
        await t.shutdown()
    }

    @Test("a vanished client is noticed and its listener released")
    func vanished() async throws {
        let t = try TestServer { $0.heartbeatSeconds = 0.05 }
        let s = try await t.newSession()
        var stream: SSEReader? = try await openStream(t, session: s.id)
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/counter"))
        try await waitWhile { host.listenerCount < 1 }
        stream = nil  // closes the socket
        _ = stream
        try await waitWhile { host.listenerCount > 0 } step: { try await Task.sleep(for: .milliseconds(10)) }  // event: heartbeat write fails
        #expect(host.listenerCount == 0)
        await t.shutdown()
    }

    @Test("stopping the server ends open streams with a last event")
    func shutdownEvent() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let stream = try await openStream(t, session: s.id)
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/counter"))
        try await waitWhile { host.listenerCount < 1 }
        await t.shutdown()
        let last = try #require(try await stream.nextEventAsync())
        #expect(last.event == "shutdown")
        #expect(try await stream.nextEventAsync() == nil)
        #expect(t.closed.count == 1)
    }
}

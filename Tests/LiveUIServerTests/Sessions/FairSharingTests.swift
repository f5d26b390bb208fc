import Foundation
import Testing
@testable import LiveUIServer

/// Sends `request` on `connection` (kept alive) and reads the answer.
private func exchange(_ connection: RawConnection, _ request: String) throws -> RawResponse {
    try connection.send(request)
    return try connection.readResponse()
}

@Suite("Fair sharing: no address shuts others out")
struct FairSharingTests {
    @Test("200 tabs opened at once from one address are all served; past the burst, 429 too_many_sessions with Retry-After")
    func sessionBudget() async throws {
        let t = try TestServer()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await http(t.port, "POST", "/liveui/session?route=/counter").status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 }, "\(Set(statuses))")
        await t.shutdown()

        let small = try TestServer {
            $0.sessionBurstPerAddress = 3
            $0.sessionsPerSecondPerAddress = 0.5
        }
        for _ in 0..<3 { _ = try await small.newSession() }
        let refused = try await http(small.port, "POST", "/liveui/session?route=/counter")
        #expect(refused.status == 429 && refused.errorCode == "too_many_sessions")
        #expect(refused.header("Retry-After") == "2")
        #expect(refused.json["message"] is String)
        let page = try await http(small.port, "GET", "/counter")
        #expect(page.status == 429 && page.errorCode == "too_many_sessions")
        // Another address has its own budget.
        let port = small.port
        let other = try await blocking {
            try exchange(RawConnection(port: port, source: "127.0.0.2"), "GET /counter HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        #expect(other.status == 200)
        small.clock.advance(by: 2)
        #expect(try await http(small.port, "POST", "/liveui/session?route=/counter").status == 200)
        await small.shutdown()
    }

    @Test("a session that never received an event ends after unusedSessionTTL; one that did lives for sessionIdleTTL")
    func unusedSessionsExpire() async throws {
        let t = try TestServer()
        let unused = try await t.newSession()
        let used = try await t.newSession()
        #expect(try await t.event(used, #"{"target":"increment","type":"click"}"#).status == 200)
        t.clock.advance(by: 61)
        #expect(await t.server.expireIdleSessions() == 1)
        #expect(try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": unused.id]).status == 410)
        #expect(try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": used.id]).status == 200)
        await t.shutdown()
    }

    @Test("at maxSessions the least recently used idle session ends for a newcomer; 503 only when every session streams")
    func leastRecentlyUsedEviction() async throws {
        let t = try TestServer { $0.maxSessions = 2 }
        let first = try await t.newSession()
        t.clock.advance(by: 1)
        let second = try await t.newSession()
        t.clock.advance(by: 1)
        let third = try await t.newSession()
        #expect(try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": first.id]).status == 410)
        #expect(try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": second.id]).status == 200)
        let streams = [try await openStream(t, session: second.id), try await openStream(t, session: third.id)]
        let refused = try await http(t.port, "POST", "/liveui/session?route=/counter")
        #expect(refused.status == 503 && refused.errorCode == "unavailable")
        #expect(refused.header("Retry-After") != nil)
        #expect(try await http(t.port, "GET", "/counter").status == 503)
        withExtendedLifetime(streams) {}
        await t.shutdown()
    }

    @Test("a session holds at most maxStreamsPerSession streams; one more gets 429 too_many_streams")
    func streamCap() async throws {
        let t = try TestServer { $0.maxStreamsPerSession = 2 }
        let s = try await t.newSession()
        let open = [try await openStream(t, session: s.id), try await openStream(t, session: s.id)]
        let third = try await http(t.port, "GET", "/liveui/stream?route=/counter", headers: ["Cookie": "liveui_sid=\(s.id)"])
        #expect(third.status == 429 && third.errorCode == "too_many_streams")
        #expect(third.header("Retry-After") != nil)
        withExtendedLifetime(open) {}
        await t.shutdown()
    }

    @Test("connections over perIPConnectionLimit are answered 429 too_many_connections, not closed silently")
    func perAddressConnections() async throws {
        let t = try TestServer { $0.perIPConnectionLimit = 4 }
        let port = t.port
        let (kept, over, other) = try await blocking { () -> ([RawConnection], RawResponse, RawResponse) in
            // Each connection is counted once it has been served.
            let kept = try (0..<4).map { _ in try RawConnection(port: port) }
            for c in kept {
                guard try exchange(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").status == 200 else {
                    throw RawHTTPError(description: "a connection within the limit was refused")
                }
            }
            let over = try exchange(RawConnection(port: port), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let other = try exchange(RawConnection(port: port, source: "127.0.0.2"), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            return (kept, over, other)
        }
        #expect(over.status == 429 && over.errorCode == "too_many_connections")
        #expect(over.header("Retry-After") != nil)
        #expect(other.status == 200)
        withExtendedLifetime(kept) {}
        await t.shutdown()
    }

    @Test("connections over connectionLimit are answered 503, not closed silently")
    func totalConnections() async throws {
        let t = try TestServer {
            $0.connectionLimit = 4
            $0.perIPConnectionLimit = 0
        }
        let port = t.port
        let (kept, over) = try await blocking { () -> ([RawConnection], RawResponse) in
            let kept = try (0..<4).map { _ in try RawConnection(port: port) }
            for c in kept { _ = try exchange(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") }
            return (kept, try exchange(RawConnection(port: port), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
        }
        #expect(over.status == 503 && over.errorCode == "unavailable")
        withExtendedLifetime(kept) {}
        await t.shutdown()
    }

    @Test("by default, 200 tabs behind one address each hold a stream and a kept-alive connection, and all are served")
    func officeBehindOneAddress() async throws {
        let t = try TestServer()
        let port = t.port
        let (tabs, served) = try await blocking { () -> ([(RawConnection, SSEReader)], Int) in
            var tabs: [(RawConnection, SSEReader)] = []
            var served = 0
            for _ in 0..<200 {
                let page = try RawConnection(port: port)
                let created = try exchange(page, "POST /liveui/session?route=/counter HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
                guard let id = created.json["session"] as? String, let token = created.json["token"] as? String else {
                    throw RawHTTPError(description: "session \(tabs.count) refused: \(created.status) \(created.body)")
                }
                let stream = try openStreamSync(port: port, session: id, route: "/counter", lastEventID: nil)
                let body = #"{"target":"increment","type":"click"}"#
                let event = try exchange(
                    page,
                    "POST /liveui/event HTTP/1.1\r\nHost: x\r\nX-LiveUI-Session: \(id)\r\nX-LiveUI-Token: \(token)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                if event.status == 200 { served += 1 }
                tabs.append((page, stream))
            }
            return (tabs, served)
        }
        #expect(tabs.count == 200 && served == 200)
        await t.shutdown()
    }
}

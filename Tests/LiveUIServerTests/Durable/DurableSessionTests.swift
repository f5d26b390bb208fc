import Foundation
import Testing

@testable import LiveUIServer

/// Sessions saved before each answer and resumed by another server on the same store (a restart, another
/// instance): Sources/LiveUIServer/Durable.
@Suite("Durable sessions")
struct DurableSessionTests {
    @Test("with the memory store no persistence object is made")
    func memoryMakesNothing() async throws {
        let server = try TestServer()
        #expect(server.server.context.store.durable == nil)
        let session = try await server.newSession()
        #expect(try await server.event(session, #"{"target":"increment","type":"click"}"#).status == 200)
        #expect(server.server.context.store.lookup(session.id)?.durability == nil)
        #expect(server.server.context.store.lookup(session.id)?.openGraphs.first?.saver == nil)
        await server.shutdown()
    }

    @Test("every answered event is in the store: another server resumes the session with its token and state")
    func resumeElsewhere() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store)
        let session = try await first.newSession()
        for seq in 1...3 {
            let answer = try await first.click(session, seq: seq)
            #expect(answer.status == 200)
            #expect(answer.body.contains("Count: \(seq)"))
        }
        // The first server is gone as far as the client knows (never stopped: nothing flushed at exit).
        let second = try DurableServer(store: store)
        #expect(try await second.count(session) == "3")
        // A token one digit off (never the real one, whatever its first digit is).
        let wrong = (session.token.hasPrefix("0") ? "1" : "0") + session.token.dropFirst()
        #expect(try await second.click(session, seq: 4, token: wrong).status == 403)
        let next = try await second.click(session, seq: 4)
        #expect(next.status == 200)
        #expect(next.body.contains("Count: 4"))
        #expect(try await second.count(session) == "4")
        await first.stop()
        await second.stop()
    }

    @Test("SQLite behind its log, as the server runs it: a server after one that died unclosed has every answered click")
    func loggedSQLite() async throws {
        let path = StoreFixture.temporaryPath()
        func logged() -> LoggedStateStore {
            LoggedStateStore(
                inner: SQLiteStateStore(path: path, sessionTTL: 600, appStorageTTL: 600), path: path, checkpointInterval: 3600)
        }
        let first = try DurableServer(store: logged())
        #expect(first.server.context.store.durable?.commitsInPlace == true)
        let session = try await first.newSession()
        for seq in 1...5 {
            let answer = try await first.click(session, seq: seq)
            #expect(answer.status == 200)
            #expect(answer.body.contains("Count: \(seq)"))
        }
        // The first server is never stopped: what it did not checkpoint is in its log, which the next one replays.
        let second = try DurableServer(store: logged())
        #expect(try await second.count(session) == "5")
        let next = try await second.click(session, seq: 6)
        #expect(next.status == 200 && next.body.contains("Count: 6"))
        await second.stop()
        await first.stop()
    }

    @Test("a retry of an event saved by a server that is gone is not applied again: its answer is the page")
    func lostAnswer() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store)
        let session = try await first.newSession()
        #expect(try await first.click(session, seq: 1).status == 200)
        #expect(try await first.click(session, seq: 2).status == 200)
        let second = try DurableServer(store: store)
        let retry = try await second.click(session, seq: 2)
        #expect(retry.status == 200)
        #expect(retry.json["seq"] as? Int == 2)
        #expect((retry.json["html"] as? String)?.contains("Count: 2") == true)
        #expect(try await second.count(session) == "2")
        // Numbered afresh, above anything the first server sent.
        #expect((retry.json["version"] as? Int ?? 0) > 1_000_000)
        await first.stop()
        await second.stop()
    }

    @Test("the store down: 503 with Retry-After and nothing kept; back up: the retry is applied once")
    func storeDown() async throws {
        let store = SwitchableStore()
        let server = try DurableServer(store: store)
        let session = try await server.newSession()
        #expect(try await server.click(session, seq: 1).status == 200)
        store.down.withLock { $0 = true }
        let refused = try await server.click(session, seq: 2)
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_unavailable")
        #expect(refused.header("retry-after") == "1")
        // Refused at once while the store counts as down, without running.
        #expect(try await server.click(session, seq: 2).errorCode == "store_unavailable")
        store.down.withLock { $0 = false }
        server.clock.advance(by: 2)
        let retried = try await server.click(session, seq: 2)
        #expect(retried.status == 200)
        #expect(retried.body.contains("Count: 2"))
        #expect(store.inner.load(session: session.id) != nil)
        let other = try DurableServer(store: store)
        #expect(try await other.count(session) == "2")
        await server.stop()
        await other.stop()
    }

    @Test("a session leased by a live instance is 503 elsewhere until that one stops, then moves with its state")
    func leases() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store, leases: true)
        let second = try DurableServer(store: store, leases: true)
        let session = try await first.newSession()
        #expect(try await first.click(session, seq: 1).status == 200)
        let held = try await second.click(session, seq: 2)
        #expect(held.status == 503)
        #expect(held.errorCode == "session_elsewhere")
        #expect(Int(held.header("retry-after") ?? "") ?? 0 >= 1)
        // The page of its cookie says so too, as a page, and sets no new session.
        let page = try await http(second.port, "GET", "/count", headers: ["Cookie": "liveui_sid=\(session.id)"])
        #expect(page.status == 503)
        #expect(page.header("content-type")?.hasPrefix("text/html") == true)
        #expect(page.header("retry-after") != nil)
        #expect(page.headers("set-cookie").isEmpty)
        await first.stop()
        let moved = try await second.click(session, seq: 2)
        #expect(moved.status == 200)
        #expect(moved.body.contains("Count: 2"))
        // The first holder cannot write it any more (fenced).
        #expect(store.inner.commit(StateBatch(holder: "someone else", sessions: [SessionChanges(session: session.id, token: session.token)])) == [session.id])
        await second.stop()
    }

    @Test("a lost lease fences the write: the event is 503 and the copy dropped; the new holder's state stands")
    func fencedWrite() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store, leases: true)
        let second = try DurableServer(store: store, leases: true)
        let session = try await first.newSession()
        #expect(try await first.click(session, seq: 1).status == 200)
        // The first instance paused past its lease, and the second took the session over.
        let holder = try #require(first.server.context.store.durable?.holder)
        store.inner.releaseLease(session: session.id, holder: holder)
        #expect(try await second.click(session, seq: 2).body.contains("Count: 2"))
        let fenced = try await first.click(session, seq: 3)
        #expect(fenced.status == 503)
        #expect(fenced.errorCode == "session_elsewhere")
        #expect(first.server.context.store.lookup(session.id) == nil)
        #expect(try await first.click(session, seq: 3).errorCode == "session_elsewhere")
        #expect(try await second.count(session) == "2")
        await first.stop()
        await second.stop()
    }

    @Test("the lease timer renews sessions in use and lets idle ones go, to be taken over at once")
    func leaseTimer() async throws {
        let store = SwitchableStore()
        let server = try DurableServer(store: store, leases: true)
        let durable = try #require(server.server.context.store.durable)
        let (busy, idle) = (try await server.newSession(), try await server.newSession())
        #expect(try await server.click(busy, seq: 1).status == 200)
        #expect(try await server.click(idle, seq: 1).status == 200)
        server.clock.advance(by: DurableSessions.leaseSeconds - DurableSessions.renewSeconds + 1)
        #expect(try await server.click(busy, seq: 2).status == 200)
        LiveServer.renewLeases(server.server.context.store, durable)
        #expect(server.server.context.store.lookup(busy.id) != nil)
        #expect(server.server.context.store.lookup(idle.id) == nil)
        // The idle one's lease is given up on the store's thread: another instance gets it at once.
        let deadline = Date().addingTimeInterval(5)
        while store.inner.acquireLease(session: idle.id, holder: "other", ttl: 10) != .granted, Date() < deadline {
            await Task.yield()
        }
        #expect(store.inner.acquireLease(session: idle.id, holder: "other", ttl: 10) == .granted)
        #expect(store.inner.acquireLease(session: busy.id, holder: "other", ttl: 10) != .granted)
        await server.stop()
    }

    @Test("an event that stopped the server again after a resume is refused, and the session goes on")
    func crashLoop() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store)
        let session = try await first.newSession()
        #expect(try await first.click(session, seq: 1).status == 200)
        // The first event after a resume is marked while it runs, and the mark goes with its commit.
        let second = try DurableServer(store: store)
        #expect(try await second.click(session, seq: 2).status == 200)
        let marker = SessionDurability.attemptMarker + SessionDurability.seqKey(tab: "t1", route: "/count")
        #expect(store.inner.load(session: session.id)?.metadata[marker] == nil)
        // What a server that died on event 3 after its resume leaves behind: the mark.
        _ = store.inner.commit(StateBatch(sessions: [
            SessionChanges(session: session.id, token: session.token, metadata: KeyChanges(written: [marker: Array("3".utf8)]))
        ]))
        let third = try DurableServer(store: store)
        let refused = try await third.click(session, seq: 3)
        #expect(refused.status == 500)
        #expect(refused.errorCode == "event_failed")
        #expect(try await third.count(session) == "2")
        let next = try await third.click(session, seq: 4)
        #expect(next.status == 200)
        #expect(next.body.contains("Count: 3"))
        for server in [first, second, third] { await server.stop() }
    }

    @Test("an expired session is removed from the store")
    func expiry() async throws {
        let store = SwitchableStore()
        let server = try DurableServer(store: store)
        let session = try await server.newSession()
        #expect(try await server.click(session, seq: 1).status == 200)
        #expect(store.inner.load(session: session.id) != nil)
        server.clock.advance(by: Configuration().sessionIdleTTL + 1)
        #expect(await server.server.expireIdleSessions() == 1)
        // The deletion runs on the store's own thread: stopping the server waits for it.
        await server.stop()
        #expect(store.inner.load(session: session.id) == nil)
    }

    @Test("app storage follows the browser cookie into a new session; scene storage the session into a resume")
    func storedValues() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store)
        let page = try await http(first.port, "GET", "/stored")
        let cookies = page.headers("set-cookie")
        func cookie(_ name: String) -> String? {
            cookies.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1).prefix(32)) }
        }
        let browser = try #require(cookie("liveui_browser"))
        #expect(cookies.contains { $0.hasPrefix("liveui_browser=") && $0.contains("Max-Age=34560000") && $0.contains("HttpOnly") })
        let sid = try #require(cookie("liveui_sid"))
        let token = try #require(page.body.firstMatch(of: /liveui-token" content="([0-9a-f]+)"/).map { String($0.1) })
        for target in ["visit", "tap"] {
            let r = try await http(
                first.port, "POST", "/liveui/event",
                headers: ["X-LiveUI-Session": sid, "X-LiveUI-Token": token, "Content-Type": "application/json"],
                body: #"{"target":"\#(target)","type":"click","route":"/stored"}"#)
            #expect(r.status == 200)
        }
        let second = try DurableServer(store: store)
        // The same session, resumed: both values.
        let resumed = try await http(second.port, "GET", "/stored", headers: ["Cookie": "liveui_sid=\(sid); liveui_browser=\(browser)"])
        #expect(resumed.body.contains("Visits: 1 Taps: 1"))
        // A new session of the same browser: its app storage, a fresh scene.
        let fresh = try await http(second.port, "GET", "/stored", headers: ["Cookie": "liveui_browser=\(browser)"])
        #expect(fresh.body.contains("Visits: 1 Taps: 0"))
        #expect(!fresh.headers("set-cookie").contains { $0.hasPrefix("liveui_browser=") })
        await first.stop()
        await second.stop()
    }

    @Test("a resumed session keeps the idle TTL: a minute without events after a restart does not end it")
    func resumedKeepsIdleTTL() async throws {
        let store = SwitchableStore()
        let first = try DurableServer(store: store)
        let session = try await first.newSession()
        #expect(try await first.click(session, seq: 1).status == 200)
        let second = try DurableServer(store: store)
        #expect(try await second.count(session) == "1")
        second.clock.advance(by: Configuration().unusedSessionTTL + 1)
        #expect(await second.server.expireIdleSessions() == 0)
        second.clock.advance(by: Configuration().sessionIdleTTL)
        #expect(await second.server.expireIdleSessions() == 1)
        await first.stop()
        await second.stop()
    }

    @Test("a request for a session the store does not have is 410, and its page starts a new session")
    func unknownSession() async throws {
        let server = try DurableServer(store: SwitchableStore())
        let unknown = (id: String(repeating: "a", count: 32), token: String(repeating: "b", count: 32))
        #expect(try await server.click(unknown, seq: 1).status == 410)
        let page = try await http(server.port, "GET", "/count", headers: ["Cookie": "liveui_sid=\(unknown.id)"])
        #expect(page.status == 200)
        #expect(page.headers("set-cookie").contains { $0.hasPrefix("liveui_sid=") && !$0.contains(unknown.id) })
        await server.stop()
    }

    @Test("stopping (SIGTERM) gives every lease up, so that another instance takes the sessions at once")
    func stopFlushes() async throws {
        let store = SwitchableStore()
        let server = try DurableServer(store: store, leases: true)
        let session = try await server.newSession()
        #expect(try await server.click(session, seq: 1).status == 200)
        #expect(store.inner.acquireLease(session: session.id, holder: "other", ttl: 10) != .granted)
        await server.stop()
        #expect(store.inner.acquireLease(session: session.id, holder: "other", ttl: 10) == .granted)
    }
}

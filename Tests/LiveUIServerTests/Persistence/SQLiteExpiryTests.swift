import Foundation
import Testing
@testable import LiveUIServer

/// SQLite rewrites a session's row (and its expiry index) only when its expiry lags a thousandth of the TTL
/// behind, or its token or browser changed: a stream of clicks writes only their values.
@Suite("SQLite session expiry")
struct SQLiteExpiryTests {
    private static let ttl = 1000.0  // a slack of 1 s

    private struct Fixture {
        let path = StoreFixture.temporaryPath()
        let clock = ManualStoreClock()
        let store: SQLiteStateStore

        init() { store = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: SQLiteExpiryTests.ttl, appStorageTTL: 6000) }

        func commit(_ id: String, token: String = "t", browser: String? = nil, value: String = "v") throws {
            let changes = SessionChanges(
                session: id, token: token, browser: browser, routes: ["/": KeyChanges(written: ["k": bytes(value)])])
            _ = try store.commit(StateBatch(sessions: [changes]))
        }

        /// The session's saved expiry, read by a connection of its own.
        func expiry(_ id: String) throws -> Double? {
            let reader = try SQLiteConnection(path: path, busyTimeout: 1)
            var found: Double?
            try reader.run("SELECT expires_at FROM sessions WHERE id = ?", [.text(id)]) { found = $0.real(0) }
            return found
        }

        var now: Double { clock.clock.now() }
    }

    @Test("a commit within the slack leaves the expiry; one past it extends it to the TTL from now")
    func slack() throws {
        let fixture = Fixture()
        let id = SecureToken.hex()
        try fixture.commit(id)
        let first = try #require(try fixture.expiry(id))
        #expect(first == fixture.now + Self.ttl)
        fixture.clock.advance(0.5)
        try fixture.commit(id, value: "w")
        #expect(try fixture.expiry(id) == first, "within the slack the row is not rewritten")
        #expect(try fixture.store.load(session: id)?.routes["/"]?["k"] == bytes("w"), "the value is")
        fixture.clock.advance(0.75)
        try fixture.commit(id)
        #expect(try fixture.expiry(id) == fixture.now + Self.ttl)
    }

    @Test("a session committed more often than the slack never expires more than the slack early")
    func steadyClicks() throws {
        let fixture = Fixture()
        let id = SecureToken.hex()
        var rewrites = 0
        var last = -1.0
        for _ in 0..<60 {
            try fixture.commit(id)
            let expiry = try #require(try fixture.expiry(id))
            #expect(expiry >= fixture.now + Self.ttl - Self.ttl / 1000)
            if expiry != last { rewrites += 1 }
            last = expiry
            fixture.clock.advance(0.3)
        }
        #expect(rewrites > 1 && rewrites < 60)
        fixture.clock.advance(Self.ttl - 1.5)
        #expect(try fixture.store.load(session: id) != nil)
    }

    @Test("a changed token or browser is written at once")
    func tokenAndBrowser() throws {
        let fixture = Fixture()
        let id = SecureToken.hex()
        try fixture.commit(id, token: "a")
        try fixture.commit(id, token: "b", browser: "x")
        var stored = try fixture.store.load(session: id)
        #expect(stored?.token == "b")
        #expect(stored?.browser == "x")
        // No browser named keeps the one saved.
        try fixture.commit(id, token: "b")
        stored = try fixture.store.load(session: id)
        #expect(stored?.browser == "x")
    }
}

/// A commit skips clearing an expired row only while the store itself saw the row live; a row it has not
/// seen, or whose time passed, is still cleared.
@Suite("SQLite expired rows")
struct SQLiteExpiredRowTests {
    @Test("a session that expired between two commits of one store starts afresh")
    func expiredBetweenCommits() throws {
        let path = StoreFixture.temporaryPath()
        let clock = ManualStoreClock()
        let store = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: 60, appStorageTTL: 600)
        let id = SecureToken.hex()
        _ = try store.commit(StateBatch(sessions: [SessionChanges(session: id, token: "t", routes: ["/": KeyChanges(written: ["old": bytes("1")])])]))
        clock.advance(59)
        _ = try store.commit(StateBatch(sessions: [SessionChanges(session: id, token: "t")]))
        #expect(try store.load(session: id)?.routes["/"]?["old"] == bytes("1"), "extended: still there")
        clock.advance(121)
        _ = try store.commit(StateBatch(sessions: [SessionChanges(session: id, token: "t", routes: ["/": KeyChanges(written: ["new": bytes("2")])])]))
        #expect(try store.load(session: id)?.routes["/"] == ["new": bytes("2")])
    }

    @Test("a row another store left to expire is cleared by a store that never saw it")
    func otherStore() throws {
        let path = StoreFixture.temporaryPath()
        let clock = ManualStoreClock()
        let first = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: 60, appStorageTTL: 600)
        let second = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: 60, appStorageTTL: 600)
        let id = SecureToken.hex()
        _ = try first.commit(StateBatch(sessions: [SessionChanges(session: id, token: "t", routes: ["/": KeyChanges(written: ["old": bytes("1")])])]))
        clock.advance(61)
        _ = try second.commit(StateBatch(sessions: [SessionChanges(session: id, token: "t")]))
        #expect(try second.load(session: id)?.routes.isEmpty == true)
    }

    @Test("a token change from a store with a shorter TTL does not shorten the expiry")
    func neverShortened() throws {
        let path = StoreFixture.temporaryPath()
        let clock = ManualStoreClock()
        let long = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: 600, appStorageTTL: 600)
        let short = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: 10, appStorageTTL: 600)
        let id = SecureToken.hex()
        _ = try long.commit(StateBatch(sessions: [SessionChanges(session: id, token: "a", routes: ["/": KeyChanges(written: ["k": bytes("1")])])]))
        _ = try short.commit(StateBatch(sessions: [SessionChanges(session: id, token: "b")]))
        clock.advance(100)
        let stored = try long.load(session: id)
        #expect(stored?.token == "b")
        #expect(stored?.routes["/"]?["k"] == bytes("1"))
    }
}

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

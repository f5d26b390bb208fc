import Foundation
import Testing
@testable import LiveUIServer

/// Redis sets a session hash's TTL when its last setting lags a thousandth of the TTL, or when a commit
/// makes the hash afresh: a stream of clicks costs Redis no `PEXPIRE` each, and no hash is left without one.
@Suite("Redis session expiry")
struct RedisExpiryTests {
    /// A slack of 100 s: no test run, however loaded, takes that long between two commits.
    private static let sessionTTL = 100_000.0

    private static func commit(_ store: RedisStateStore, _ id: String, _ value: String) throws {
        let changes = SessionChanges(session: id, token: "t", routes: ["/": KeyChanges(written: ["k": bytes(value)])])
        _ = try store.commit(StateBatch(sessions: [changes]))
    }

    private static func ttl(_ server: RedisServer, _ key: String) throws -> Int? {
        guard case .integer(let ms) = try server.command("PTTL", key) else { return nil }
        return ms
    }

    @Test("a commit within the slack leaves the TTL as the last one set it")
    func withinSlack() async throws {
        let server = try RedisServer.shared.get()
        let prefix = "test:\(SecureToken.hex()):"
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, prefix: prefix, sessionTTL: Self.sessionTTL, appStorageTTL: 3600)
        let id = SecureToken.hex()
        try await blocking { try Self.commit(store, id, "1") }
        // The TTL shortened behind the store's back: a commit within the slack does not set it again.
        #expect(try await blocking { try server.command("PEXPIRE", prefix + "s:" + id, "100000") } == .integer(1))
        try await blocking { try Self.commit(store, id, "2") }
        #expect(try await blocking { try Self.ttl(server, prefix + "s:" + id) }.map { $0 <= 100_000 } == true)
        #expect(try await blocking { try store.load(session: id) }?.routes["/"]?["k"] == bytes("2"))
    }

    @Test("a hash made afresh by a commit within the slack gets its TTL all the same")
    func madeAfresh() async throws {
        let server = try RedisServer.shared.get()
        let prefix = "test:\(SecureToken.hex()):"
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, prefix: prefix, sessionTTL: Self.sessionTTL, appStorageTTL: 3600)
        let id = SecureToken.hex()
        try await blocking { try Self.commit(store, id, "1") }
        #expect(try await blocking { try server.command("DEL", prefix + "s:" + id) } == .integer(1))
        try await blocking { try Self.commit(store, id, "2") }
        let left = try #require(try await blocking { try Self.ttl(server, prefix + "s:" + id) })
        #expect(left > 99_000_000 && left <= 100_000_000)
    }
}

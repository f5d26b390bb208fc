import Foundation
import LiveUI
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
    /// An event's changes as the server commits them: encoded where they are taken, against the session's head.
    private static func encodedCommit(
        _ store: RedisStateStore, _ head: RedisSessionHead, _ value: String, removing removed: Set<String> = []
    ) throws {
        var buffer: [UInt8] = []
        var changes = SessionChanges(session: head.session, token: "t", browser: "b")
        changes.encoded = RedisStateStore.encode(
            head, route: "/", changes: StateChanges(written: ["k": Data(value.utf8)], removed: removed),
            scene: StateChanges(written: ["s": Data("1".utf8)]), metadata: KeyChanges(written: ["m": bytes("x")]), tab: "t /",
            seq: 7, into: &buffer)
        _ = try store.commit(StateBatch(sessions: [changes]))
    }

    @Test("changes encoded where they are taken load back as the changes they encode, token and browser included")
    func encodedChanges() async throws {
        let server = try RedisServer.shared.get()
        let prefix = "test:\(SecureToken.hex()):"
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, prefix: prefix, sessionTTL: Self.sessionTTL, appStorageTTL: 3600)
        let id = SecureToken.hex()
        let head = store.head(session: id, token: "t", browser: "b")
        try await blocking { try Self.encodedCommit(store, head, "1") }
        try await blocking { try Self.encodedCommit(store, head, "2", removing: ["gone"]) }
        let loaded = try #require(try await blocking { try store.load(session: id) })
        #expect(loaded == StoredSession(
            session: id, token: "t", browser: "b", routes: ["/": ["k": bytes("2")]], scene: ["s": bytes("1")],
            tabSeqs: ["t /": 7], metadata: ["m": bytes("x")]))
    }

    @Test("a hash made afresh under a click that sends its pairs alone gets its TTL, and its token with the next commit")
    func encodedMadeAfresh() async throws {
        let server = try RedisServer.shared.get()
        let prefix = "test:\(SecureToken.hex()):"
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, prefix: prefix, sessionTTL: Self.sessionTTL, appStorageTTL: 3600)
        let id = SecureToken.hex()
        let head = store.head(session: id, token: "t", browser: "b")
        try await blocking { try Self.encodedCommit(store, head, "1") }
        #expect(try await blocking { try server.command("DEL", prefix + "s:" + id) } == .integer(1))
        // Within the slack: the click sends its pairs alone; they make the hash afresh, which gets its TTL.
        try await blocking { try Self.encodedCommit(store, head, "2") }
        let left = try #require(try await blocking { try Self.ttl(server, prefix + "s:" + id) })
        #expect(left > 99_000_000 && left <= 100_000_000)
        try await blocking { try Self.encodedCommit(store, head, "3") }
        let loaded = try await blocking { try store.load(session: id) }
        #expect(loaded?.token == "t")
        #expect(loaded?.browser == "b")
        #expect(loaded?.routes["/"]?["k"] == bytes("3"))
    }
}

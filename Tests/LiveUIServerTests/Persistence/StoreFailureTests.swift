import Foundation
import Testing
@testable import LiveUIServer

/// Stores that are down, locked or full: a typed error, nothing half-written, and recovery.
@Suite("State store failures")
struct StoreFailureTests {
    private static func changes(_ session: String, _ value: String, size: Int = 0) -> SessionChanges {
        var written = ["k": bytes(value)]
        if size > 0 { written["big"] = [UInt8](repeating: 7, count: size) }
        return SessionChanges(session: session, token: "t", routes: ["/": KeyChanges(written: written)])
    }

    private static func isUnavailable(_ error: any Error, mentioning text: String = "") -> Bool {
        guard case StateStoreError.unavailable(let reason) = error else { return false }
        return text.isEmpty || reason.contains(text)
    }

    @Test("SQLite locked by another process: unavailable, nothing written, then written once the lock is gone")
    func sqliteLocked() async throws {
        let path = StoreFixture.temporaryPath()
        let store = SQLiteStateStore(path: path, sessionTTL: 3600, appStorageTTL: 3600, busyTimeout: 0.1)
        let writer = StateWriter(store: store, holder: nil)
        defer { writer.close() }
        let id = SecureToken.hex()
        try await writer.commit(sessions: [Self.changes(id, "before")])
        let locker = try SQLiteConnection(path: path, busyTimeout: 0)
        try locker.execute("BEGIN EXCLUSIVE")
        await #expect { try await writer.commit(sessions: [Self.changes(id, "during")]) } throws: {
            Self.isUnavailable($0, mentioning: "locked")
        }
        try locker.execute("COMMIT")
        #expect(try await blocking { try store.load(session: id) }?.routes["/"]?["k"] == bytes("before"))
        try await writer.commit(sessions: [Self.changes(id, "after")])
        #expect(try await blocking { try store.load(session: id) }?.routes["/"]?["k"] == bytes("after"))
    }

    @Test("SQLite in a directory that does not exist yet: unavailable until it does")
    func sqliteMissingDirectory() async throws {
        let directory = NSTemporaryDirectory() + "liveui-missing-" + SecureToken.hex()
        let store = SQLiteStateStore(path: directory + "/state.db", sessionTTL: 3600, appStorageTTL: 3600)
        let id = SecureToken.hex()
        await #expect { try await blocking { _ = try store.commit(StateBatch(sessions: [Self.changes(id, "1")])) } } throws: {
            Self.isUnavailable($0, mentioning: "cannot open")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let loaded = try await blocking { () throws -> StoredSession? in
            _ = try store.commit(StateBatch(sessions: [Self.changes(id, "1")]))
            return try store.load(session: id)
        }
        #expect(loaded?.routes["/"]?["k"] == bytes("1"))
    }

    @Test("SQLite full: a batch that does not fit leaves every session in it as it was")
    func sqliteFull() async throws {
        let path = StoreFixture.temporaryPath()
        let full = SQLiteStateStore(path: path, sessionTTL: 3600, appStorageTTL: 3600, maxPageCount: 64)
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        try await blocking { _ = try full.commit(StateBatch(sessions: [Self.changes(a, "a1"), Self.changes(b, "b1")])) }
        await #expect {
            try await blocking {
                _ = try full.commit(StateBatch(sessions: [Self.changes(a, "a2"), Self.changes(b, "b2", size: 1 << 20)]))
            }
        } throws: { Self.isUnavailable($0, mentioning: "full") }
        #expect(try await blocking { try full.load(session: a) }?.routes["/"]?["k"] == bytes("a1"))
        // The same file without the cap takes the batch.
        let roomy = SQLiteStateStore(path: path, sessionTTL: 3600, appStorageTTL: 3600)
        try await blocking { _ = try roomy.commit(StateBatch(sessions: [Self.changes(a, "a2"), Self.changes(b, "b2", size: 1 << 20)])) }
        #expect(try await blocking { try roomy.load(session: b) }?.routes["/"]?["big"]?.count == 1 << 20)
    }

    @Test("Redis killed: unavailable from the writer, then written again once it is back on its port")
    func redisDown() async throws {
        let server = try await blocking { try RedisServer() }
        defer { server.kill() }
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, sessionTTL: 3600, appStorageTTL: 3600, timeout: 1)
        let writer = StateWriter(store: store, holder: nil)
        defer { writer.close() }
        let id = SecureToken.hex()
        try await writer.commit(sessions: [Self.changes(id, "before")])
        server.kill()
        await #expect { try await writer.commit(sessions: [Self.changes(id, "down")]) } throws: { Self.isUnavailable($0) }
        await #expect { try await blocking { try store.load(session: id) } } throws: { Self.isUnavailable($0, mentioning: "connect") }
        try await blocking { try server.start() }
        // A fresh server without persistence: what was written before is gone, the store works again.
        try await writer.commit(sessions: [Self.changes(id, "after")])
        #expect(try await blocking { try store.load(session: id) }?.routes["/"]?["k"] == bytes("after"))
    }

    @Test("Redis out of memory: the batch is refused whole, then taken once there is room")
    func redisFull() async throws {
        let server = try await blocking { try RedisServer() }
        defer { server.kill() }
        let store = RedisStateStore(host: "127.0.0.1", port: server.port, sessionTTL: 3600, appStorageTTL: 3600)
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        try await blocking { _ = try store.commit(StateBatch(sessions: [Self.changes(a, "a1")])) }
        #expect(try await blocking { try server.command("CONFIG", "SET", "maxmemory", "1") } == .simple("OK"))
        await #expect {
            try await blocking { _ = try store.commit(StateBatch(sessions: [Self.changes(a, "a2"), Self.changes(b, "b1")])) }
        } throws: { Self.isUnavailable($0) }
        #expect(try await blocking { try server.command("CONFIG", "SET", "maxmemory", "0") } == .simple("OK"))
        #expect(try await blocking { try store.load(session: a) }?.routes["/"]?["k"] == bytes("a1"))
        #expect(try await blocking { try store.load(session: b) } == nil)
        try await blocking { _ = try store.commit(StateBatch(sessions: [Self.changes(a, "a2"), Self.changes(b, "b1")])) }
        #expect(try await blocking { try store.load(session: b) }?.routes["/"]?["k"] == bytes("b1"))
    }
}

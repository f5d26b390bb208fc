import Foundation
import Testing
import TestSupport
@testable import LiveUIServer

/// A database that fails every commit while `down` is set (the other operations pass through).
private final class FlakyStore: ForwardingStateStore {
    let inner: any StateStore
    let down = Shared(false)
    let commits = Shared(0)

    init(_ inner: any StateStore) { self.inner = inner }

    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        if down.withLock({ $0 }) { throw .unavailable("flaky: down") }
        commits.withLock { $0 += 1 }
        return try inner.commit(batch)
    }
}

/// SQLite behind its commit log (docs/state-stores.md, "SQLite"): what a process acknowledged and then lost
/// with `kill -9` is replayed by the next one; checkpoints coalesce; a database that fails keeps the log.
@Suite("Logged SQLite store")
struct LoggedStateStoreTests {
    private static func click(_ session: String, _ n: Int, key: String = "count") -> SessionChanges {
        SessionChanges(
            session: session, token: "t", routes: ["/": KeyChanges(written: [key: bytes(String(n))])], tabSeqs: ["tab": n])
    }

    /// A logged store on a fresh file that checkpoints only when told (or when another operation needs it).
    private static func logged(_ path: String, _ database: (any StateStore)? = nil, fileBytes: Int = 1 << 20)
        -> LoggedStateStore
    {
        LoggedStateStore(
            inner: database ?? SQLiteStateStore(path: path, sessionTTL: 3600, appStorageTTL: 3600), path: path,
            checkpointInterval: 3600, fileBytes: fileBytes)
    }

    private static func database(_ path: String) -> SQLiteStateStore {
        SQLiteStateStore(path: path, sessionTTL: 3600, appStorageTTL: 3600)
    }

    @Test("every commit acknowledged by a process that died unclosed is replayed by the next one")
    func replayAfterKill() async throws {
        let path = StoreFixture.temporaryPath()
        let ids = (0..<5).map { _ in SecureToken.hex() }
        try await blocking {
            // The first process: acknowledged commits, no checkpoint, never closed (as after `kill -9`).
            let dying = Self.logged(path)
            for n in 1...40 { _ = try dying.commit(StateBatch(sessions: [Self.click(ids[n % ids.count], n)])) }
            _ = try dying.commit(StateBatch(appStorage: [AppStorageChanges(browser: "b", changes: KeyChanges(written: ["theme": bytes("dark")]))]))
            #expect(dying.checkpointCount == 0)
        }
        // The database alone has none of it: the log carried every commit.
        #expect(try await blocking { try ids.map { try Self.database(path).load(session: $0) } }.allSatisfy { $0 == nil })
        let next = Self.logged(path)
        defer { next.close() }
        for (index, id) in ids.enumerated() {
            let last = 40 - (40 - index) % ids.count
            let loaded = try await blocking { try next.load(session: id) }
            #expect(loaded?.routes["/"]?["count"] == bytes(String(last)))
            #expect(loaded?.tabSeqs == ["tab": last])
        }
        #expect(try await blocking { try next.loadAppStorage(browser: "b") } == ["theme": bytes("dark")])
        // Replayed into the database, and the log emptied: a third process finds the same in the database alone.
        #expect(try await blocking { try Self.database(path).load(session: ids[0]) }?.routes["/"]?["count"] == bytes("40"))
        var left = 0
        try CommitLog(path: path, capacity: 1 << 20).read { _ in left += 1 }
        #expect(left == 0)
    }

    @Test("a record cut short by the death of its writer is ignored; every whole record before it replays")
    func tornRecord() async throws {
        let path = StoreFixture.temporaryPath()
        let id = SecureToken.hex()
        let end = try await blocking { () throws -> Int in
            let dying = Self.logged(path)
            var end = CommitLog.headerSize
            for n in 1...3 {
                let batch = StateBatch(sessions: [Self.click(id, n)])
                _ = try dying.commit(batch)
                var record: [UInt8] = []
                BatchCoding.encode(batch, into: &record)
                end += CommitLog.recordHeaderSize + record.count
            }
            return end
        }
        // The fourth record, half copied: its header and a part of its payload.
        var record = [UInt8](repeating: 0, count: CommitLog.recordHeaderSize)
        BatchCoding.encode(StateBatch(sessions: [Self.click(id, 4)]), into: &record)
        let handle = try #require(FileHandle(forWritingAtPath: path + ".log1"))
        try handle.seek(toOffset: UInt64(end))
        try handle.write(contentsOf: Data([UInt8(record.count - 8), 0, 0, 0, 1, 2, 3, 4] + record[8..<record.count / 2]))
        try handle.close()
        let next = Self.logged(path)
        defer { next.close() }
        #expect(try await blocking { try next.load(session: id) }?.tabSeqs == ["tab": 3])
        // The log starts over behind the torn record: later commits replay.
        _ = try await blocking { try next.commit(StateBatch(sessions: [Self.click(id, 5)])) }
        #expect(try await blocking { try Self.logged(path).load(session: id) }?.tabSeqs == ["tab": 5])
    }

    @Test("a checkpoint writes each session's commits since the last one as one, and empties the log")
    func coalescing() async throws {
        let path = StoreFixture.temporaryPath()
        let flaky = FlakyStore(Self.database(path))
        let store = Self.logged(path, flaky)
        defer { store.close() }
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        try await blocking {
            for n in 1...50 {
                _ = try store.commit(StateBatch(sessions: [Self.click(a, n), Self.click(b, n, key: n % 2 == 0 ? "even" : "odd")]))
            }
            try store.checkpoint()
        }
        #expect(flaky.commits.withLock { $0 } == 1)
        #expect(store.checkpointCount == 1)
        let loaded = try await blocking { try Self.database(path).load(session: b) }
        #expect(loaded?.routes["/"] == ["even": bytes("50"), "odd": bytes("49")])
        #expect(try await blocking { try Self.database(path).load(session: a) }?.tabSeqs == ["tab": 50])
        // Nothing new: the next checkpoint writes nothing.
        try await blocking { try store.checkpoint() }
        #expect(flaky.commits.withLock { $0 } == 1)
    }

    @Test("while the database fails, commits stay in the log, across a restart too, and reach it once it works")
    func databaseDown() async throws {
        let path = StoreFixture.temporaryPath()
        let id = SecureToken.hex()
        let flaky = FlakyStore(Self.database(path))
        try await blocking {
            let dying = Self.logged(path, flaky)
            _ = try dying.commit(StateBatch(sessions: [Self.click(id, 1), Self.click(id, 1, key: "first")]))
            flaky.down.withLock { $0 = true }
            #expect(throws: StateStoreError.self) { try dying.checkpoint() }
            // The first file waits for the database; the second takes these.
            _ = try dying.commit(StateBatch(sessions: [Self.click(id, 2)]))
            #expect(throws: StateStoreError.self) { try dying.checkpoint() }
            _ = try dying.commit(StateBatch(sessions: [Self.click(id, 3)]))
            #expect(throws: StateStoreError.self) { try dying.load(session: id) }
        }
        // The next process, with the database working: both files replay, the older first.
        let next = Self.logged(path)
        defer { next.close() }
        let loaded = try await blocking { try next.load(session: id) }
        #expect(loaded?.routes["/"] == ["count": bytes("3"), "first": bytes("1")])
        #expect(loaded?.tabSeqs == ["tab": 3])
    }

    @Test("once the log holds its most, a commit fails as unavailable and keeps nothing; it works again after a checkpoint")
    func logFull() async throws {
        let path = StoreFixture.temporaryPath()
        let id = SecureToken.hex()
        let flaky = FlakyStore(Self.database(path))
        let store = Self.logged(path, flaky, fileBytes: 4096)
        defer { store.close() }
        flaky.down.withLock { $0 = true }
        let acknowledged = try await blocking { () -> Int in
            var n = 0
            while true {
                do {
                    _ = try store.commit(StateBatch(sessions: [Self.click(id, n + 1)]))
                    n += 1
                } catch {
                    #expect("\(error)".contains("the commit log is full"))
                    return n
                }
            }
        }
        #expect(acknowledged > 10)
        flaky.down.withLock { $0 = false }
        try await blocking { try store.checkpoint() }
        #expect(try await blocking { try store.load(session: id) }?.tabSeqs == ["tab": acknowledged])
        _ = try await blocking { try store.commit(StateBatch(sessions: [Self.click(id, acknowledged + 1)])) }
        #expect(try await blocking { try store.load(session: id) }?.tabSeqs == ["tab": acknowledged + 1])
    }

    @Test("a commit too large for the log goes straight to the database, after everything logged before it")
    func largeCommit() async throws {
        let path = StoreFixture.temporaryPath()
        let store = Self.logged(path, fileBytes: 8192)
        defer { store.close() }
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        let big = [UInt8](repeating: 7, count: 4096)
        try await blocking {
            _ = try store.commit(StateBatch(sessions: [Self.click(a, 1)]))
            var large = Self.click(a, 2)
            large.routes["/"]?.written["big"] = big
            var record = LoggedStateStore.recordStart()
            BatchCoding.encode(StateBatch(sessions: [large]), into: &record)
            try store.commit(record: &record)
            _ = try store.commit(StateBatch(sessions: [SessionChanges(session: b, token: "t", routes: ["/": KeyChanges(written: ["big": big])])]))
        }
        // In the database already, with no checkpoint: the small commit before it went first.
        let database = Self.database(path)
        let loaded = try await blocking { try database.load(session: a) }
        #expect(loaded?.routes["/"]?["big"] == big && loaded?.tabSeqs == ["tab": 2])
        #expect(try await blocking { try database.load(session: b) }?.routes["/"]?["big"] == big)
        #expect(store.checkpointCount == 0)
    }

    @Test("a log that cannot be opened fails commits as unavailable until it can")
    func unopenable() async throws {
        let directory = NSTemporaryDirectory() + "liveui-missing-" + SecureToken.hex()
        let path = directory + "/state.db"
        let store = Self.logged(path)
        defer { store.close() }
        let id = SecureToken.hex()
        await #expect {
            try await blocking { _ = try store.commit(StateBatch(sessions: [Self.click(id, 1)])) }
        } throws: { error in
            guard case StateStoreError.unavailable = error else { return false }
            return true
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try await blocking { try store.commit(StateBatch(sessions: [Self.click(id, 2)])) }
        #expect(try await blocking { try store.load(session: id) }?.tabSeqs == ["tab": 2])
    }

    @Test("records coalesced for a checkpoint leave a store as the records one by one do", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func coalescingMatchesSequence(seed: UInt64) throws {
        var random = SplitMix64(seed)
        let routes = ["/", "/a", "/b"]
        let keys = ["k1", "k2", "k3", "k4"]
        func keyChanges() -> KeyChanges {
            var changes = KeyChanges()
            for key in keys where random.chance(40) { changes.written[key] = bytes(String(random.int(100))) }
            for key in keys where random.chance(20) { changes.removed.insert(key) }
            return changes
        }
        let ids = [SecureToken.hex(), SecureToken.hex()]
        let stepwise = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        let coalesced = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        var records: [[UInt8]] = []
        for step in 0..<40 {
            var batch = StateBatch()
            for id in ids where random.chance(70) {
                var changes = SessionChanges(session: id, token: "t\(step)", browser: random.chance(30) ? "b\(step)" : nil)
                for route in routes where random.chance(50) { changes.routes[route] = keyChanges() }
                for route in routes where random.chance(10) { changes.droppedRoutes.insert(route) }
                if random.chance(30) { changes.scene = keyChanges() }
                if random.chance(30) { changes.metadata = keyChanges() }
                if random.chance(50) { changes.tabSeqs[random.pick(["x", "y"])] = step }
                batch.sessions.append(changes)
            }
            if random.chance(50) { batch.appStorage.append(AppStorageChanges(browser: random.pick(["b", "c"]), changes: keyChanges())) }
            _ = stepwise.commit(batch)
            // What an earlier checkpoint wrote: the database holds it before the coalesced records come.
            if step < 10 {
                _ = coalesced.commit(batch)
                continue
            }
            var record: [UInt8] = []
            BatchCoding.encode(batch, into: &record)
            records.append(record)
        }
        var coalescer = LogCoalescer()
        for record in records { try record.withUnsafeBytes { try coalescer.add($0) } }
        _ = coalesced.commit(coalescer.batch())
        for id in ids { #expect(coalesced.load(session: id) == stepwise.load(session: id)) }
        for browser in ["b", "c"] { #expect(coalesced.loadAppStorage(browser: browser) == stepwise.loadAppStorage(browser: browser)) }
    }

    @Test("an event's changes encoded from their parts decode as the same changes encoded as a batch")
    func eventEncoding() throws {
        let id = SecureToken.hex()
        let changes = StateChanges(written: ["0.count": Data("3".utf8)], removed: ["0.gone"])
        let scene = StateChanges(written: ["tab": Data("2".utf8)])
        let app = StateChanges(written: ["theme": Data("dark".utf8)])
        let metadata = KeyChanges(written: ["route /x": []], removed: ["attempt t /x"])
        var direct: [UInt8] = []
        BatchCoding.encodeEvent(
            session: id, token: "t", browser: "b", route: "/x", changes: changes, scene: scene, metadata: metadata, tab: "t /x",
            seq: 300, appStorage: app, into: &direct)
        let expected = StateBatch(
            sessions: [SessionChanges(
                session: id, token: "t", browser: "b", routes: ["/x": KeyChanges(written: ["0.count": bytes("3")], removed: ["0.gone"])],
                scene: KeyChanges(written: ["tab": bytes("2")]), tabSeqs: ["t /x": 300], metadata: metadata)],
            appStorage: [AppStorageChanges(browser: "b", changes: KeyChanges(written: ["theme": bytes("dark")]))])
        #expect(try BatchCoding.decode(direct) == expected)
        // Nothing changed, no seq, no browser: the session's touch alone.
        var bare: [UInt8] = []
        BatchCoding.encodeEvent(
            session: id, token: "t", browser: nil, route: "/x", changes: StateChanges(), scene: StateChanges(),
            metadata: KeyChanges(), tab: nil, seq: nil, appStorage: app, into: &bare)
        #expect(try BatchCoding.decode(bare) == StateBatch(sessions: [SessionChanges(session: id, token: "t")]))
    }

    @Test("a batch's encoding decodes to the same batch; bytes cut anywhere do not decode")
    func coding() throws {
        var changes = SessionChanges(
            session: SecureToken.hex(), token: "tök", browser: "b", routes: ["/items/7": KeyChanges(written: ["0.title": bytes("Seven ✓"), "e": []], removed: ["gone"])],
            droppedRoutes: ["/old"], scene: KeyChanges(written: ["s": [0, 255]]), tabSeqs: ["tab": 300],
            metadata: KeyChanges(removed: ["attempt x"]))
        changes.routes["/"] = KeyChanges(written: ["big": [UInt8](repeating: 7, count: 70_000)])
        let batch = StateBatch(
            sessions: [changes, SessionChanges(session: "s2", token: "t")],
            appStorage: [AppStorageChanges(browser: "b", changes: KeyChanges(written: ["theme": bytes("dark")]))])
        var bytes: [UInt8] = []
        BatchCoding.encode(batch, into: &bytes)
        #expect(try BatchCoding.decode(bytes) == batch)
        for cut in [0, 1, 40, bytes.count / 2, bytes.count - 1] {
            #expect(throws: BatchCoding.Malformed.self) { try BatchCoding.decode(bytes[0..<cut]) }
        }
    }
}

import Foundation
import Synchronization
import Testing
@testable import LiveUIServer

@Suite("SessionStore")
struct SessionStoreTests {
    private static func store(max: Int, clock: ServerClock = .system) -> SessionStore {
        SessionStore(clock: clock, idleTTL: 60, maxSessions: max)
    }

    @Test("keys of the same id are equal; ids that share their first 16 bytes are not")
    func keysCompareWholeIDs() throws {
        let id = SecureToken.hex()
        let key = try #require(SessionKey(id))
        #expect(key == SessionKey(String(id.utf8.map { Character(UnicodeScalar($0)) })))
        #expect(key == id.utf8.withContiguousStorageIfAvailable { SessionKey($0) } ?? nil)
        for position in [0, 15, 16, 31] {
            var bytes = Array(id.utf8)
            bytes[position] = bytes[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            let twin = try #require(bytes.withUnsafeBufferPointer { SessionKey($0) })
            #expect(twin != key, "differs at byte \(position)")
        }
    }

    @Test("only well-formed ids make keys: 32 lowercase hex digits")
    func malformedIDsMakeNoKey() {
        let id = SecureToken.hex()
        for malformed in ["", String(id.dropLast()), id + "0", id.uppercased(), String(id.dropLast()) + "g", "../" + id.dropFirst(3)] {
            #expect(SessionKey(malformed) == nil, "\(malformed)")
        }
    }

    @Test("ids spread over every shard, each shard within a third of its share")
    func idsSpreadOverShards() {
        var counts = [Int](repeating: 0, count: SessionKey.shardCount)
        for _ in 0..<16_000 {
            guard let key = SessionKey(SecureToken.hex()) else {
                Issue.record("a new id made no key")
                return
            }
            counts[key.shard] += 1
        }
        let share = 16_000 / SessionKey.shardCount
        #expect(counts.allSatisfy { abs($0 - share) < share / 3 }, "\(counts)")
    }

    @Test("every session created is found by its id, and only by it")
    func lookupFindsEachSession() throws {
        let store = Self.store(max: 500)
        let sessions = try (0..<500).map { _ in try store.create() }
        #expect(store.count == 500)
        for session in sessions { #expect(store.lookup(session.id) === session) }
        for session in sessions.prefix(20) {
            #expect(Array(session.id.utf8).withUnsafeBufferPointer { store.lookup(idBytes: $0) } === session)
        }
        #expect(store.lookup(SecureToken.hex()) == nil)
        #expect(store.lookup("not an id") == nil)
        #expect([UInt8]().withUnsafeBufferPointer { store.lookup(idBytes: $0) } == nil)
    }

    @Test("maxSessions holds when many threads create at once: idle sessions make room, busy ones refuse")
    func maxSessionsHoldsUnderConcurrentCreation() {
        let store = Self.store(max: 100)
        let made = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if (try? store.create()) != nil { made.add(1, ordering: .relaxed) } else { refused.add(1, ordering: .relaxed) }
        }
        // Every session is idle: each new one ends the least recently used.
        #expect(made.load(ordering: .relaxed) == 400 && refused.load(ordering: .relaxed) == 0)
        #expect(store.count == 100)
        let busy = Self.store(max: 100)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if let session = try? busy.create() {
                _ = session.streamOpened(now: 0)
                made.add(1, ordering: .relaxed)
            } else {
                refused.add(1, ordering: .relaxed)
            }
        }
        #expect(busy.count <= 100)
        #expect(refused.load(ordering: .relaxed) >= 1)
    }

    @Test("expired and closed sessions leave every shard and the count")
    func expiryEmptiesShards() async throws {
        let now = Mutex<Double>(0)
        let store = Self.store(max: 50, clock: ServerClock { now.withLock { $0 } })
        var sessions = try (0..<50).map { _ in try store.create() }
        // Full: the 51st replaces the least recently used idle session.
        sessions.append(try store.create())
        #expect(store.count == 50)
        now.withLock { $0 = 61 }
        #expect(await store.expireIdle() == 50)
        #expect(store.count == 0)
        for session in sessions { #expect(store.lookup(session.id) == nil) }
        _ = try store.create()
        await store.closeAll(reason: "shutdown")
        #expect(store.count == 0)
    }

    @Test("a table emptied by expiries and shrunk keeps every entry left, and only those")
    func shrinkIfSparseKeepsEntries() {
        var table: [String: Int] = [:]
        for i in 0..<10_000 { table["s\(i)"] = i }
        for i in 0..<9_000 { table["s\(i)"] = nil }
        table.shrinkIfSparse()
        #expect(table.count == 1_000)
        let missing = (9_000..<10_000).filter { (i: Int) in table["s" + String(i)] != i }
        #expect(missing.isEmpty, "entries lost: \(missing.prefix(5))")
        #expect(table["s0"] == nil && table["s8999"] == nil)
        table.shrinkIfSparse()
        #expect(table.count == 1_000 && table["s9999"] == 9_999)
    }
}

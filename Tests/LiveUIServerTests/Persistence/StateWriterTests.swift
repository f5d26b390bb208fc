import Foundation
import Synchronization
import Testing
@testable import LiveUIServer

/// A store that holds its first commit until the test opens the gate, so that a test can let
/// submissions pile up behind it without depending on timing.
private final class GatedStore: ForwardingStateStore {
    let inner: any StateStore
    private let gate = DispatchSemaphore(value: 0)
    private let entered = DispatchSemaphore(value: 0)
    private let first = Atomic<Bool>(true)
    private let failFirst: Bool
    /// Submissions' session counts per commit, in order.
    let commits = Shared<[Int]>([])

    /// With `failFirst`, the first commit fails as unavailable once the gate opens, writing nothing.
    init(_ inner: any StateStore, failFirst: Bool = false) {
        self.inner = inner
        self.failFirst = failFirst
    }

    /// Blocks until the first commit has begun.
    func awaitFirstCommit() { entered.wait() }
    /// Lets the first commit go on.
    func open() { gate.signal() }

    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        if first.exchange(false, ordering: .relaxed) {
            entered.signal()
            gate.wait()
            if failFirst { throw .unavailable("gated: down") }
        }
        commits.withLock { $0.append(batch.sessions.count) }
        return try inner.commit(batch)
    }
}

/// A store that tells on each commit, then passes it on.
private final class RecordingStore: ForwardingStateStore {
    let inner: any StateStore
    private let onCommit: @Sendable () -> Void

    init(_ inner: any StateStore, onCommit: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.onCommit = onCommit
    }

    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        onCommit()
        return try inner.commit(batch)
    }
}

@Suite("StateWriter")
struct StateWriterTests {
    private static func click(_ session: String, _ n: Int) -> SessionChanges {
        SessionChanges(
            session: session, token: "t", routes: ["/": KeyChanges(written: ["count": bytes(String(n)), "k\(n)": bytes("x")])],
            tabSeqs: ["tab": n])
    }

    @Test("many sessions committing at once through the writer are all durable, in order per session",
          arguments: StoreKind.allCases)
    func concurrentSessions(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let writer = StateWriter(store: fixture.store, holder: nil)
        defer { writer.close() }
        let sessions = (0..<8).map { _ in SecureToken.hex() }
        let perSession = 40
        let order = Shared<[String: [Int]]>([:])
        let failures = Shared<[StateStoreError]>([])
        // Half the sessions submit all their clicks without waiting, each from a thread of its own, and wait
        // until their completions have all run; the other half commit click by click, blocking (leading a
        // batch when none is being written, joining the next one otherwise).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, session) in sessions.enumerated() {
                group.addTask {
                    try await blocking {
                        if index % 2 == 1 {
                            for n in 1...perSession {
                                do throws(StateStoreError) { try writer.commit(sessions: [Self.click(session, n)]) } catch {
                                    failures.withLock { $0.append(error) }
                                }
                                order.withLock { $0[session, default: []].append(n) }
                            }
                            return
                        }
                        let done = DispatchSemaphore(value: 0)
                        for n in 1...perSession {
                            writer.submit(sessions: [Self.click(session, n)]) { result in
                                if case .failure(let error) = result { failures.withLock { $0.append(error) } }
                                order.withLock { $0[session, default: []].append(n) }
                                done.signal()
                            }
                        }
                        for _ in 1...perSession { done.wait() }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(failures.withLock { $0 }.isEmpty)
        for session in sessions {
            #expect(order.withLock { $0[session] } == Array(1...perSession))
            let loaded = try #require(try await fixture.run { try $0.load(session: session) })
            #expect(loaded.routes["/"]?["count"] == bytes(String(perSession)))
            #expect(loaded.routes["/"]?.count == perSession + 1)
            #expect(loaded.tabSeqs == ["tab": perSession])
        }
        let counts = writer.counts
        #expect(counts.submissions == sessions.count * perSession)
    }

    @Test("submissions made while a batch is being written are committed together in the next one")
    func grouping() async throws {
        let gated = GatedStore(MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600))
        let writer = StateWriter(store: gated, holder: nil)
        defer { writer.close() }
        let ids = (0..<20).map { _ in SecureToken.hex() }
        let done = Shared(0)
        let all = DispatchSemaphore(value: 0)
        try await blocking {
            writer.submit(sessions: [Self.click(ids[0], 1)]) { _ in all.signal() }
            gated.awaitFirstCommit()
            for id in ids.dropFirst() {
                writer.submit(sessions: [Self.click(id, 1)]) { _ in
                    done.withLock { $0 += 1 }
                    all.signal()
                }
            }
            gated.open()
            for _ in ids { all.wait() }
        }
        #expect(gated.commits.withLock { $0 } == [1, ids.count - 1])
        #expect(writer.counts.batches == 2)
        #expect(done.withLock { $0 } == ids.count - 1)
    }

    @Test("a session whose lease another holder took fails with leaseLost; the others in its batch are written")
    func leaseLost() async throws {
        let store = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        let (mine, taken) = (SecureToken.hex(), SecureToken.hex())
        _ = store.acquireLease(session: mine, holder: "A", ttl: 600)
        _ = store.acquireLease(session: taken, holder: "B", ttl: 600)
        let writer = StateWriter(store: store, holder: "A")
        defer { writer.close() }
        try await writer.commit(sessions: [Self.click(mine, 1)])
        await #expect(throws: StateStoreError.leaseLost(session: taken)) {
            try await writer.commit(sessions: [Self.click(taken, 1)])
        }
        #expect(store.load(session: mine) != nil)
        #expect(store.load(session: taken) == nil)
    }

    @Test("a blocking commit with no batch being written commits on the caller's thread, alone")
    func callerLeads() async throws {
        let store = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        let id = SecureToken.hex()
        let threads = Shared<[UInt]>([])
        let recording = RecordingStore(store) { threads.withLock { $0.append(UInt(pthread_self())) } }
        let leading = StateWriter(store: recording, holder: nil)
        defer { leading.close() }
        let caller = try await blocking { () throws -> UInt in
            for n in 1...3 { try leading.commit(sessions: [Self.click(id, n)]) }
            return UInt(pthread_self())
        }
        #expect(threads.withLock { $0 } == [caller, caller, caller])
        #expect(leading.counts == (3, 3))
        #expect(store.load(session: id)?.tabSeqs == ["tab": 3])
    }

    @Test("closing commits what is pending; later submissions fail as unavailable")
    func closing() async throws {
        let store = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        let writer = StateWriter(store: store, holder: nil)
        let id = SecureToken.hex()
        let result = Shared<Result<Void, StateStoreError>?>(nil)
        try await blocking {
            writer.submit(sessions: [Self.click(id, 1)]) { outcome in result.withLock { $0 = outcome } }
            writer.close()
        }
        #expect(result.withLock { (try? $0?.get()) != nil })
        #expect(store.load(session: id) != nil)
        await #expect(throws: StateStoreError.unavailable("the state writer is closed")) {
            try await writer.commit(sessions: [Self.click(id, 2)])
        }
    }

    @Test("a caller whose submission finds a batch being written goes on; the writer's thread answers it after")
    func queuedCallerGoesOn() async throws {
        let gated = GatedStore(MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600))
        let writer = StateWriter(store: gated, holder: nil)
        defer { writer.close() }
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        let answered = Shared<[String: UInt]>([:])
        let all = DispatchSemaphore(value: 0)
        let caller = try await blocking { () -> UInt in
            // A leads on a thread of its own and is held in the store.
            #expect(writer.enqueue(sessions: [Self.click(a, 1)]) { _ in
                answered.withLock { $0[a] = UInt(pthread_self()) }
                all.signal()
            } == .lead)
            Thread { writer.lead() }.start()
            gated.awaitFirstCommit()
            // B is queued, and this thread goes on without waiting for any commit.
            #expect(writer.enqueue(sessions: [Self.click(b, 1)]) { _ in
                answered.withLock { $0[b] = UInt(pthread_self()) }
                all.signal()
            } == .queued)
            #expect(answered.withLock { $0.isEmpty })
            gated.open()
            all.wait()
            all.wait()
            return UInt(pthread_self())
        }
        let threads = answered.withLock { $0 }
        #expect(threads.count == 2 && threads[b] != caller)
        #expect(gated.commits.withLock { $0 } == [1, 1])
    }

    @Test("a failed submission fails the same session's queued ones unwritten; other sessions' are written")
    func failureFailsQueued() async throws {
        let store = MemoryStateStore(sessionTTL: 3600, appStorageTTL: 3600)
        let gated = GatedStore(store, failFirst: true)
        let writer = StateWriter(store: gated, holder: nil)
        defer { writer.close() }
        let (a, b) = (SecureToken.hex(), SecureToken.hex())
        let results = Shared<[String: Bool]>([:])
        let all = DispatchSemaphore(value: 0)
        try await blocking {
            func submit(_ changes: SessionChanges, _ name: String) {
                writer.submit(sessions: [changes]) { result in
                    results.withLock { $0[name] = (try? result.get()) != nil }
                    all.signal()
                }
            }
            submit(Self.click(a, 1), "a1")
            gated.awaitFirstCommit()
            submit(Self.click(a, 2), "a2")
            submit(Self.click(b, 1), "b1")
            gated.open()
            for _ in 0..<3 { all.wait() }
        }
        #expect(results.withLock { $0 } == ["a1": false, "a2": false, "b1": true])
        // a2 was never handed to the store: it would have written a's second click without its first.
        #expect(gated.commits.withLock { $0 } == [1])
        #expect(store.load(session: a) == nil)
        #expect(store.load(session: b)?.tabSeqs == ["tab": 1])
    }
}

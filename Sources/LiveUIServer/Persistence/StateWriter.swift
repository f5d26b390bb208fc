import Combine
import Dispatch
import Foundation
import Synchronization

/// Writes many sessions' changes to a ``StateStore`` together (a group commit): callers on any thread
/// submit their changes, and one thread at a time, the leader, takes everything submitted so far and
/// commits it as one ``StateBatch`` (one SQLite transaction, one Redis round trip), then tells each
/// caller. While a batch is being written the next one gathers, so under load the cost of a durable
/// write is shared by all the sessions that wrote meanwhile, and alone it waits for nothing.
///
/// A caller that finds no batch being written leads itself (``enqueue(sessions:appStorage:completion:)``
/// answers ``Turn/lead``, then ``lead()``): it commits on its own thread, with no hand-over to another
/// thread (a lone click costs the store's write and nothing more), then leaves what gathered meanwhile to
/// the writer's thread. A submission that finds a batch being written is queued and its caller goes on:
/// the writer's thread commits it with the next batch and runs its completion, so that under load no
/// caller's thread waits for the store and every submission made during one batch's write joins the next.
///
/// Each submission is committed whole, in one batch, after every earlier submission (so in order per
/// session), and its completion runs once it is durable, or with the error that kept it from being. A
/// submission that failed fails every later one of the same session still queued (they carry changes made
/// on top of it), so that a session's changes are never written with a gap.
///
/// ```swift
/// let writer = StateWriter(store: store, holder: instanceID)
/// if writer.enqueue(sessions: [changes], completion: answer) == .lead { writer.lead() }  // an event
/// try writer.commit(sessions: [changes])          // blocks this thread until durable
/// try await writer.commit(sessions: [changes])    // suspends instead
/// writer.submit(sessions: [changes]) { result in … }  // calls back on the thread that committed it
/// ```
package final class StateWriter: Sendable {
    /// What a submission learns: durable, or why not (``StateStoreError/unavailable(_:)`` when the store
    /// is down or full, nothing of it written; ``StateStoreError/leaseLost(session:)`` when this writer's
    /// holder no longer holds a session's lease, that session's changes not written).
    package typealias Completion = @Sendable (Result<Void, StateStoreError>) -> Void

    private struct Submission {
        // The changes stay in arrays (one element for an event): a submission is copied in and out of the
        // queue, and one holding a session's changes inline cost more to copy than the array's allocation.
        var sessions: [SessionChanges]
        var appStorage: [AppStorageChanges]
        var completion: Completion

        /// Calls `body` with each session's changes, in order.
        func forEachSession(_ body: (SessionChanges) -> Void) {
            for changes in sessions { body(changes) }
        }

        /// The first session's changes for which `refused` holds.
        func first(where refused: (SessionChanges) -> Bool) -> SessionChanges? {
            sessions.first(where: refused)
        }
    }

    /// What ``enqueue(sessions:appStorage:completion:)`` made of a submission.
    package enum Turn: Sendable {
        /// No batch was being written: the caller leads and must call ``lead()`` (outside any lock a
        /// completion takes); its completion runs on its thread, before `lead()` returns.
        case lead
        /// Queued behind the batch being written; its completion runs on the thread that commits it.
        case queued
        /// The writer is closed: nothing was queued and the completion never runs.
        case closed
    }

    /// Who commits batches now: at most one thread, so that batches are committed in order.
    private enum Leader {
        case none
        /// The writer's own thread, woken by `wake`.
        case thread
        /// A caller of the blocking `commit`, on its own thread.
        case caller
    }

    private struct Queue {
        /// Never non-empty while the leader is `.none`: whoever adds to an idle queue leads or wakes the thread.
        var pending: [Submission] = []
        var leader = Leader.none
        var closed = false
    }

    private let store: any StateStore
    private let holder: String?
    private let maxBatch: Int
    private let queue = Locked(Queue())
    /// Signalled when the writer's thread is made leader, or should look whether it is to end.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let batches = Atomic<Int>(0)
    private let submissions = Atomic<Int>(0)

    /// A writer to `store` whose batches carry `holder` (its sessions' leases are checked; nil: not checked),
    /// with at most `maxBatch` submissions per batch. Starts its thread, which runs until ``close()``.
    package init(store: any StateStore, holder: String?, maxBatch: Int = 512) {
        precondition(maxBatch > 0, "StateWriter needs maxBatch > 0")
        self.store = store
        self.holder = holder
        self.maxBatch = maxBatch
        let thread = Thread { [self] in run() }
        thread.name = "liveui-state-writer"
        thread.start()
    }

    /// Batches committed and submissions in them so far (submissions ÷ batches is the grouping achieved).
    package var counts: (batches: Int, submissions: Int) {
        (batches.load(ordering: .relaxed), submissions.load(ordering: .relaxed))
    }

    /// Queues `sessions` and `appStorage` changes to be committed together by the writer's thread;
    /// `completion` runs on the thread that committed them once they are durable or failed (at once with
    /// `unavailable` after ``close()``). The next batch waits for every completion of this one: a
    /// completion hands its work on (answers a connection, resumes a continuation) rather than doing it.
    package func submit(
        sessions: [SessionChanges], appStorage: [AppStorageChanges] = [], completion: @escaping Completion
    ) {
        let submission = Submission(sessions: sessions, appStorage: appStorage, completion: completion)
        let (accepted, signal) = queue.withLock { queue -> (Bool, Bool) in
            guard !queue.closed else { return (false, false) }
            queue.pending.append(submission)
            guard queue.leader == .none else { return (true, false) }
            queue.leader = .thread
            return (true, true)
        }
        if !accepted { completion(.failure(.unavailable("the state writer is closed"))) }
        if signal { wake.signal() }
    }

    /// Queues `sessions` and `appStorage` changes; `completion` runs once they are durable or failed. When no
    /// batch is being written this answers ``Turn/lead`` and the caller must call ``lead()``, which commits
    /// them on its thread; otherwise they join the next batch, which the writer's thread commits. The next
    /// batch waits for every completion of this one: a completion hands its work on (answers a connection)
    /// rather than doing it, and never waits for this writer.
    package func enqueue(
        sessions: [SessionChanges], appStorage: [AppStorageChanges] = [], completion: @escaping Completion
    ) -> Turn {
        enqueue(Submission(sessions: sessions, appStorage: appStorage, completion: completion))
    }

    /// ``enqueue(sessions:appStorage:completion:)`` of one session's changes (an event's), and its browser's app
    /// storage if any changed.
    package func enqueue(
        session: SessionChanges, appStorage: AppStorageChanges?, completion: @escaping Completion
    ) -> Turn {
        enqueue(Submission(sessions: [session], appStorage: appStorage.map { [$0] } ?? [], completion: completion))
    }

    private func enqueue(_ submission: Submission) -> Turn {
        queue.withLock { queue -> Turn in
            guard !queue.closed else { return .closed }
            queue.pending.append(submission)
            guard queue.leader == .none else { return .queued }
            queue.leader = .caller
            return .lead
        }
    }

    /// Commits, on this thread, the batch a ``Turn/lead`` answer made this caller lead (its own submission
    /// and whatever was queued meanwhile, up to the batch limit), then leaves what gathered to the writer's
    /// thread.
    package func lead() {
        if let batch = take() { flush(batch) }
        let signal = queue.withLock { queue -> Bool in
            if queue.pending.isEmpty {
                queue.leader = .none
                return queue.closed
            }
            queue.leader = .thread
            return true
        }
        if signal { wake.signal() }
    }

    /// Commits the changes, blocking the calling thread until they are durable: on this thread when no
    /// batch is being written, else in the next batch. Not for the cooperative pool (use the `async` form).
    package func commit(sessions: [SessionChanges], appStorage: [AppStorageChanges] = []) throws(StateStoreError) {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<Void, StateStoreError>?>(nil)
        let turn = enqueue(sessions: sessions, appStorage: appStorage) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        switch turn {
        case .closed: throw .unavailable("the state writer is closed")
        case .lead: lead()
        case .queued: break
        }
        done.wait()
        try outcome.withLock { $0 }?.get()
    }

    /// Commits the changes, suspending until they are durable.
    package func commit(sessions: [SessionChanges], appStorage: [AppStorageChanges] = []) async throws(StateStoreError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, StateStoreError>, Never>) in
            submit(sessions: sessions, appStorage: appStorage) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Commits what is pending, then stops the writer's thread; later submissions fail. Blocks until done.
    package func close() {
        let signal = queue.withLock { queue -> Bool in
            if queue.closed { return false }
            queue.closed = true
            return queue.leader == .none
        }
        if signal { wake.signal() }
        finished.wait()
        finished.signal()
    }

    /// The next batch's submissions, taken from the queue; nil if none are pending.
    private func take() -> [Submission]? {
        queue.withLock { queue -> [Submission]? in
            guard !queue.pending.isEmpty else { return nil }
            let count = min(queue.pending.count, maxBatch)
            return Self.take(count, from: &queue.pending)
        }
    }

    /// The first `count` of `pending`, taken out: all of them moved at once when that is all there is.
    private static func take(_ count: Int, from pending: inout [Submission]) -> [Submission] {
        guard count < pending.count else {
            var all: [Submission] = []
            swap(&all, &pending)
            return all
        }
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
    }

    private func run() {
        while true {
            wake.wait()
            let (leads, ends) = queue.withLock { queue in
                (queue.leader == .thread, queue.closed && queue.leader == .none)
            }
            if ends { break }
            guard leads else { continue }
            while true {
                let next = queue.withLock { queue -> [Submission]? in
                    guard !queue.pending.isEmpty else {
                        queue.leader = .none
                        return nil
                    }
                    let count = min(queue.pending.count, maxBatch)
                    return Self.take(count, from: &queue.pending)
                }
                guard let next else { break }
                flush(next)
            }
            if queue.withLock({ $0.closed && $0.leader == .none }) { break }
        }
        finished.signal()
    }

    private func flush(_ group: [Submission]) {
        var batch = StateBatch(holder: holder)
        batch.sessions.reserveCapacity(group.count)
        for submission in group {
            submission.forEachSession { batch.sessions.append($0) }
            if !submission.appStorage.isEmpty { batch.appStorage.append(contentsOf: submission.appStorage) }
        }
        let outcome: Result<Set<String>, StateStoreError>
        do throws(StateStoreError) {
            outcome = .success(try store.commit(batch))
        } catch {
            outcome = .failure(error)
        }
        batches.add(1, ordering: .relaxed)
        submissions.add(group.count, ordering: .relaxed)
        var failed: [String: StateStoreError] = [:]
        for submission in group {
            switch outcome {
            case .failure(let error):
                submission.forEachSession { failed[$0.session] = error }
                submission.completion(.failure(error))
            case .success(let refused):
                if !refused.isEmpty, let lost = submission.first(where: { refused.contains($0.session) }) {
                    submission.forEachSession { changes in
                        if refused.contains(changes.session) { failed[changes.session] = .leaseLost(session: changes.session) }
                    }
                    submission.completion(.failure(.leaseLost(session: lost.session)))
                } else {
                    submission.completion(.success(()))
                }
            }
        }
        if !failed.isEmpty { failQueued(failed) }
    }

    /// Fails every queued submission that touches a session in `failed`, with that session's error: they were
    /// queued before the failure was known and carry changes made on top of the failed ones. Runs after the
    /// failed submissions' completions, which keep their sessions from queueing anything more.
    private func failQueued(_ failed: [String: StateStoreError]) {
        let doomed = queue.withLock { queue -> [(Submission, StateStoreError)] in
            var doomed: [(Submission, StateStoreError)] = []
            queue.pending.removeAll { submission in
                guard let error = submission.first(where: { failed[$0.session] != nil }).flatMap({ failed[$0.session] })
                else { return false }
                doomed.append((submission, error))
                return true
            }
            return doomed
        }
        for (submission, error) in doomed { submission.completion(.failure(error)) }
    }
}

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
/// A blocking ``commit(sessions:appStorage:)`` that finds no batch being written leads itself: it
/// commits its own changes on its own thread, with no hand-over to another thread (a lone click costs
/// the store's write and nothing more), then leaves what gathered meanwhile to the writer's thread.
/// Submissions that find a batch being written wait for the next one, which the writer's thread commits.
///
/// Each submission is committed whole, in one batch, after every earlier submission (so in order per
/// session), and its completion runs once it is durable, or with the error that kept it from being.
///
/// ```swift
/// let writer = StateWriter(store: store, holder: instanceID)
/// try writer.commit(sessions: [changes])          // blocks this thread until durable (libmicrohttpd threads)
/// try await writer.commit(sessions: [changes])    // suspends instead
/// writer.submit(sessions: [changes]) { result in … }  // calls back on the thread that committed it
/// ```
package final class StateWriter: Sendable {
    /// What a submission learns: durable, or why not (``StateStoreError/unavailable(_:)`` when the store
    /// is down or full, nothing of it written; ``StateStoreError/leaseLost(session:)`` when this writer's
    /// holder no longer holds a session's lease, that session's changes not written).
    package typealias Completion = @Sendable (Result<Void, StateStoreError>) -> Void

    private struct Submission {
        var sessions: [SessionChanges]
        var appStorage: [AppStorageChanges]
        var completion: Completion
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

    /// Commits the changes, blocking the calling thread until they are durable: on this thread when no
    /// batch is being written, else in the next batch. Not for the cooperative pool (use the `async` form).
    package func commit(sessions: [SessionChanges], appStorage: [AppStorageChanges] = []) throws(StateStoreError) {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<Void, StateStoreError>?>(nil)
        let submission = Submission(sessions: sessions, appStorage: appStorage) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let role = queue.withLock { queue -> Bool? in
            guard !queue.closed else { return nil }
            queue.pending.append(submission)
            guard queue.leader == .none else { return false }
            queue.leader = .caller
            return true
        }
        guard let leads = role else { throw .unavailable("the state writer is closed") }
        if leads {
            // The queue held nothing else (it is never non-empty without a leader): this batch is ours alone.
            if let batch = take() { flush(batch) }
            // What gathered meanwhile goes to the writer's thread, so that this caller returns now.
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
            defer { queue.pending.removeFirst(count) }
            return Array(queue.pending.prefix(count))
        }
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
                    defer { queue.pending.removeFirst(count) }
                    return Array(queue.pending.prefix(count))
                }
                guard let next else { break }
                flush(next)
            }
            if queue.withLock({ $0.closed && $0.leader == .none }) { break }
        }
        finished.signal()
    }

    private func flush(_ group: [Submission]) {
        let batch = StateBatch(
            holder: holder, sessions: group.flatMap(\.sessions), appStorage: group.flatMap(\.appStorage))
        let outcome: Result<Set<String>, StateStoreError>
        do throws(StateStoreError) {
            outcome = .success(try store.commit(batch))
        } catch {
            outcome = .failure(error)
        }
        batches.add(1, ordering: .relaxed)
        submissions.add(group.count, ordering: .relaxed)
        for submission in group {
            switch outcome {
            case .failure(let error): submission.completion(.failure(error))
            case .success(let refused):
                if let lost = submission.sessions.first(where: { refused.contains($0.session) }) {
                    submission.completion(.failure(.leaseLost(session: lost.session)))
                } else {
                    submission.completion(.success(()))
                }
            }
        }
    }
}

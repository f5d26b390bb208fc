import Foundation

/// The threads that run every session's jobs: one per core (at least two), shared by all sessions.
///
/// A session's jobs run one at a time, in the order they were enqueued; different sessions' jobs run
/// in parallel. Scheduling a job allocates nothing but the job's own closure: sessions waiting for a
/// thread are linked through themselves, and a session's pending jobs live in its own list. (A
/// libdispatch queue per session would allocate a continuation per job, which libdispatch then caches
/// per thread: after a wave of sessions, those cached records pin pages among the freed sessions'
/// memory, and the process does not shrink back.)
final class SessionWorkers: @unchecked Sendable {
    // @unchecked: every stored property, and the scheduling fields of every `SessionExecutor`
    // (`pending`, `isScheduled`, `nextScheduled`), is only touched while `condition` is locked.

    /// The pool every session uses.
    static let shared = SessionWorkers(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var first: SessionExecutor?
    private var last: SessionExecutor?
    /// Workers waiting for a session: only then does `enqueue` need to wake one.
    private var idle = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "liveui.session.\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Adds `job` to `executor`'s list and makes sure a thread will run it.
    func enqueue(_ job: SessionExecutor.Job, on executor: SessionExecutor) {
        condition.lock()
        executor.pending.append(job)
        var wake = false
        if !executor.isScheduled {
            executor.isScheduled = true
            append(executor)
            wake = idle > 0
        }
        condition.unlock()
        // Signalled after unlocking, so that the woken worker does not wait for this thread's lock.
        if wake { condition.signal() }
    }

    /// Appends `executor` to the sessions waiting for a thread. The lock is held.
    private func append(_ executor: SessionExecutor) {
        if let last { last.nextScheduled = executor } else { first = executor }
        last = executor
    }

    /// Takes the first session waiting for a thread. The lock is held.
    private func removeFirst() -> SessionExecutor? {
        guard let executor = first else { return nil }
        first = executor.nextScheduled
        if first == nil { last = nil }
        executor.nextScheduled = nil
        return executor
    }

    /// A worker thread's loop: takes a session, runs every job it has at that moment, then either
    /// releases it or, if jobs arrived meanwhile, puts it back at the end of the line.
    private func work() {
        var batch: [SessionExecutor.Job] = []
        condition.lock()
        while true {
            guard let executor = removeFirst() else {
                idle += 1
                condition.wait()
                idle -= 1
                continue
            }
            swap(&batch, &executor.pending)
            condition.unlock()
            executor.run(batch)
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            if executor.pending.isEmpty {
                executor.isScheduled = false
            } else {
                append(executor)
            }
        }
    }
}

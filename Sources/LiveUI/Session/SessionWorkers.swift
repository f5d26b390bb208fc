import Foundation
import Synchronization

/// The threads that run every session's jobs: one per core (at least two), shared by all sessions,
/// and more for as long as jobs block them.
///
/// A session's jobs run one at a time, in the order they were enqueued; different sessions' jobs run
/// in parallel. Scheduling a job allocates nothing but the job's own closure: sessions waiting for a
/// thread are linked through themselves, and a session's pending jobs live in its own list. (A
/// libdispatch queue per session would allocate a continuation per job, which libdispatch then caches
/// per thread: after a wave of sessions, those cached records pin pages among the freed sessions'
/// memory, and the process does not shrink back.)
///
/// A job that blocks its thread (a synchronous call in a `task`, say) does not stall the other
/// sessions: when sessions have waited a whole check interval (100 ms) without any worker taking one,
/// another thread is started, up to a limit; threads beyond the base count end after a minute idle.
final class SessionWorkers: @unchecked Sendable {
    // @unchecked (listed in `UncheckedSendable`): every stored property, and every `SessionExecutor`'s
    // `nextScheduled`, is only touched while `lock` is held. An executor's `scheduling` has its own
    // lock; the two are never held together.

    /// The pool every session uses.
    static let shared = SessionWorkers(threads: max(2, ProcessInfo.processInfo.activeProcessorCount), watchesEvents: true)

    private let lock = NSLock()
    private var first: SessionExecutor?
    private var last: SessionExecutor?
    /// Workers waiting for a session, the one that went idle last on top: it is the one woken, so that
    /// a session's next job tends to run on the thread (and in the caches) that ran its last one.
    private var idleWorkers: [Parking] = []
    /// Workers running; `baseThreads` of them never end.
    private var threads = 0
    /// Workers started so far (for thread names).
    private var started = 0
    /// Sessions taken by workers so far: the monitor's sign of progress.
    private var taken = 0
    /// The number of workers that run for the life of the process.
    let baseThreads: Int
    /// The most workers there will ever be, however many jobs block.
    let maximumThreads: Int

    /// Where one idle worker sleeps until it is handed work, and when its current batch of jobs started
    /// (``MonotonicClock`` ns; 0 while it has none), which the health check reads.
    private final class Parking: Sendable {
        let wake = DispatchSemaphore(value: 0)
        let busySince = Atomic<UInt64>(0)
    }
    /// Every running worker's parking place.
    private var workers: [Parking] = []

    /// The number of workers running now.
    var threadCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return threads
    }

    private static let checkInterval: UInt32 = 100_000  // µs
    private static let extraIdleLimit = DispatchTimeInterval.seconds(60)

    /// Whether the monitor also checks for events running too long (``EventWatch``): the shared pool's does.
    private let watchesEvents: Bool

    /// A pool of `threads` workers that grows to `maximumThreads` (by default 16, or four per base worker
    /// if that is more) while jobs block them; with `watchesEvents`, its monitor runs ``EventWatch``'s checks.
    init(threads: Int, maximumThreads: Int? = nil, watchesEvents: Bool = false) {
        self.watchesEvents = watchesEvents
        baseThreads = threads
        self.maximumThreads = max(threads, maximumThreads ?? max(16, 4 * threads))
        idleWorkers.reserveCapacity(self.maximumThreads)
        lock.lock()
        for _ in 0..<threads { startWorker() }
        lock.unlock()
        let monitor = Thread { [self] in
            Self.nameThread("liveui-monitor")
            watch()
        }
        monitor.start()
    }

    /// Starts one more worker. The lock is held.
    private func startWorker() {
        threads += 1
        started += 1
        let name = "liveui-work-\(started)"
        let thread = Thread { [self] in
            Self.nameThread(name)
            work()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Names the calling thread as `top -H`, `ps -L` and `perf` show it (at most 15 bytes).
    /// (`pthread_setname_np` is a GNU extension the Glibc module does not export: looked up by name.)
    private static func nameThread(_ name: String) {
        typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "pthread_setname_np") else { return }  // RTLD_DEFAULT is NULL on glibc
        let setName = unsafeBitCast(symbol, to: SetName.self)  // C interop: a C function found by name
        _ = name.withCString { setName(pthread_self(), $0) }
    }

    /// Adds `job` to `executor`'s list and makes sure a thread will run it.
    func enqueue(_ job: SessionExecutor.Job, on executor: SessionExecutor) {
        let mustSchedule = executor.scheduling.withLock { s -> Bool in
            s.pending.append(job)
            if s.isScheduled { return false }
            s.isScheduled = true
            return true
        }
        if mustSchedule { schedule(executor) }
    }

    /// Sets the graph `executor`'s jobs run with. A worker reads it when it takes the jobs, so a batch
    /// already taken keeps the graph it started with.
    func setGraph(_ graph: ViewGraph?, of executor: SessionExecutor) {
        let previous = executor.scheduling.withLock { s -> ViewGraph? in
            let previous = s.graph
            s.graph = graph
            return previous
        }
        // Released outside the lock: the last reference may end the graph, and the graph its executor.
        withExtendedLifetime(previous) {}
    }

    /// Runs `body` on the calling thread as one of `executor`'s jobs if the session is idle (no job
    /// queued or running), the way an idle actor runs its caller's call without a thread switch;
    /// returns `nil`, without running it, if the session is busy.
    func runIfIdle<T>(on executor: SessionExecutor, _ body: () -> T) -> T? {
        // Only this session's lock: sessions run on their callers' threads without waiting for each other.
        let graph = executor.scheduling.withLock { s -> ViewGraph?? in
            guard !s.isScheduled else { return .none }
            s.isScheduled = true
            return .some(s.graph)
        }
        guard let graph else { return nil }
        let result = executor.run(graph: graph, body)
        if !Self.release(executor) { schedule(executor) }
        return result
    }

    /// Ends a run of `executor`'s jobs: releases it if no job arrived meanwhile and returns true, or
    /// returns false, and it stays scheduled (the caller puts it back in line).
    private static func release(_ executor: SessionExecutor) -> Bool {
        executor.scheduling.withLock { s in
            guard s.pending.isEmpty else { return false }
            s.isScheduled = false
            return true
        }
    }

    /// Puts `executor` (scheduled, with jobs) in line for a thread and wakes an idle worker, if there is one.
    private func schedule(_ executor: SessionExecutor) {
        lock.lock()
        append(executor)
        let woken = idleWorkers.popLast()
        lock.unlock()
        // Signalled after unlocking, so that the woken worker does not wait for this thread's lock.
        woken?.wake.signal()
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
    /// releases it or, if jobs arrived meanwhile, puts it back at the end of the line. A worker beyond
    /// the base count ends when it has waited a minute for work.
    private func work() {
        let parking = Parking()
        var batch: [SessionExecutor.Job] = []
        lock.lock()
        workers.append(parking)
        while true {
            guard let executor = removeFirst() else {
                idleWorkers.append(parking)
                let mayEnd = threads > baseThreads
                lock.unlock()
                guard mayEnd, parking.wake.wait(timeout: .now() + Self.extraIdleLimit) == .timedOut else {
                    if !mayEnd { parking.wake.wait() }
                    lock.lock()
                    continue
                }
                lock.lock()
                guard let index = idleWorkers.firstIndex(where: { $0 === parking }) else {
                    // Handed work just as the wait ended: take the signal that is on its way, then the work.
                    lock.unlock()
                    parking.wake.wait()
                    lock.lock()
                    continue
                }
                idleWorkers.remove(at: index)
                if threads > baseThreads {
                    threads -= 1
                    workers.removeAll { $0 === parking }
                    lock.unlock()
                    return
                }
                continue
            }
            taken &+= 1
            lock.unlock()
            // Read with the jobs, and held for the batch: the session may let go of it meanwhile.
            let graph = executor.scheduling.withLock { s -> ViewGraph? in
                swap(&batch, &s.pending)
                return s.graph
            }
            parking.busySince.store(max(1, MonotonicClock.nanoseconds()), ordering: .relaxed)
            executor.run(batch, graph: graph)
            parking.busySince.store(0, ordering: .relaxed)
            batch.removeAll(keepingCapacity: true)
            let released = Self.release(executor)
            lock.lock()
            if !released { append(executor) }
        }
    }

    /// Whether every worker is running one batch of jobs that started more than `limit` nanoseconds
    /// before `now` (``MonotonicClock`` ns): none can take new work, and no more can be started.
    func allStuck(now: UInt64, limit: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !workers.isEmpty, threads >= maximumThreads else { return false }
        return workers.allSatisfy { worker in
            let since = worker.busySince.load(ordering: .relaxed)
            return since != 0 && now >= since && now - since > limit
        }
    }

    /// Every check interval: if sessions are waiting, no worker is idle and none has taken a session
    /// since the last check, every worker is blocked or busy with one long job; start another. Events
    /// running too long are reported (``EventWatch``).
    private func watch() {
        lock.lock()
        var takenAtLastCheck = taken
        while true {
            lock.unlock()
            usleep(Self.checkInterval)
            if watchesEvents { EventWatch.shared.check(now: MonotonicClock.nanoseconds()) }
            lock.lock()
            if first != nil && idleWorkers.isEmpty && taken == takenAtLastCheck && threads < maximumThreads {
                startWorker()
            }
            takenAtLastCheck = taken
        }
    }
}

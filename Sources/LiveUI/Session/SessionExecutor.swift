/// A session's serial line of jobs, usable as a task executor so that `task` bodies run serialised with
/// events. The jobs run on the shared ``SessionWorkers`` threads.
final class SessionExecutor: TaskExecutor, GraphScheduler, @unchecked Sendable {
    // @unchecked (listed in `UncheckedSendable`): `nextScheduled` belongs to `SessionWorkers` and is only
    // touched under its lock.

    /// One unit of work: a closure from the session, or a step of a task that prefers this executor.
    enum Job {
        case closure(@Sendable () -> Void)
        case task(UnownedJob)
    }

    /// What `SessionWorkers` knows of this session's jobs, under a lock of its own: one session's
    /// scheduling does not wait for another's.
    struct Scheduling {
        /// The graph the jobs run with (the thread's current graph while they run), from ``attach(_:)``
        /// until ``detach()``. Strong, not weak (see ``ViewGraph``): the graph holds this executor too,
        /// and the session ends the cycle when it ends.
        var graph: ViewGraph?
        /// Jobs enqueued and not yet taken by a worker.
        var pending: [Job] = []
        /// Whether the session is waiting for a worker or being run by one.
        var isScheduled = false
    }

    /// (`Locked`: a pthread mutex, which ThreadSanitizer understands.)
    let scheduling = Locked(Scheduling())

    /// The next session waiting for a worker.
    var nextScheduled: SessionExecutor?

    private let workers: SessionWorkers

    init(workers: SessionWorkers = .shared) {
        self.workers = workers
    }

    func enqueue(_ job: consuming ExecutorJob) {
        workers.enqueue(.task(UnownedJob(job)), on: self)
    }

    func enqueue(_ job: @escaping @Sendable () -> Void) {
        workers.enqueue(.closure(job), on: self)
    }

    var taskExecutor: any TaskExecutor { self }

    /// Makes `graph` the graph this executor's jobs run with.
    func attach(_ graph: ViewGraph) { workers.setGraph(graph, of: self) }

    /// Lets go of the graph: jobs still queued run without a current graph (they find their session ended).
    func detach() { workers.setGraph(nil, of: self) }

    /// Runs `jobs` in order on the calling worker thread, with `graph` as the thread's current graph.
    func run(_ jobs: [Job], graph: ViewGraph?) {
        run(graph: graph) { for job in jobs { run(job) } }
    }

    /// Runs `body` on the calling thread, with `graph` as the thread's current graph.
    func run<T>(graph: ViewGraph?, _ body: () -> T) -> T {
        guard let graph else { return body() }
        return ThreadContext.run(on: graph, body)
    }

    /// Runs `body` now on the calling thread if the session is idle; `nil` if it is busy.
    func runIfIdle<T>(_ body: () -> T) -> T? {
        workers.runIfIdle(on: self, body)
    }

    private func run(_ job: Job) {
        switch job {
        case .closure(let body): body()
        case .task(let job): job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A serial task executor on LiveUI's worker threads for work that belongs to no session (an app's endpoint
/// handlers): unlike Swift's cooperative pool, which has a thread per core and waits while code blocks
/// them, the workers start another thread when jobs have waited too long.
package func makeWorkerTaskExecutor() -> any TaskExecutor { SessionExecutor() }

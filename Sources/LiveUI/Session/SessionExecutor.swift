/// A session's serial line of jobs, usable as a task executor so that `task` bodies run serialised with
/// events, and as the serial executor of the session's ``MainActor``. The jobs run on the shared
/// ``SessionWorkers`` threads.
final class SessionExecutor: TaskExecutor, SerialExecutor, GraphScheduler, @unchecked Sendable {
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
        /// The session's main actor while a graph is attached (the two hold each other until ``detach()``).
        var mainActor: MainActor?
    }

    /// (`Locked`: a pthread mutex, which ThreadSanitizer understands.)
    let scheduling = Locked(Scheduling())

    /// The next session waiting for a worker.
    var nextScheduled: SessionExecutor?

    private let workers: SessionWorkers

    init(workers: SessionWorkers = .shared) {
        self.workers = workers
    }

    /// The executor of the session whose work created the current task, if any: how ``MainActor/shared``
    /// finds the session from a thread that is not running its jobs (after an `await` elsewhere).
    @TaskLocal static var current: SessionExecutor?

    /// The session's main actor.
    var mainActor: MainActor {
        scheduling.withLock { s in
            if let actor = s.mainActor { return actor }
            let actor = MainActor(executor: self)
            // Kept only while a graph is attached: an executor without one (an endpoint's, an ended
            // session's) would otherwise keep itself alive through its actor.
            if s.graph != nil { s.mainActor = actor }
            return actor
        }
    }

    /// Whether the calling thread is running this executor's jobs.
    var isRunningOnCurrentThread: Bool {
        ThreadContext.withCurrent { $0.executor === self }
    }

    func checkIsolated() {
        precondition(isRunningOnCurrentThread, "LiveUI: main-actor code ran off its session's line")
    }

    func isIsolatingCurrentContext() -> Bool? { isRunningOnCurrentThread }

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
    func detach() {
        let actor = scheduling.withLock { s -> MainActor? in
            defer { s.mainActor = nil }
            return s.mainActor
        }
        withExtendedLifetime(actor) { workers.setGraph(nil, of: self) }
    }

    /// Runs `jobs` in order on the calling worker thread, with `graph` as the thread's current graph.
    func run(_ jobs: [Job], graph: ViewGraph?) {
        run(graph: graph) { for job in jobs { run(job) } }
    }

    /// Runs `body` on the calling thread, with `graph` as the thread's current graph.
    func run<T>(graph: ViewGraph?, _ body: () -> T) -> T {
        // Bound for the batch, so that tasks its jobs create (`Task { … }` in an action) find the session.
        ThreadContext.run(on: graph, executor: self) { Self.$current.withValue(self, operation: body) }
    }

    /// Runs `body` now on the calling thread if the session is idle; `nil` if it is busy.
    func runIfIdle<T>(_ body: () -> T) -> T? {
        workers.runIfIdle(on: self, body)
    }

    private func run(_ job: Job) {
        switch job {
        case .closure(let body): body()
        case .task(let job):
            // On the session's line as its main actor's serial executor too: main-actor code reached from a
            // task runs here without a hop.
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}

/// A serial task executor on LiveUI's worker threads for work that belongs to no session (an app's endpoint
/// handlers): unlike Swift's cooperative pool, which has a thread per core and waits while code blocks
/// them, the workers start another thread when jobs have waited too long.
package func makeWorkerTaskExecutor() -> any TaskExecutor { SessionExecutor() }

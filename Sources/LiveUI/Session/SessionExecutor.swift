/// A session's serial line of jobs, usable as a task executor so that `task` bodies run serialised with
/// events. The jobs run on the shared ``SessionWorkers`` threads.
final class SessionExecutor: TaskExecutor, GraphScheduler, @unchecked Sendable {
    // @unchecked: `graph` is set once, before any job runs, and only read by jobs; `pending`,
    // `isScheduled` and `nextScheduled` belong to `SessionWorkers` and are only touched under its lock.

    /// One unit of work: a closure from the session, or a step of a task that prefers this executor.
    enum Job {
        case closure(@Sendable () -> Void)
        case task(UnownedJob)
    }

    /// Weak: the session owns the graph; the graph owns (through its scheduler) this executor.
    weak var graph: ViewGraph?

    /// Jobs enqueued and not yet taken by a worker.
    var pending: [Job] = []
    /// Whether the session is waiting for a worker or being run by one.
    var isScheduled = false
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

    /// Runs `jobs` in order on the calling worker thread, with the graph as the thread's current graph.
    func run(_ jobs: [Job]) {
        run { for job in jobs { run(job) } }
    }

    /// Runs `body` on the calling thread, with the graph as the thread's current graph.
    func run<T>(_ body: () -> T) -> T {
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

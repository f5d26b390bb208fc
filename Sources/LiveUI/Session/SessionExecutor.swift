import Dispatch

/// A session's serial queue, usable as a task executor so that `task` bodies run serialised with events.
final class SessionExecutor: TaskExecutor, GraphScheduler, @unchecked Sendable {
    // @unchecked: `graph` is set once, before any job runs, and only read by jobs on `queue`.
    let queue: DispatchQueue
    /// Weak: the session owns the graph; the graph owns (through its scheduler) this executor.
    weak var graph: ViewGraph?

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in
            guard let graph else {
                job.runSynchronously(on: asUnownedTaskExecutor())
                return
            }
            ThreadContext.run(on: graph) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    func enqueue(_ job: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard let graph else { return job() }
            ThreadContext.run(on: graph, job)
        }
    }

    var taskExecutor: any TaskExecutor { self }
}

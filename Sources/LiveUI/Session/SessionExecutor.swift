import Dispatch

/// A session's serial queue, usable as a task executor so that `task` bodies run serialised with events.
final class SessionExecutor: TaskExecutor, GraphScheduler, @unchecked Sendable {
    // @unchecked: `graph` is set once, before any job runs, and only read by jobs on `queue`.
    let queue: DispatchQueue
    /// Weak: the session owns the graph; the graph owns (through its scheduler) this executor.
    weak var graph: ViewGraph?

    init(label: String) {
        // Targeting the (non-overcommit) global queue keeps the worker threads at the core count, however
        // many sessions there are; a queue of its own per session would let libdispatch add threads.
        queue = DispatchQueue(label: label, target: .global())
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

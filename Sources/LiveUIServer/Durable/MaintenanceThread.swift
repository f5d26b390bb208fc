import Foundation
import Synchronization

/// One thread of its own that runs the store's housekeeping (lease renewals, deletions of expired sessions,
/// sweeps) in order: those calls block on I/O, and must stay off libmicrohttpd's threads and Swift's
/// cooperative pool.
final class MaintenanceThread: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var closed = false
    }

    private let queue = Locked(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread.
    init(name: String = "liveui-store-maintenance") {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on the thread after the jobs queued before it; dropped once closed.
    func async(_ job: @escaping @Sendable () -> Void) {
        let accepted = queue.withLock { queue -> Bool in
            guard !queue.closed else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { wake.signal() }
    }

    /// Runs the jobs queued so far, then ends the thread; blocks until it has.
    func close() {
        let first = queue.withLock { queue -> Bool in
            defer { queue.closed = true }
            return !queue.closed
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        while true {
            wake.wait()
            let (jobs, closed) = queue.withLock { queue in
                defer { queue.jobs = [] }
                return (queue.jobs, queue.closed)
            }
            for job in jobs { job() }
            if closed && queue.withLock({ $0.jobs.isEmpty }) { break }
        }
        finished.signal()
    }
}

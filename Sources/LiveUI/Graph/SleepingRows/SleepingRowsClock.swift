import Dispatch

/// Where sleeping rows read the time and wait for it: the system's uptime in a session, a clock moved by
/// hand in tests (which then never wait on the wall clock).
package protocol SleepingRowsClock: AnyObject, Sendable {
    /// Nanoseconds since a fixed point; never decreases.
    var now: UInt64 { get }
    /// Runs `job` once ``now`` has reached `deadline`, on any thread.
    func run(at deadline: UInt64, _ job: @escaping @Sendable () -> Void)
}

/// The system's uptime clock (`DispatchTime`), with jobs run on a global queue.
package final class SystemSleepingRowsClock: SleepingRowsClock {
    /// The one instance: the clock keeps nothing of its own.
    package static let shared = SystemSleepingRowsClock()

    package var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    package func run(at deadline: UInt64, _ job: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline), execute: job)
    }
}

import Synchronization

/// Watches every session's running event: one that runs past ``limitNanoseconds`` is reported (with its
/// type, target and view type, to the session's ``ChangeLog``) while it still runs, and the session's
/// later events never run on their caller's thread again (an HTTP server's thread is held by it once).
///
/// LiveUI's worker monitor checks about ten times a second; a session registers its timing once, when it
/// is made, and leaves when it ends.
package final class EventWatch: Sendable {
    /// The process's watch.
    package static let shared = EventWatch()

    /// One second unless set.
    package static let defaultLimit: Duration = .seconds(1)

    private let limit = Atomic<UInt64>(EventTiming.nanoseconds(EventWatch.defaultLimit))
    private let timings = Locked<[ObjectIdentifier: EventTiming]>([:])
    private let heldCallers = Atomic<Int>(0)

    /// Callers' threads (an HTTP server's) held by an event running past the limit now. A server keeps
    /// events off its threads while this many would leave it too few to answer anything.
    package var callerThreadsHeld: Int { heldCallers.load(ordering: .relaxed) }

    func callerThreadHeld() { heldCallers.add(1, ordering: .relaxed) }
    func callerThreadReleased() { heldCallers.subtract(1, ordering: .relaxed) }

    /// How long an event may run before it is reported, in nanoseconds.
    package var limitNanoseconds: UInt64 { limit.load(ordering: .relaxed) }

    /// Sets how long an event may run before it is reported (and a worker running one job that long
    /// counts as stuck).
    package func setLimit(_ duration: Duration) {
        limit.store(max(1, EventTiming.nanoseconds(duration)), ordering: .relaxed)
    }

    /// Watches `timing` until ``remove(_:)``.
    func add(_ timing: EventTiming) { timings.withLock { $0[ObjectIdentifier(timing)] = timing } }

    /// Stops watching `timing`.
    func remove(_ timing: EventTiming) { _ = timings.withLock { $0.removeValue(forKey: ObjectIdentifier(timing)) } }

    /// Whether every one of LiveUI's workers has been running one batch of jobs for longer than the limit,
    /// as many workers as there may be (what a health check answers 503 for).
    package var workersStuck: Bool {
        SessionWorkers.shared.allStuck(now: MonotonicClock.nanoseconds(), limit: limitNanoseconds)
    }

    /// Reports every event running past the limit at `now` (``MonotonicClock`` ns) not reported yet.
    func check(now: UInt64) {
        let limit = limitNanoseconds
        let all = timings.withLock { Array($0.values) }
        for timing in all { timing.checkRunning(now: now, limit: limit) }
    }
}

import Dispatch
import Synchronization

/// How long a session's last event took to apply, read from any thread: whether the next one may run
/// on its caller's thread (``LiveSession/send(_:onCallerIfIdle:ifLastTookAtMost:completion:)``).
package final class EventTiming: Sendable {
    private let lastNanoseconds = Atomic<UInt64>(0)

    /// Whether the last event was applied within `limit` nanoseconds (true before any event).
    func lastTook(atMost limit: UInt64) -> Bool { lastNanoseconds.load(ordering: .relaxed) <= limit }

    /// `limit` in nanoseconds, 0 for a negative one and `UInt64.max` for one too long to count in them.
    package static func nanoseconds(_ limit: Duration) -> UInt64 {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, carried) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return carried ? .max : total
    }

    /// Runs `body` and records how long it took.
    func measure<T>(_ body: () -> T) -> T {
        let start = MonotonicClock.nanoseconds()
        let result = body()
        record(MonotonicClock.nanoseconds() &- start)
        return result
    }

    /// Records an event's duration.
    func record(_ nanoseconds: UInt64) { lastNanoseconds.store(nanoseconds, ordering: .relaxed) }
}

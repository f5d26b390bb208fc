import Dispatch
import Synchronization

/// How long a session's last event took to apply, read from any thread: whether the next one may run
/// on its caller's thread (``LiveSession/send(_:onCallerIfIdle:completion:)``).
final class EventTiming: Sendable {
    /// An event that took longer than this (a millisecond) is slow.
    static let quickLimitNanoseconds: UInt64 = 1_000_000

    private let lastNanoseconds = Atomic<UInt64>(0)

    /// Whether the last event was applied within ``quickLimitNanoseconds`` (true before any event).
    var lastWasQuick: Bool { lastNanoseconds.load(ordering: .relaxed) <= Self.quickLimitNanoseconds }

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

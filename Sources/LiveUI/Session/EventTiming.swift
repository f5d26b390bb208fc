import Dispatch
import Synchronization

/// How long a session's events take, read from any thread: whether the next one may run on its caller's
/// thread (``LiveSession/send(_:onCallerIfIdle:ifLastTookAtMost:completion:)``), and whether one has run
/// past ``EventWatch``'s limit (it is then reported once, and the session's later events never run on
/// their caller's thread again).
package final class EventTiming: Sendable {
    private let lastNanoseconds = Atomic<UInt64>(0)
    /// When the event running now started (``MonotonicClock`` ns), 0 while none runs.
    private let runningSince = Atomic<UInt64>(0)
    /// The start of the last event reported as slow: each event is reported once.
    private let reportedStart = Atomic<UInt64>(0)
    /// Whether an event ever ran past the limit.
    private let wasSlow = Atomic<Bool>(false)
    /// Whether the running event runs on its caller's thread.
    private let runningOnCaller = Atomic<Bool>(false)
    /// Whether the running event is counted in ``EventWatch/callerThreadsHeld``.
    private let countedAsHeld = Atomic<Bool>(false)
    /// What the running event is, as a report names it: its type, target and the target's view type.
    private let current = Locked<(type: String, target: String, viewType: String, ownerType: String?)?>(nil)
    /// Where a slow event is reported.
    private let report: @Sendable (String) -> Void

    /// Timing that reports slow events to `report`.
    init(report: @escaping @Sendable (String) -> Void = { _ in }) { self.report = report }

    /// Whether the last event was applied within `limit` nanoseconds (true before any event), and no event
    /// of the session ever ran past ``EventWatch``'s limit.
    func lastTook(atMost limit: UInt64) -> Bool {
        !wasSlow.load(ordering: .relaxed) && lastNanoseconds.load(ordering: .relaxed) <= limit
    }

    /// Whether an event of the session ran past ``EventWatch``'s limit.
    package var isSlow: Bool { wasSlow.load(ordering: .relaxed) }

    /// Whether the running event is counted as holding its caller's thread (``EventWatch/callerThreadsHeld``).
    package var holdsCallerThread: Bool { countedAsHeld.load(ordering: .sequentiallyConsistent) }

    /// When the event running now started (``MonotonicClock`` ns), `nil` while none runs.
    package var runningEventStart: UInt64? {
        let since = runningSince.load(ordering: .acquiring)
        return since == 0 ? nil : since
    }

    /// `limit` in nanoseconds, 0 for a negative one and `UInt64.max` for one too long to count in them.
    package static func nanoseconds(_ limit: Duration) -> UInt64 {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, carried) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return carried ? .max : total
    }

    /// Runs `body` (an event; on its caller's thread if `onCaller`) and records how long it took; if it
    /// took longer than ``EventWatch``'s limit, reports it unless the watch already did.
    func measure<T>(onCaller: Bool = false, _ body: () -> T) -> T {
        let start = MonotonicClock.nanoseconds()
        runningOnCaller.store(onCaller, ordering: .sequentiallyConsistent)
        runningSince.store(max(start, 1), ordering: .sequentiallyConsistent)
        let result = body()
        let end = MonotonicClock.nanoseconds()
        runningSince.store(0, ordering: .sequentiallyConsistent)
        // The watch counted this event as holding its caller's thread: it no longer does.
        if countedAsHeld.exchange(false, ordering: .sequentiallyConsistent) { EventWatch.shared.callerThreadReleased() }
        record(end &- start)
        check(start: max(start, 1), now: end, limit: EventWatch.shared.limitNanoseconds)
        return result
    }

    /// Records an event's duration.
    func record(_ nanoseconds: UInt64) { lastNanoseconds.store(nanoseconds, ordering: .relaxed) }

    /// Names the running event for a report: called once its target is found.
    func noteEvent(type: String, target: String, viewType: String, ownerType: String?) {
        current.withLock { $0 = (type, target, viewType, ownerType) }
    }

    /// Reports the running event if it has run past `limit` at `now` (``MonotonicClock`` ns) and was not
    /// reported yet; the session's later events then never run on their caller's thread.
    package func checkRunning(now: UInt64, limit: UInt64) {
        let since = runningSince.load(ordering: .sequentiallyConsistent)
        guard since != 0 else { return }
        check(start: since, now: now, limit: limit)
        guard now >= since, now - since > limit, runningOnCaller.load(ordering: .sequentiallyConsistent),
            !countedAsHeld.exchange(true, ordering: .sequentiallyConsistent)
        else { return }
        EventWatch.shared.callerThreadHeld()
        // Ended meanwhile: exactly one of this and the event's end takes the count back.
        if runningSince.load(ordering: .sequentiallyConsistent) != since,
            countedAsHeld.exchange(false, ordering: .sequentiallyConsistent)
        {
            EventWatch.shared.callerThreadReleased()
        }
    }

    private func check(start: UInt64, now: UInt64, limit: UInt64) {
        guard now >= start, now - start > limit else { return }
        wasSlow.store(true, ordering: .relaxed)
        // Whoever sees it first (the watch while it runs, or the event as it ends) reports it.
        let previous = reportedStart.load(ordering: .relaxed)
        guard previous != start, reportedStart.compareExchange(expected: previous, desired: start, ordering: .relaxed).exchanged
        else { return }
        let what =
            current.withLock { $0 }.map { "'\($0.type)' on '\($0.target)' (\($0.viewType)\($0.ownerType.map { " in " + $0 } ?? ""))" }
            ?? "an event"
        let seconds = Double(now - start) / 1e9
        report(
            "LiveUI warning: \(what) has run for \(formatSeconds(seconds)) s, past the \(formatSeconds(Double(limit) / 1e9)) s "
                + "limit; this session's later events run on LiveUI's workers")
    }

    /// Seconds to the millisecond, as a report writes them (`2.0`, `1.25`).
    private func formatSeconds(_ seconds: Double) -> String { String((seconds * 1000).rounded() / 1000) }
}

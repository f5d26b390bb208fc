import Foundation
import Testing

@testable import LiveUI
import TestSupport

/// A handler's gate: the handler says it entered, then waits until the test opens it.
private final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let open = DispatchSemaphore(value: 0)

    func pass() {
        entered.signal()
        open.wait()
    }

    /// Waits until a handler entered.
    func waitUntilEntered() async { await entered.waitOffPool() }
}

extension DispatchSemaphore {
    /// Waits for a signal on a thread of its own: on Linux, libdispatch's global queues share the
    /// cooperative pool's threads, and a wait there starves other suites' tasks.
    fileprivate func waitOffPool() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                self.wait()
                done.resume()
            }.start()
        }
    }
}

private struct Blocks: View {
    let gate: Gate
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count \(count)")
            Button("Wait") {
                gate.pass()
                count += 1
            }
            .accessibilityIdentifier("wait")
            Button("Quick") { count += 1 }.accessibilityIdentifier("quick")
        }
    }
}

// Serialized: the count of callers' threads held is the process's.
@Suite("Event watch", .serialized)
struct EventWatchTests {
    @Test("an event running past the limit is reported once, with its type, target and view type, while it runs")
    func slowEventIsReported() async throws {
        let log = LogRecorder()
        let gate = Gate()
        let session = LiveSession(changeLog: log.changeLog) { Blocks(gate: gate) }
        // The process's watch checks on the wall clock: under load the gated event could pass the limit
        // before the checks below, at the times they give. Only they check this session.
        EventWatch.shared.remove(session.eventTiming)
        _ = await session.html()
        let answered = DispatchSemaphore(value: 0)
        // Run on a thread of the test's own, as an HTTP server's thread runs an idle session's event.
        Thread { session.send(.click("wait"), onCallerIfIdle: true) { _ in answered.signal() } }.start()
        await gate.waitUntilEntered()
        let start = try #require(session.eventTiming.runningEventStart)
        session.eventTiming.checkRunning(now: start + 500_000_000, limit: 1_000_000_000)
        #expect(!log.all.contains { $0.contains("has run for") })
        #expect(!session.eventTiming.isSlow)
        session.eventTiming.checkRunning(now: start + 2_000_000_000, limit: 1_000_000_000)
        session.eventTiming.checkRunning(now: start + 3_000_000_000, limit: 1_000_000_000)
        let reports = log.all.filter { $0.contains("has run for") }
        #expect(reports.count == 1)
        let report = reports.first ?? ""
        #expect(report.contains("'click' on 'wait' (Button") && report.contains(" in Blocks)"), "\(report)")
        #expect(reports.first?.contains("has run for 2.0 s, past the 1.0 s limit") == true)
        #expect(session.eventTiming.isSlow)
        // It runs on its caller's thread: counted as holding it, until it ends.
        #expect(session.eventTiming.holdsCallerThread)
        #expect(EventWatch.shared.callerThreadsHeld >= 1)
        gate.open.signal()
        await answered.waitOffPool()
        #expect(session.eventTiming.runningEventStart == nil)
        #expect(!session.eventTiming.holdsCallerThread)
        #expect(await session.html().contains("Count 1"))
    }

    @Test("after an event ran past the limit, none of the session's events runs on its caller's thread again")
    func slowSessionLeavesTheCaller() async throws {
        let gate = Gate()
        let session = LiveSession(changeLog: .discard) { Blocks(gate: gate) }
        _ = await session.html()
        #expect(session.sendOnCallerIfIdle(.click("quick")) { _ in })
        let answered = DispatchSemaphore(value: 0)
        Thread { session.send(.click("wait"), onCallerIfIdle: true) { _ in answered.signal() } }.start()
        await gate.waitUntilEntered()
        let start = try #require(session.eventTiming.runningEventStart)
        session.eventTiming.checkRunning(now: start + 2_000_000_000, limit: 1_000_000_000)
        gate.open.signal()
        await answered.waitOffPool()
        // Quick events follow, but the session stays off its callers' threads.
        for _ in 0..<3 {
            #expect(!session.sendOnCallerIfIdle(.click("quick")) { _ in })
            _ = try await session.send(.click("quick"))
        }
        #expect(await session.html().contains("Count 5"))
    }

    @Test("a worker pool at its most threads is stuck when every worker ran one job past the limit, not before")
    func workersStuck() async throws {
        let pool = SessionWorkers(threads: 1, maximumThreads: 1)
        let executor = SessionExecutor(workers: pool)
        let gate = Gate()
        let finished = DispatchSemaphore(value: 0)
        #expect(!pool.allStuck(now: MonotonicClock.nanoseconds() + 10_000_000_000, limit: 1_000_000_000))
        executor.enqueue {
            gate.pass()
            finished.signal()
        }
        await gate.waitUntilEntered()
        let now = MonotonicClock.nanoseconds()
        #expect(pool.allStuck(now: now + 2_000_000_000, limit: 1_000_000_000))
        // Not past an hour's limit (a number no scheduling delay reaches).
        #expect(!pool.allStuck(now: now, limit: 3_600_000_000_000))
        gate.open.signal()
        await finished.waitOffPool()
        // The worker clears its job's start right after the job returns.
        try await waitWhile { pool.allStuck(now: MonotonicClock.nanoseconds() + 10_000_000_000, limit: 1_000_000_000) }
        #expect(!pool.allStuck(now: MonotonicClock.nanoseconds() + 10_000_000_000, limit: 1_000_000_000))
    }

    @Test("a pool that may still start workers is not stuck, however long its workers' jobs run")
    func growingPoolIsNotStuck() async {
        let pool = SessionWorkers(threads: 1, maximumThreads: 3)
        let executor = SessionExecutor(workers: pool)
        let gate = Gate()
        executor.enqueue { gate.pass() }
        await gate.waitUntilEntered()
        #expect(!pool.allStuck(now: MonotonicClock.nanoseconds() + 10_000_000_000, limit: 1_000_000_000))
        gate.open.signal()
    }
}

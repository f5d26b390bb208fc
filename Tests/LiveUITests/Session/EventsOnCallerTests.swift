import Foundation
import Testing

@testable import LiveUI

/// A quick button and one whose action takes a few milliseconds.
private struct QuickAndSlow: View {
    @State private var presses = 0
    var body: some View {
        VStack {
            Text("Presses \(presses)")
            Button("Quick") { presses += 1 }.accessibilityIdentifier("quick")
            Button("Slow") {
                usleep(3_000)
                presses += 1
            }
            .accessibilityIdentifier("slow")
        }
    }
}

/// Where one `send(_:onCallerIfIdle:completion:)` ran its completion.
private struct Placement: Sendable {
    let onCaller: Bool
    let result: Result<Update, LiveError>
}

/// Sends `event` and waits for its completion; reports whether the completion ran on the calling thread.
private func place(
    _ event: ClientEvent, on session: LiveSession, onCallerIfIdle: Bool, limit: Duration = LiveSession.quickEventLimit
) async -> Placement {
    await withCheckedContinuation { continuation in
        let caller = pthread_self()
        session.send(event, onCallerIfIdle: onCallerIfIdle, ifLastTookAtMost: limit) { result in
            continuation.resume(returning: Placement(onCaller: pthread_equal(pthread_self(), caller) != 0, result: result))
        }
    }
}

/// Holds a button's action until the test lets it go: the session stays busy meanwhile.
private final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
}

/// A quick button and one whose action waits at a ``Gate``.
private struct Gated: View {
    let gate: Gate
    @State private var presses = 0
    var body: some View {
        VStack {
            Text("Presses \(presses)")
            Button("Quick") { presses += 1 }.accessibilityIdentifier("quick")
            Button("Wait") {
                gate.entered.signal()
                gate.release.wait()
                presses += 1
            }
            .accessibilityIdentifier("wait")
        }
    }
}

@Suite("Events on the caller's thread")
struct EventsOnCallerTests {
    @Test("sendOnCallerIfIdle applies an idle session's event and runs its completion before it returns")
    func sendOnCallerIfIdleRunsBeforeReturning() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        _ = await session.html()
        var result: Result<Update, LiveError>?
        let accepted = session.sendOnCallerIfIdle(.click("quick")) { result = $0 }
        #expect(accepted)
        let update = try #require(try result?.get())
        #expect(update.patches.isEmpty == false)
        #expect(await session.html().contains("Presses 1"))
        await session.close()
    }

    @Test("after a slow event, sendOnCallerIfIdle declines the next one and does nothing with it")
    func sendOnCallerIfIdleDeclinesAfterSlowEvent() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        _ = await session.html()
        #expect(session.sendOnCallerIfIdle(.click("slow")) { _ in })
        var ran = false
        let accepted = session.sendOnCallerIfIdle(.click("quick")) { _ in ran = true }
        #expect(!accepted)
        #expect(!ran)
        #expect(await session.html().contains("Presses 1"))
        await session.close()
    }

    @Test("while a worker runs the session's event, sendOnCallerIfIdle declines and does nothing")
    func sendOnCallerIfIdleDeclinesWhileBusy() async throws {
        let gate = Gate()
        let session = LiveSession(changeLog: .discard) { Gated(gate: gate) }
        _ = await session.html()
        // The blocking waits run on a thread of their own, off Swift's cooperative threads.
        let (accepted, ran) = await withCheckedContinuation { continuation in
            Thread {
                let answered = DispatchSemaphore(value: 0)
                session.send(.click("wait")) { _ in answered.signal() }
                gate.entered.wait()
                var ran = false
                let accepted = session.sendOnCallerIfIdle(.click("quick")) { _ in ran = true }
                gate.release.signal()
                answered.wait()
                continuation.resume(returning: (accepted, ran))
            }.start()
        }
        #expect(!accepted)
        #expect(!ran)
        #expect(await session.html().contains("Presses 1"))
        await session.close()
    }

    @Test("an idle session's event runs on the caller's thread when asked to, and on a worker otherwise")
    func idleSessionRunsOnCaller() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        _ = await session.html()
        let inline = await place(.click("quick"), on: session, onCallerIfIdle: true)
        #expect(inline.onCaller)
        #expect(try inline.result.get().patches.isEmpty == false)
        let queued = await place(.click("quick"), on: session, onCallerIfIdle: false)
        #expect(!queued.onCaller)
        #expect(await session.html().contains("Presses 2"))
        await session.close()
    }

    @Test("after an event that took over a millisecond, the session's next event is handed to a worker")
    func slowEventSendsTheNextToAWorker() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        _ = await session.html()
        let slow = await place(.click("slow"), on: session, onCallerIfIdle: true)
        #expect(slow.onCaller)
        let next = await place(.click("quick"), on: session, onCallerIfIdle: true)
        #expect(!next.onCaller)
        #expect(await session.html().contains("Presses 2"))
        await session.close()
    }

    @Test("a refused event answers on the caller's thread too, and changes nothing")
    func refusedEventOnCaller() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        let before = await session.html()
        let refused = await place(.click("missing"), on: session, onCallerIfIdle: true)
        #expect(refused.onCaller)
        #expect(throws: LiveError.unknownTarget("missing")) { try refused.result.get() }
        #expect(await session.html() == before)
        await session.close()
    }

    @Test("an event is quick while it takes at most the limit, a millisecond unless the caller says otherwise")
    func eventTimingThreshold() {
        let timing = EventTiming()
        let limit = EventTiming.nanoseconds(LiveSession.quickEventLimit)
        #expect(limit == 1_000_000)
        #expect(timing.lastTook(atMost: limit))
        timing.record(limit + 1)
        #expect(!timing.lastTook(atMost: limit))
        #expect(timing.lastTook(atMost: limit + 1))
        timing.record(40_000)
        #expect(timing.lastTook(atMost: limit))
        let measured = timing.measure { () -> Int in
            usleep(2_000)
            return 7
        }
        #expect(measured == 7)
        #expect(!timing.lastTook(atMost: limit))
        #expect(timing.lastTook(atMost: EventTiming.nanoseconds(.seconds(1))))
    }

    @Test("a limit converts to nanoseconds exactly, negative ones to zero and huge ones to the most there are")
    func limitInNanoseconds() {
        #expect(EventTiming.nanoseconds(.microseconds(1_500)) == 1_500_000)
        #expect(EventTiming.nanoseconds(.seconds(60)) == 60_000_000_000)
        #expect(EventTiming.nanoseconds(.zero) == 0)
        #expect(EventTiming.nanoseconds(.milliseconds(-3)) == 0)
        #expect(EventTiming.nanoseconds(.seconds(Int64.max)) == UInt64.max)
    }

    @Test("with a longer limit, the event after a slow one still runs on the caller's thread")
    func longerLimitKeepsSlowSessionOnCaller() async throws {
        let session = LiveSession(changeLog: .discard) { QuickAndSlow() }
        _ = await session.html()
        #expect(session.sendOnCallerIfIdle(.click("slow")) { _ in })
        #expect(!session.sendOnCallerIfIdle(.click("quick")) { _ in })
        var ran = false
        #expect(session.sendOnCallerIfIdle(.click("quick"), ifLastTookAtMost: .seconds(10)) { _ in ran = true })
        #expect(ran)
        let slow = await place(.click("slow"), on: session, onCallerIfIdle: true, limit: .seconds(10))
        #expect(slow.onCaller)
        let next = await place(.click("quick"), on: session, onCallerIfIdle: true, limit: .seconds(10))
        #expect(next.onCaller)
        #expect(await session.html().contains("Presses 4"))
        await session.close()
    }
}

import Dispatch
import Testing

@testable import LiveUIServer

/// A connection handle for a context that is never answered: never dereferenced, never resumed.
private let unusedConnection = CPointer(OpaquePointer(bitPattern: 0x10)!)

private func makeContext() -> RequestContext {
    RequestContext.make(
        connection: unusedConnection, rawURIIsBad: true,
        line: RequestLine(method: "POST", path: "/liveui/event", remoteAddress: "192.0.2.7"))
}

@Suite("Request context")
struct RequestContextTests {
    @Test("a context keeps the request's facts beside its state, and starts reading")
    func contextKeepsItsFacts() {
        let before = MonotonicClock.nanoseconds()
        let context = makeContext()
        #expect(context.connection == unusedConnection)
        #expect(context.rawURIIsBad)
        #expect(context.line.method == "POST")
        #expect(context.line.path == "/liveui/event")
        #expect(context.line.remoteAddress == "192.0.2.7")
        #expect(context.started >= before && context.started <= MonotonicClock.nanoseconds())
        let reading = context.withLock { state -> Bool in
            if case .reading = state.phase { return state.body.isEmpty && state.request == nil }
            return false
        }
        #expect(reading)
    }

    @Test("threads that change a context's state at once never overlap: no change is lost")
    func contendedStateChangesAllLand() {
        let context = makeContext()
        nonisolated(unsafe) let shared = context
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                shared.withLock { $0.discarded += 1 }
            }
        }
        #expect(context.withLock { $0.discarded } == 80_000)
        // The facts beside the state are untouched by the state's changes.
        #expect(context.line.method == "POST" && context.line.remoteAddress == "192.0.2.7")
    }

    @Test("an answer stored before the handler returns is kept, and a second answer does not replace it")
    func firstAnswerIsKept() {
        let context = makeContext()
        context.withLock { $0.phase = .dispatched }
        context.complete(HTTPResponse.text("first", status: 200))
        context.complete(HTTPResponse.text("second", status: 500))
        let status = context.withLock { state -> Int? in
            if case .ready(let response) = state.phase { return response.status }
            return nil
        }
        #expect(status == 200)
    }
}

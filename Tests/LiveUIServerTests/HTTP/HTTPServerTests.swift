import Foundation
import Testing

@testable import LiveUI
@testable import LiveUIServer
import TestSupport

@Suite("HTTP server")
struct HTTPServerTests {
    @Test("stopping answers a request still waiting for its answer with 503 before the daemon stops; its late answer is dropped")
    func stopAnswersSuspendedRequests() async throws {
        let held = Locked<[@Sendable (HTTPResponse) -> Void]>([])
        var settings = HTTPServerSettings()
        settings.port = 0
        let server = HTTPServer(settings: settings) { _, respond in held.withLock { $0.append(respond) } }
        let port = Int(try server.start())
        async let answer = http(port, "GET", "/slow")
        // The handler kept the answer closure and the connection is suspended waiting for it.
        try await waitWhile { server.suspended.count < 1 }
        let stopped = Task.detached { server.stop(drainSeconds: 0) }
        let response = try await answer
        #expect(response.status == 503)
        #expect(response.body.contains("unavailable"))
        await stopped.value
        #expect(server.suspended.count == 0)
        #expect(server.inflight.load(ordering: .sequentiallyConsistent) == 0)
        // The handler's answer, after the daemon and its connections are gone: a no-op, not a resume.
        for respond in held.withLock({ $0 }) { respond(.text("late")) }
        #expect(held.withLock { $0.count } == 1)
    }

    @Test("once stopping took the suspended requests, no request can be suspended any more")
    func closedRegistryRefusesSuspension() throws {
        let registry = SuspendedRequests()
        let line = RequestLine(method: "GET", path: "/", remoteAddress: "127.0.0.1")
        let pointer = try #require(OpaquePointer(bitPattern: 0x10))
        let first = RequestContext.make(connection: CPointer(pointer), rawURIIsBad: false, line: line)
        let second = RequestContext.make(connection: CPointer(pointer), rawURIIsBad: false, line: line)
        #expect(registry.insert(first))
        #expect(registry.count == 1)
        let taken = registry.close()
        #expect(taken.count == 1 && taken[0] === first)
        #expect(!registry.insert(second))
        #expect(registry.count == 0)
    }

    @Test("an answer given twice keeps the first and touches no connection")
    func secondAnswerIsDropped() throws {
        let line = RequestLine(method: "GET", path: "/", remoteAddress: "127.0.0.1")
        let pointer = try #require(OpaquePointer(bitPattern: 0x10))
        let context = RequestContext.make(connection: CPointer(pointer), rawURIIsBad: false, line: line)
        context.withLock { $0.phase = .dispatched }
        context.complete(.text("first", status: 503))
        // Were the phase not kept, this would resume the (fake) connection and crash.
        context.complete(.text("second"))
        guard case .ready(let response) = context.withLock({ $0.phase }) else {
            Issue.record("the first answer was not kept")
            return
        }
        #expect(response.status == 503)
    }
}

import Testing

@testable import LiveUI

@Suite("LiveSession: lifetime")
struct LiveSessionLifetimeTests {
    @Test("a closed session is freed as soon as its last reference goes")
    func closedSessionIsFreed() async throws {
        var session: LiveSession? = LiveSession(changeLog: .discard) { Controls() }
        weak let released = session
        let subscription = try #require(session).subscribe { _ in }
        _ = try await session?.send(.change("volume", "0.25"))
        await session?.close()
        session = nil
        // Nothing (queue jobs, the graph's update handler, a live subscription) keeps a closed session alive.
        #expect(released == nil)
        subscription.cancel()
    }
}

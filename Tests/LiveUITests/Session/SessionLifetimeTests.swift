import Testing

@testable import LiveUI

private final class Tracked: ObservableObject {
    let onDeinit: @Sendable () -> Void
    init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

private struct RootOwner: View {
    @StateObject var tracked: Tracked
    var body: some View { Text("root") }
}

@Suite("Session lifetime")
struct SessionLifetimeTests {
    @Test("closing a session releases the root view's @StateObject")
    func closeReleasesRootStateObject() async {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { RootOwner(tracked: Tracked { log.append("deinit") }) }
        _ = await session.html()
        #expect(log.all.isEmpty)
        await session.close()
        #expect(log.all == ["deinit"])
    }

    @Test("a session that is simply dropped releases its objects too")
    func droppedSessionReleases() async {
        let log = LogRecorder()
        let (released, signal) = AsyncStream<Void>.makeStream()
        var session: LiveSession? = LiveSession(changeLog: .discard) {
            RootOwner(tracked: Tracked { log.append("deinit"); signal.yield() })
        }
        _ = await session?.html()
        session = nil
        var iterator = released.makeAsyncIterator()
        await iterator.next()
        #expect(log.all == ["deinit"])
    }
}

import Synchronization
import Testing

@testable import LiveUI

// The article's recommended form: the view value kept in a global.
private final class GlobalModel: ObservableObject {
    static let created = Mutex(0)
    static let released = Mutex(0)
    @Published var taps = 0
    init() { GlobalModel.created.withLock { $0 += 1 } }
    deinit { GlobalModel.released.withLock { $0 += 1 } }
}

private struct GlobalContent: View {
    @EnvironmentObject var model: GlobalModel
    var body: some View {
        Button("Taps: \(model.taps)") { model.taps += 1 }.accessibilityIdentifier("tap")
    }
}

// `@MainActor`: the article's `let MyView = …`, a view value kept where views live, on the main actor.
@MainActor private let GlobalView = Observer(GlobalModel()) { GlobalContent() }

private struct GlobalHost: View {
    @State private var showsObserver = true
    var body: some View {
        VStack {
            Button("Toggle") { showsObserver.toggle() }.accessibilityIdentifier("toggle")
            if showsObserver { GlobalView }
        }
    }
}

@Suite("Seed: Observer kept in a global", .serialized)
struct GlobalObserverSeedTests {
    @Test("a global Observer value releases its model when the view leaves the tree")
    func globalObserverReleases() async throws {
        let created = GlobalModel.created.withLock { $0 }
        let released = GlobalModel.released.withLock { $0 }
        let session = LiveSession(changeLog: .discard) { GlobalHost() }
        #expect(await session.html().contains("Taps: 0"))
        #expect(GlobalModel.created.withLock { $0 } == created + 1)
        _ = try await session.send(.click("tap"))
        _ = try await session.send(.click("toggle"))
        #expect(GlobalModel.released.withLock { $0 } == released + 1)
        _ = try await session.send(.click("toggle"))
        #expect(GlobalModel.created.withLock { $0 } == created + 2)
        #expect(await session.html().contains("Taps: 0"))
        await session.close()
        #expect(GlobalModel.released.withLock { $0 } == released + 2)
    }
}

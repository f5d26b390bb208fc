import Testing

@testable import LiveUI

/// A view with state of every kind that lives by identity, kept in a global and shown in two sessions.
private final class SharedCounter: ObservableObject {
    @Published var count = 0
}

nonisolated private struct SharedValueView: View {
    @StateObject private var counter = SharedCounter()
    @ViewStorage private var writes = 0
    var body: some View {
        Button("count \(counter.count) writes \(writes)") {
            writes += 1
            counter.count += 1
        }
        .accessibilityIdentifier("bump")
    }
}

nonisolated(unsafe) private let sharedValue = SharedValueView()

@Suite("A view value kept and copied")
struct SharedViewValueTests {
    @Test("two identities made from one view value keep their objects and storage apart")
    func identitiesDoNotShareStorage() async throws {
        let first = LiveSession(changeLog: .discard) { sharedValue }
        let second = LiveSession(changeLog: .discard) { VStack { sharedValue; sharedValue } }
        _ = await first.html()
        _ = await second.html()
        _ = try await first.send(.click("bump"))
        _ = try await first.send(.click("bump"))
        let firstHTML = await first.html()
        #expect(firstHTML.contains("count 2 writes 2"))
        let secondHTML = await second.html()
        #expect(!secondHTML.contains("count 2"))
        #expect(secondHTML.components(separatedBy: "count 0 writes 0").count == 3)
        await first.close()
        await second.close()
    }
}

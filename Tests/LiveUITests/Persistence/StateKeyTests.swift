import Foundation
import Testing

@testable import LiveUI

struct WrappedCounter: View {
    @State private var count = 0
    var body: some View { Button("\(count)") { count += 1 }.accessibilityIdentifier("wrapped") }
}

private struct WrappingScreen: View {
    var body: some View {
        VStack {
            Text("title")
            AnyView(WrappedCounter())
        }
    }
}

@Suite("Saved state keys")
struct StateKeyTests {
    @Test("a key is the identity's stable form, an AnyView step named by the type it wraps")
    func anyViewStepNamesTheWrappedType() async throws {
        let session = LiveSession(changeLog: .discard, persistence: StatePersistence()) { WrappingScreen() }
        _ = try await session.send(.click("wrapped"))
        let keys = Array(await session.takeStateChanges().written.keys)
        #expect(keys == ["(0) .body (1) AnyView<LiveUITests.WrappedCounter> :: LiveUITests.WrappedCounter._count"])
        let identity = ViewIdentity(steps: [.index(0), .body, .index(1), .type(.init(WrappedCounter.self))], viewType: WrappedCounter.self)
        #expect(StateKey.prefix(of: identity) == "(0) .body (1) AnyView<LiveUITests.WrappedCounter> :: LiveUITests.WrappedCounter.")
    }
}

import Foundation
import Testing

@testable import LiveUI

struct WrappedCounter: View {
    @State private var count = 0
    var body: some View { Button("\(count)") { count += 1 }.accessibilityIdentifier("wrapped") }
}

/// An id with a `Codable` form.
private struct Slug: Hashable, Codable {
    let section: String
    let number: Int
}

/// An id with no form another process could find again.
private struct Opaque: Hashable {
    let number: Int
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

    @Test("an id is spelled by its value, and one with no stable form names nothing")
    func idForms() {
        #expect(StateKey.stableDescription(of: AnyHashable("blue sky")) == "\"blue%20sky\"")
        #expect(StateKey.stableDescription(of: AnyHashable(42)) == "42")
        #expect(StateKey.stableDescription(of: AnyHashable(1.5)) == "1.5")
        #expect(StateKey.stableDescription(of: AnyHashable(Slug(section: "a", number: 2))) == #"{"number":2,"section":"a"}"#)
        #expect(StateKey.stableDescription(of: AnyHashable([3, 4])) == "[3,4]")
        #expect(StateKey.stableDescription(of: AnyHashable(AnyHashable(7))) == "7")
        #expect(StateKey.stableDescription(of: AnyHashable(Opaque(number: 1))) == nil)
        #expect(StateKey.stableDescription(of: AnyHashable(ObjectIdentifier(Text.self))) == nil)
        let opaque = ViewIdentity(steps: [.index(0), .id(AnyHashable(Opaque(number: 1)))], viewType: Text.self)
        #expect(StateKey.path(of: opaque) == nil)
    }
}

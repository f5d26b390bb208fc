import Testing

@testable import LiveUI

private struct Logged: View {
    @State private var count = 0
    @State private var other = 0
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            Button("\(count)") { count += 1 }.accessibilityIdentifier("count")
            Button("\(other)") { other += 1; count += 1 }.accessibilityIdentifier("both")
            Child(value: count)
        }
    }
}

private struct Child: View {
    let value: Int
    var body: some View {
        let _ = Self._printChanges()
        Text("\(value)")
    }
}

@Suite("_printChanges")
struct PrintChangesTests {
    @Test("prints SwiftUI's lines: first evaluation, changed storage, changed inputs")
    func lines() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Logged() }
        _ = await session.html()
        #expect(log.take() == ["Logged: @self, @identity, _count, _other changed.", "Child: @self, @identity changed."])
        _ = try await session.send(.click("count"))
        #expect(log.take() == ["Logged: _count changed.", "Child: @self changed."])
        _ = try await session.send(.click("both"))
        #expect(log.take() == ["Logged: _other, _count changed.", "Child: @self changed."])
    }
}

import Testing
@testable import LiveUI

struct SmokeCounter: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
        }
    }
}

@Suite struct Smoke {
    @Test func counterClick() async throws {
        let session = LiveSession(changeLog: .discard) { SmokeCounter() }
        let html = await session.html()
        print(html)
        let update = try await session.send(.click("increment"))
        print(update.json)
        print(await session.html())
        #expect(update.patches.count == 1)
    }
}

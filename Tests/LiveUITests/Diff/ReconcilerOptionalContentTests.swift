import Testing

@testable import LiveUI

private struct OptionalContentRepro: View {
    @State private var on = true
    var body: some View {
        VStack {
            if on { Text("a") }
            Button("t") { on.toggle() }.accessibilityIdentifier("t")
        }
    }
}

@Suite("Reconciler: `if` without `else`")
struct ReconcilerOptionalContentTests {
    @Test("`if` without `else` renders its content; turning it off is one remove")
    func optionalContent() async throws {
        let session = LiveSession(changeLog: .discard) { OptionalContentRepro() }
        let html = await session.html()
        #expect(html.contains(#"class="lui-text">a</span>"#), "\(html)")
        #expect(!html.contains("<div></div>"), "\(html)")
        let update = try await session.send(.click("t"))
        #expect(update.patches.count == 1, "\(update.json)")
        #expect(update.patches.first?.op == "remove")
        await session.close()
    }
}

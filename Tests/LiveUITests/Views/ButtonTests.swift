import Testing

@testable import LiveUI

/// The two forms of a button with a text label, side by side.
private struct TwoButtons: View {
    @State private var presses = 0
    var body: some View {
        VStack {
            Button("Titled \(presses)") { presses += 1 }.accessibilityIdentifier("titled")
            Button(action: { presses += 10 }) { Text("Labelled \(presses)") }.accessibilityIdentifier("labelled")
        }
    }
}

@Suite("Button")
struct ButtonTests {
    @Test("a titled button renders its title as its text; a Text label renders as a child element; both run their action")
    func titledAndLabelledButtons() async throws {
        let session = LiveSession(changeLog: .discard) { TwoButtons() }
        let html = await session.html()
        #expect(html.contains("data-on=\"click\">Titled 0</button>"))
        #expect(html.contains("class=\"lui-text\">Labelled 0</span></button>"))
        _ = try await session.send(.click("titled"))
        _ = try await session.send(.click("labelled"))
        let after = await session.html()
        #expect(after.contains(">Titled 11</button>"))
        #expect(after.contains(">Labelled 11</span></button>"))
    }
}

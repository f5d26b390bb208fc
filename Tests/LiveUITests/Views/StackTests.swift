import Testing

@testable import LiveUI

/// Stacks whose alignment and spacing follow a state, with a row below them whose text changes.
private struct AdjustableStacks: View {
    @State private var wide = false
    var body: some View {
        VStack(alignment: wide ? .leading : .center, spacing: wide ? 12 : nil) {
            HStack(alignment: wide ? .top : .center, spacing: wide ? 4 : nil) {
                Text(wide ? "wide" : "narrow")
            }
            Button("Toggle") { wide.toggle() }.accessibilityIdentifier("toggle")
        }
    }
}

@Suite("Stacks")
struct StackTests {
    @Test("a stack's alignment and spacing changes are patched, and patched back, as its children change")
    func alignmentAndSpacingFollowState() async throws {
        let session = LiveSession(changeLog: .discard) { AdjustableStacks() }
        let first = await session.html()
        #expect(!first.contains("align-items") && !first.contains("gap:"))
        let toWide = try await session.send(.click("toggle"))
        let wide = await session.html()
        #expect(wide.contains("class=\"lui-vstack\" style=\"align-items:flex-start;gap:12px\""))
        #expect(wide.contains("class=\"lui-hstack\" style=\"align-items:flex-start;gap:4px\""))
        #expect(wide.contains(">wide</span>"))
        #expect(toWide.patchesJSON.contains("align-items:flex-start;gap:12px"))
        #expect(toWide.patchesJSON.contains("align-items:flex-start;gap:4px"))
        _ = try await session.send(.click("toggle"))
        let back = await session.html()
        #expect(!back.contains("align-items") && !back.contains("gap:"))
        #expect(back.contains(">narrow</span>"))
        #expect(back == first)
    }
}

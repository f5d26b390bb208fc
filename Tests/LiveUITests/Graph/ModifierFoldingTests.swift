import Foundation
import Testing

@testable import LiveUI

/// A view that does not read the environment, with attribute modifiers on its body.
private struct Badge: View {
    var body: some View { Text("badge").htmlClass("own").accessibilityIdentifier("badge") }
}

/// The same view without modifiers.
private struct PlainBadge: View {
    var body: some View { Text("badge") }
}

/// Disables the badge from outside: an environment change that passes the badge's body by.
private struct Panel: View {
    @State private var disabled = false
    let styled: Bool
    var body: some View {
        VStack {
            if styled { Badge().disabled(disabled) } else { PlainBadge().disabled(disabled) }
            Button("Toggle") { disabled.toggle() }.accessibilityIdentifier("toggle")
            Text("Size").padding(disabled ? 8 : 4).accessibilityIdentifier("size")
        }
    }
}

/// A label whose outermost folded modifier changes while its content and inner modifier stay the same.
private struct Relabelled: View {
    @State private var big = false
    var body: some View {
        VStack {
            Button("Grow") { big.toggle() }.accessibilityIdentifier("grow")
            Text("Label").htmlClass("label").font(big ? .largeTitle : .body)
        }
    }
}

@Suite("Attribute modifiers without nodes of their own")
struct ModifierFoldingTests {
    @Test("an attribute modifier adds no graph node, yet renders on its content's element")
    func attributeModifiersAddNoNodes() async throws {
        let plain = LiveSession(changeLog: .discard) { Panel(styled: false) }
        let styled = LiveSession(changeLog: .discard) { Panel(styled: true) }
        _ = await plain.html()
        let html = await styled.html()
        #expect(styled.statistics.liveNodes == plain.statistics.liveNodes)
        #expect(html.contains(#"data-aid="badge" class="lui-text own">badge</span>"#))
    }

    @Test("a node's own modifiers survive an environment change that skips its parent's body")
    func ownModifiersSurviveEnvironmentPassDown() async throws {
        let session = LiveSession(changeLog: .discard) { Panel(styled: true) }
        _ = await session.html()
        let evaluations = session.statistics.bodyEvaluations["Badge"]
        _ = try await session.send(.click("toggle"))
        _ = try await session.send(.click("toggle"))
        let html = await session.html()
        #expect(session.statistics.bodyEvaluations["Badge"] == evaluations)
        #expect(html.contains(#"data-aid="badge" class="lui-text own">badge</span>"#))
    }

    @Test("a folded modifier whose value changes patches its content's element")
    func changedModifierPatchesTheElement() async throws {
        let session = LiveSession(changeLog: .discard) { Panel(styled: true) }
        let before = await session.html()
        #expect(before.contains("padding:4px"))
        let update = try await session.send(.click("toggle"))
        let size = try #require(update.patches.first { if case .attrs = $0 { true } else { false } })
        #expect(size.json.contains("padding:8px"))
        #expect(await session.html().contains("padding:8px"))
    }

    @Test("a change in the outermost of several folded modifiers patches the element; the same modifiers keep it")
    func changedOuterModifierPatchesTheElement() async throws {
        let session = LiveSession(changeLog: .discard) { Relabelled() }
        #expect(await session.html().contains(#"class="lui-text lui-font-body label""#))
        let grown = try await session.send(.click("grow"))
        #expect(grown.patches.count == 1)
        #expect(grown.patches.first?.json.contains("lui-font-largeTitle") == true)
        #expect(await session.html().contains(#"class="lui-text lui-font-largeTitle label""#))
        let shrunk = try await session.send(.click("grow"))
        #expect(shrunk.patches.count == 1)
        #expect(await session.html().contains(#"class="lui-text lui-font-body label""#))
    }
}

import Foundation
import Testing

@testable import LiveUI

private struct Word: View {
    var body: some View { Text("word") }
}

/// A text whose words, weight and colour change on their own or together.
private struct Label: View {
    @State private var count = 0
    @State private var loud = false
    @State private var shown = true
    var body: some View {
        VStack {
            Button("Count") { count += 1 }.accessibilityIdentifier("count")
            Button("Loud") { loud.toggle() }.accessibilityIdentifier("loud")
            Button("Loud and count") {
                loud.toggle()
                count += 1
            }
            .accessibilityIdentifier("both")
            Button("Hide") { shown.toggle() }.accessibilityIdentifier("hide")
            if shown {
                Text("Count: \(count)").bold(loud).accessibilityIdentifier("label")
            } else {
                Divider()
            }
        }
    }
}

/// Leaf element descriptions drawn from a small set, so that pairs often agree in all but one part.
private struct LeafSpecs {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        // xorshift64*: a fixed sequence, the same on every run.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

    mutating func spec() -> ElementSpec {
        var spec = ElementSpec(["span", "p"][next(2)])
        switch next(5) {
        case 0: spec.content = .void
        case 1: spec.content = .text("1")
        case 2: spec.content = .text("2")
        case 3: spec.content = .text("<&\">")
        default: spec.content = .children([.allSlots])
        }
        if next(3) == 0 { spec.set("title", ["a", "b"][next(2)]) }
        if next(4) == 0 { spec.set("aria-label", "x") }
        if next(3) == 0 { spec.addClass(["big", "small"][next(2)]) }
        if next(3) == 0 { spec.style("color", ["red", "blue"][next(2)]) }
        if next(3) == 0 { spec.listen(.click) }
        return spec
    }

    /// `spec`, or `spec` with one of its parts drawn again (which may draw the same value).
    mutating func variant(of spec: ElementSpec) -> ElementSpec {
        let other = self.spec()
        var variant = spec
        switch next(8) {
        case 0: variant.tag = other.tag
        case 1, 2, 3: variant.content = other.content
        case 4: variant.attributes = other.attributes
        case 5: variant.classes = other.classes
        case 6: variant.styles = other.styles
        default: variant.events = other.events
        }
        return variant
    }
}

@Suite("Differ: a leaf's new text without snapshots")
struct LeafChangeTests {
    @Test("a leaf compares as the same, as new text, or as something else")
    func leafChangeAnswers() {
        var text = ElementSpec("span", content: .text("1"))
        text.set("title", "t")
        var newText = text
        newText.content = .text("2")
        #expect(text.leafChange(to: text) == .same)
        #expect(text.leafChange(to: newText) == .text("2"))
        let void = ElementSpec("hr", content: .void)
        #expect(void.leafChange(to: void) == .same)
        var otherTag = newText
        otherTag.tag = "p"
        var otherTitle = newText
        otherTitle.set("title", "u")
        var classed = newText
        classed.addClass("big")
        var styled = newText
        styled.style("color", "red")
        var listening = newText
        listening.listen(.click)
        var emptied = text
        emptied.content = .void
        for changed in [otherTag, otherTitle, classed, styled, listening, emptied] {
            #expect(text.leafChange(to: changed) == .other)
        }
        let parent = ElementSpec("div")
        #expect(parent.leafChange(to: parent) == .other)
    }

    @Test("whenever a leaf's change is decided without snapshots, the snapshots' comparison patches the same")
    func leafChangeAgreesWithSnapshots() throws {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Word())
        _ = graph.flush()
        let node = try #require(graph.root)
        var specs = LeafSpecs(state: 0x9E37_79B9_7F4A_7C15)
        var decided = (same: 0, text: 0, other: 0)
        for _ in 0..<4_000 {
            let old = specs.spec()
            let new = specs.variant(of: old)
            var differ = Differ(graph: graph)
            differ.diffElement(
                lid: "7", old: graph.snapshot(of: old, lid: "7", node: node),
                new: graph.snapshot(of: new, lid: "7", node: node), owner: node)
            switch old.leafChange(to: new) {
            case .same:
                decided.same += 1
                #expect(differ.patches.isEmpty)
            case .text(let text):
                decided.text += 1
                #expect(differ.patches == [.text(id: "7", text: text)])
            case .other:
                decided.other += 1
            }
        }
        // Every answer was given often enough for the agreement to mean something.
        #expect(decided.same > 200 && decided.text > 200 && decided.other > 200, "\(decided)")
    }

    @Test("new text alone is one text patch; with a new weight or kind of element, the patches say so too")
    func textPatchesThroughASession() async throws {
        let session = LiveSession(changeLog: .discard) { Label() }
        let html = await session.html()
        let label = try #require(lid(in: html, of: "Count: 0"))
        #expect(try await session.send(.click("count")).patches == [.text(id: label, text: "Count: 1")])
        let louder = try await session.send(.click("both")).patches
        #expect(louder.contains(.text(id: label, text: "Count: 2")))
        #expect(louder.contains { if case .attrs(let id, _, _) = $0 { id == label } else { false } })
        #expect(louder.count == 2)
        // The weight alone: attributes, no text.
        let quieter = try await session.send(.click("loud")).patches
        #expect(quieter.count == 1)
        #expect(quieter.allSatisfy { if case .attrs(let id, _, _) = $0 { id == label } else { false } })
        // A text replaced by another kind of element: the element is replaced, not patched as text.
        let hidden = try await session.send(.click("hide")).patches
        #expect(hidden.count == 1)
        #expect(hidden.allSatisfy { if case .replace(let id, let html) = $0 { id == label && html.contains("<hr") } else { false } })
        #expect(await session.html().contains("<hr"))
    }
}

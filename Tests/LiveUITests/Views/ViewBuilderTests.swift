import Testing

@testable import LiveUI

/// One view value used three times: after modifiers took it, and as it is.
private struct ReusedLabel: View {
    var body: some View {
        let label = Text("shared")
        VStack {
            label.bold()
            label
            label.accessibilityIdentifier("third")
        }
    }
}

/// Ten views in a block: the largest block with an overload of its own. The third follows a state.
private struct TenViews: View {
    @State private var third = "c"
    var body: some View {
        VStack {
            Text("a")
            Text("b")
            Text(third)
            Text("d")
            Text("e")
            Text("f")
            Text("g")
            Text("h")
            Text("i")
            Button("Change") { third = "C" }.accessibilityIdentifier("change")
        }
    }
}

/// Eleven views in a block: built by the variadic form. The third follows a state; the fifth comes and goes.
private struct ElevenViews: View {
    @State private var third = "c"
    @State private var showsFifth = true
    var body: some View {
        let letters = ["a", "b", "d", "e", "f", "g", "h", "i"]
        VStack {
            Text(letters[0])
            Text(letters[1])
            Text(third)
            Text(letters[2])
            if showsFifth { Text(letters[3]) }
            Text(letters[4])
            Text(letters[5])
            Text(letters[6])
            Text(letters[7])
            Button("Change") { third = "C" }.accessibilityIdentifier("change")
            Button("Hide") { showsFifth = false }.accessibilityIdentifier("hide")
        }
    }
}

/// The texts of `html`'s `<span>` elements, in document order.
private func texts(_ html: String) throws -> [String] {
    var elements: [HTMLTree.Element] = []
    try HTMLTree(parsing: html).root.allElements(into: &elements)
    return elements.filter { $0.tag == "span" }.map(\.textContent)
}

@Suite("ViewBuilder")
struct ViewBuilderTests {
    @Test("a view value stays usable after a modifier took it, as in SwiftUI")
    func viewValueSurvivesModifiers() async throws {
        let html = await LiveSession(changeLog: .discard) { ReusedLabel() }.html()
        #expect(try texts(html) == ["shared", "shared", "shared"])
        #expect(html.contains("font-weight:700"))
        #expect(html.contains("data-aid=\"third\""))
    }

    @Test("a block of ten views keeps each at its position, and a change patches only its own")
    func tenViewsKeepTheirPositions() async throws {
        let session = LiveSession(changeLog: .discard) { TenViews() }
        #expect(try texts(await session.html()) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        let update = try await session.send(.click("change"))
        #expect(try texts(await session.html()) == ["a", "b", "C", "d", "e", "f", "g", "h", "i"])
        #expect(update.patches.count == 1)
    }

    @Test("a block of eleven views keeps each at its position, through a change and a view that leaves")
    func elevenViewsKeepTheirPositions() async throws {
        let session = LiveSession(changeLog: .discard) { ElevenViews() }
        #expect(try texts(await session.html()) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        let change = try await session.send(.click("change"))
        #expect(change.patches.count == 1)
        _ = try await session.send(.click("hide"))
        #expect(try texts(await session.html()) == ["a", "b", "C", "d", "f", "g", "h", "i"])
    }
}

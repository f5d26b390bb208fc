import Foundation
import Testing

@testable import LiveUI

/// A counter whose state lives with its identity.
private struct Tally: View {
    let name: String
    @State private var count = 0
    var body: some View {
        Button("\(name) \(count)") { count += 1 }.accessibilityIdentifier(name)
    }
}

/// An element whose content is a `@ViewBuilder` block with an `if` in front of a stateful view.
private struct Row: View {
    @State private var showsFirst = true
    var body: some View {
        HStack {
            if showsFirst { Tally(name: "first") }
            Tally(name: "second")
            Button("Flip") { showsFirst.toggle() }.accessibilityIdentifier("flip")
        }
    }
}

/// The same element with one view as its content, for the node count.
private struct Single: View {
    var body: some View { HStack { Text("only") } }
}

/// Two views in a block.
private struct Pair: View {
    var body: some View {
        HStack {
            Text("one")
            Text("two")
        }
    }
}

@Suite("An element's @ViewBuilder block")
struct BlockFlatteningTests {
    @Test("the views of a block are the element's children: the block adds no graph node")
    func blockAddsNoNode() async {
        let single = LiveSession(changeLog: .discard) { Single() }
        let pair = LiveSession(changeLog: .discard) { Pair() }
        _ = await single.html()
        let html = await pair.html()
        // The pair has one Text more than the single view, and nothing for the block.
        #expect(pair.statistics.liveNodes == single.statistics.liveNodes + 1)
        #expect(html.contains(">one</span>") && html.contains(">two</span>"))
    }

    @Test("a view after an `if` in the block keeps its state while the `if` flips")
    func stateSurvivesSiblingIf() async throws {
        let session = LiveSession(changeLog: .discard) { Row() }
        _ = await session.html()
        _ = try await session.send(.click("second"))
        _ = try await session.send(.click("second"))
        _ = try await session.send(.click("first"))
        _ = try await session.send(.click("flip"))
        var html = await session.html()
        #expect(!html.contains("first "))
        #expect(html.contains(">second 2</button>"))
        _ = try await session.send(.click("flip"))
        html = await session.html()
        #expect(html.contains(">first 0</button>"), "the first tally's identity ended and began again")
        #expect(html.contains(">second 2</button>"))
    }
}

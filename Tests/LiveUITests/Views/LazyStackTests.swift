import Testing

@testable import LiveUI

/// A row with a tap counter.
private struct TapRow: View {
    let index: Int
    @State private var taps = 0
    var body: some View {
        Button("Row \(index): \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(index)")
    }
}

private struct LongList: View {
    let count: Int
    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 4) {
                ForEach(0..<count, id: \.self) { TapRow(index: $0) }
            }
            .accessibilityIdentifier("list")
        }
    }
}

/// Applies `update`'s patches to `html` and checks the result is `expected` (a fresh render).
private func expectPatches(_ update: Update, turn html: String, into expected: String) throws {
    let tree = try HTMLTree(parsing: html)
    try tree.apply(update.patches)
    #expect(tree.normalized == (try HTMLTree.normalize(expected)))
}

@Suite("Lazy stacks")
struct LazyStackTests {
    @Test("the first page of 100,000 rows sends 50 rows between two spacers")
    func firstPage() async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 100_000) }
        let html = await session.html()
        #expect(html.contains("Row 49: 0"))
        #expect(!html.contains("Row 50: 0"))
        #expect(html.contains("data-lazy=\"v\""))
        #expect(html.contains("data-rows=\"100000\""))
        #expect(html.contains("data-window=\"0-50\""))
        #expect(html.contains("style=\"--lui-rows:0\""))
        #expect(html.contains("style=\"--lui-rows:99950\""))
        #expect(html.utf8.count < 20_000)
    }

    @Test("a range event sends the new window as patches that give the fresh render")
    func rangeMovesWindow() async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 100_000) }
        var html = await session.html()
        for range in ["40-90", "99950-100000", "0-30"] {
            let update = try await session.send(ClientEvent(target: "list", type: "range", value: range))
            let fresh = await session.html()
            try expectPatches(update, turn: html, into: fresh)
            html = fresh
            let bounds = range.split(separator: "-").map { Int($0)! }
            #expect(html.contains("Row \(bounds[0]): 0") && html.contains("Row \(bounds[1] - 1): 0"))
            #expect(!html.contains("Row \(bounds[1]): 0"))
            #expect(html.contains("data-window=\"\(range)\""))
            #expect(html.contains("--lui-rows:\(bounds[0])\"") && html.contains("--lui-rows:\(100_000 - bounds[1])\""))
        }
    }

    @Test("a range outside the data, too large or malformed is refused and changes nothing",
          arguments: ["", "5", "10-5", "7-7", "-1-5", "0-100001", "99999-100001", "a-b", "0-501", "1-2-3", " 1-2", "0x1-2"])
    func refusesBadRanges(value: String) async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 100_000) }
        let before = await session.html()
        await #expect(throws: LiveError.self) {
            try await session.send(ClientEvent(target: "list", type: "range", value: value))
        }
        #expect(await session.html() == before)
    }

    @Test("a row's @State survives scrolling out of the window and back")
    func stateSurvives() async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 100_000) }
        _ = await session.html()
        _ = try await session.send(.click("row-3"))
        _ = try await session.send(.click("row-3"))
        _ = try await session.send(ClientEvent(target: "list", type: "range", value: "1000-1050"))
        #expect(!(await session.html()).contains("Row 3:"))
        let back = try await session.send(ClientEvent(target: "list", type: "range", value: "0-50"))
        let html = await session.html()
        #expect(html.contains("Row 3: 2"))
        #expect(html.contains("Row 4: 0"))
        #expect(!back.patches.isEmpty)
    }

    @Test("rows that stay in the window keep their elements")
    func overlapKeepsLids() async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 1_000) }
        let before = try HTMLTree(parsing: await session.html()).lidsByAid()
        _ = try await session.send(ClientEvent(target: "list", type: "range", value: "25-75"))
        let after = try HTMLTree(parsing: await session.html()).lidsByAid()
        #expect(before["row-30"] != nil && before["row-30"] == after["row-30"])
        #expect(after["row-10"] == nil && after["row-70"] != nil)
    }

    @Test("scrolling costs patches for the rows shown, not the rows in the data")
    func patchesScaleWithWindow() async throws {
        let session = LiveSession(changeLog: .discard) { LongList(count: 100_000) }
        _ = await session.html()
        let update = try await session.send(ClientEvent(target: "list", type: "range", value: "50000-50050"))
        // 50 removals, 50 inserts (or replaces), the window attribute and two spacers.
        #expect(update.patches.count <= 103)
    }

    @Test("when the data shrinks below the window, the window moves inside it")
    func dataShrinks() async throws {
        struct Shrinking: View {
            @State private var count = 1_000
            var body: some View {
                VStack {
                    Button("Shrink") { count = 20 }.accessibilityIdentifier("shrink")
                    LazyVStack { ForEach(0..<count, id: \.self) { Text("Item \($0)") } }.accessibilityIdentifier("list")
                }
            }
        }
        let session = LiveSession(changeLog: .discard) { Shrinking() }
        var html = await session.html()
        _ = try await session.send(ClientEvent(target: "list", type: "range", value: "900-950"))
        html = await session.html()
        let update = try await session.send(.click("shrink"))
        let fresh = await session.html()
        try expectPatches(update, turn: html, into: fresh)
        #expect(fresh.contains("Item 0") && fresh.contains("Item 19") && fresh.contains("data-window=\"0-20\""))
    }

    @Test("data emptied and filled again gets a whole window")
    func emptiedAndRefilled() async throws {
        struct Refill: View {
            @State private var count = 100
            var body: some View {
                VStack {
                    Button("Empty") { count = 0 }.accessibilityIdentifier("empty")
                    Button("Fill") { count = 100 }.accessibilityIdentifier("fill")
                    LazyVStack { ForEach(0..<count, id: \.self) { Text("Item \($0)") } }
                }
            }
        }
        let session = LiveSession(changeLog: .discard) { Refill() }
        _ = await session.html()
        _ = try await session.send(.click("empty"))
        #expect(!(await session.html()).contains("Item 0"))
        _ = try await session.send(.click("fill"))
        let html = await session.html()
        #expect(html.contains(">Item 49<") && !html.contains(">Item 50<") && html.contains("data-window=\"0-50\""))
    }

    @Test("a LazyHStack windows its rows too, and other content renders whole")
    func horizontalAndWhole() async throws {
        let session = LiveSession(changeLog: .discard) {
            VStack {
                LazyHStack(spacing: 2) { ForEach(0..<500, id: \.self) { Text("H\($0)") } }
                LazyVStack { Text("A"); Text("B") }
            }
        }
        let html = await session.html()
        #expect(html.contains("data-lazy=\"h\"") && html.contains("H49") && !html.contains("H50<"))
        #expect(html.contains(">A<") && html.contains(">B<"))
        #expect(html.components(separatedBy: "data-lazy").count == 2)
    }

    @Test("a List over more than 20,000 rows is windowed; a shorter one is sent whole")
    func longListIsLazy() async throws {
        let long = LiveSession(changeLog: .discard) { List(0..<20_001, id: \.self) { Text("L\($0)") } }
        let longHTML = await long.html()
        #expect(longHTML.contains("data-lazy=\"v\"") && longHTML.contains("role=\"listitem\""))
        #expect(longHTML.contains(">L49<") && !longHTML.contains(">L50<"))
        let short = LiveSession(changeLog: .discard) { List(0..<20_000, id: \.self) { Text("S\($0)") } }
        let shortHTML = await short.html()
        #expect(!shortHTML.contains("data-lazy") && shortHTML.contains(">S19999<"))
    }
}

import Foundation
import TestSupport
import Testing

@testable import LiveUI

/// Rows in the order the text field says: "3,1,2" shows rows 3, 1 and 2.
private struct Ordered: View {
    @State private var order = "1,2,3,4,5,6,7,8"
    private var ids: [Int] { order.split(separator: ",").compactMap { Int($0) } }
    var body: some View {
        VStack {
            TextField("Order", text: $order).accessibilityIdentifier("order")
            VStack {
                ForEach(ids, id: \.self) { Text("Row \($0)") }
            }
            .accessibilityIdentifier("rows")
        }
    }
}

/// The same names in three lists keyed three ways: by `\.self`, by a key path into the element, and by
/// `Identifiable`; the field reorders all three.
private struct KeyedThreeWays: View {
    struct Person: Identifiable {
        var name: String
        var id: String { name }
    }
    @State private var order = "ann,bob,cy"
    private var names: [String] { order.split(separator: ",").map(String.init) }
    var body: some View {
        VStack {
            TextField("Order", text: $order).accessibilityIdentifier("order")
            VStack { ForEach(names, id: \.self) { Text("self \($0)") } }
            VStack { ForEach(names.map { Person(name: $0) }, id: \.name) { Text("path \($0.name)") } }
            VStack { ForEach(names.map { Person(name: $0) }) { Text("identifiable \($0.name)") } }
        }
    }
}

/// A row with a tap count of its own.
private struct TapRow: View {
    let id: Int
    @State private var taps = 0
    var body: some View {
        Button("Row \(id): \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(id)")
    }
}

/// Rows 1 to 4 in the order the text field says.
private struct TapRows: View {
    @State private var order = "1,2,3,4"
    var body: some View {
        VStack {
            TextField("Order", text: $order).accessibilityIdentifier("order")
            ForEach(order.split(separator: ",").compactMap { Int($0) }, id: \.self) { TapRow(id: $0) }
        }
    }
}

/// `<div>` with the elements of `first`, then an internal sub-element (`<b>` with `marker`), then those of
/// `second`: the one element here whose internal part sits between other nodes' elements.
private struct Split<First: View, Second: View>: ElementView {
    let marker: String
    let first: First
    let second: Second

    func makeContent(_ node: GraphNode) -> NodeContent {
        let marker = ElementSpec("b", content: .text(marker))
        let spec = ElementSpec("div", content: .children([.slot(0), .element(suffix: "m", marker), .slot(1)]))
        return NodeContent(children: [(.index(0), first), (.index(1), second)], element: spec)
    }
}

/// Rows 1, 2 before the marker and 3, 4 after it; "swap" reverses both lists and renames the marker.
private struct SplitRows: View {
    @State private var swapped = false
    var body: some View {
        VStack {
            Button("Swap") { swapped.toggle() }.accessibilityIdentifier("swap")
            Split(
                marker: swapped ? "after" : "before",
                first: ForEach(swapped ? [2, 1] : [1, 2], id: \.self) { Text("Row \($0)") },
                second: ForEach(swapped ? [4, 3] : [3, 4], id: \.self) { Text("Row \($0)") }
            )
            .accessibilityIdentifier("split")
        }
    }
}

@Suite("Keyed children: removes, inserts and moves by index")
struct KeyedChildrenTests {
    /// The lids of the row container's children, in order.
    private func rowLids(_ html: String, container: String) -> [String] {
        guard let start = html.range(of: "data-lid=\"\(container)\"") else { return [] }
        let rest = html[start.upperBound...]
        return rest.components(separatedBy: "<span data-lid=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// What one update's patches did to the rows of `container`: the rows they removed, moved or replaced,
    /// and the indices they inserted at.
    private struct Applied {
        var touched: [String] = []
        var insertedAt: [Int] = []
    }

    /// Applies `patches` to `model`, the client's row lids in order, as the client applies them.
    private func apply(_ patches: [Patch], to model: inout [String], container: String) throws -> Applied {
        func rowLid(_ html: String) -> String { String(html.dropFirst("<span data-lid=\"".count).prefix { $0 != "\"" }) }
        var applied = Applied()
        for patch in patches {
            switch patch {
            case .remove(let id):
                applied.touched.append(id)
                model.removeAll { $0 == id }
            case .insert(let parent, let index, let html) where parent == container:
                try #require(index <= model.count, "insert index \(index) beyond \(model.count)")
                applied.insertedAt.append(index)
                model.insert(rowLid(html), at: index)
            case .move(let id, let parent, let index) where parent == container:
                applied.touched.append(id)
                let at = try #require(model.firstIndex(of: id), "move of unknown \(id)")
                model.remove(at: at)
                try #require(index <= model.count, "move index \(index) beyond \(model.count)")
                model.insert(id, at: index)
            case .replace(let id, let html):
                applied.touched.append(id)
                let at = try #require(model.firstIndex(of: id))
                model[at] = rowLid(html)
            default:
                break
            }
        }
        return applied
    }

    @Test("random reorders, insertions and removals: applying the ops to the old order gives the new order", arguments: 0..<4)
    func randomReorders(seed: UInt64) async throws {
        var random = SplitMix64(seed)
        let session = LiveSession(changeLog: .discard) { Ordered() }
        let html = await session.html()
        let container = try #require(lid(in: html, of: "data-aid=\"rows\""))
        var model = rowLids(html, container: container)
        for step in 0..<60 {
            let size = Int.random(in: 0...40, using: &random)
            var unique = Set<Int>()
            for _ in 0..<size { unique.insert(Int.random(in: 1...60, using: &random)) }
            var ids = unique.sorted()
            ids.shuffle(using: &random)
            if step % 7 == 0 { ids.reverse() }
            let update = try await session.send(.input("order", ids.map(String.init).joined(separator: ",")))
            _ = try apply(update.patches, to: &model, container: container)
            let fresh = rowLids(await session.html(), container: container)
            #expect(model == fresh, "seed \(seed) step \(step)")
            if model != fresh { return }
        }
    }

    @Test("changes between kept ends: patches at list indices, none for a row at either end", arguments: 0..<3)
    func changesBetweenKeptEnds(seed: UInt64) async throws {
        var random = SplitMix64(seed)
        var ids = Array(1...12)
        let session = LiveSession(changeLog: .discard) { Ordered() }
        _ = try await session.send(.input("order", ids.map(String.init).joined(separator: ",")))
        let container = try #require(lid(in: await session.html(), of: "data-aid=\"rows\""))
        var model = rowLids(await session.html(), container: container)
        var nextID = 13
        for step in 0..<40 {
            // Keep a run at each end; shuffle, shrink or grow what lies between.
            let head = Int.random(in: 0...min(4, ids.count), using: &random)
            let tail = Int.random(in: 0...min(4, ids.count - head), using: &random)
            var middle = Array(ids[head..<(ids.count - tail)])
            middle.shuffle(using: &random)
            if !middle.isEmpty && Bool.random(using: &random) { middle.removeLast(Int.random(in: 0...min(2, middle.count), using: &random)) }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                middle.insert(nextID, at: Int.random(in: 0...middle.count, using: &random))
                nextID += 1
            }
            let kept = Set(model.prefix(head) + model.suffix(tail))
            ids = Array(ids.prefix(head)) + middle + Array(ids.suffix(tail))
            let update = try await session.send(.input("order", ids.map(String.init).joined(separator: ",")))
            let applied = try apply(update.patches, to: &model, container: container)
            #expect(applied.touched.allSatisfy { !kept.contains($0) }, "step \(step): a kept row was removed, moved or replaced")
            #expect(applied.insertedAt.allSatisfy { $0 >= head }, "step \(step): an insert before the kept head")
            let fresh = rowLids(await session.html(), container: container)
            #expect(model == fresh, "seed \(seed) step \(step)")
            if model != fresh { return }
        }
        // An append is one insert after the last row.
        let before = model.count
        ids.append(nextID)
        let append = try await session.send(.input("order", ids.map(String.init).joined(separator: ",")))
        let inserts = append.patches.compactMap { patch -> Int? in
            if case .insert(let parent, let index, _) = patch, parent == container { return index }
            return nil
        }
        #expect(inserts == [before])
        #expect(append.patches.allSatisfy { if case .remove = $0 { false } else if case .move = $0 { false } else { true } })
    }

    @Test("rows keyed by \\.self, by a key path and by Identifiable keep their elements when the list is reordered")
    func idsOfEveryKindKeepIdentity() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedThreeWays() }
        let before = await session.html()
        let update = try await session.send(.input("order", "cy,ann,bob"))
        #expect(!update.patches.isEmpty)
        // Rows move; none is removed, inserted or replaced.
        #expect(update.patches.contains { if case .move = $0 { true } else { false } })
        #expect(!update.patches.contains { patch in
            switch patch {
            case .remove, .insert, .replace: true
            default: false
            }
        }, "\(update.patches.map(\.json))")
        for kind in ["self", "path", "identifiable"] {
            for name in ["ann", "bob", "cy"] {
                let after = await session.html()
                #expect(try lidOfText("\(kind) \(name)", in: before) == lidOfText("\(kind) \(name)", in: after))
            }
        }
    }

    /// The `data-lid` of the text element that reads `text`.
    private func lidOfText(_ text: String, in html: String) throws -> String {
        let end = try #require(html.range(of: ">\(text)</span>"))
        let start = try #require(html[..<end.lowerBound].range(of: "data-lid=\"", options: .backwards))
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("over consecutive updates, each ending or adding another row, kept rows keep their state and a row that comes back starts anew")
    func keptRowsKeepStateAcrossConsecutiveUpdates() async throws {
        let session = LiveSession(changeLog: .discard) { TapRows() }
        _ = await session.html()
        for row in [1, 2, 2, 3, 3, 3, 4] { _ = try await session.send(.click("row-\(row)")) }
        for order in ["2,3,4", "2,3", "1,2,3", "3,1,2", "3,2", "3,2,4,1"] {
            _ = try await session.send(.input("order", order))
        }
        let html = await session.html()
        #expect(html.contains("Row 2: 2"))
        #expect(html.contains("Row 3: 3"))
        #expect(html.contains("Row 1: 0"))
        #expect(html.contains("Row 4: 0"))
        let positions = ["Row 3", "Row 2", "Row 4", "Row 1"].map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test("a row added after the kept rows is new when its id rises above theirs, and a twin when it repeats one")
    func rowsAddedAfterKeptRows() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Ordered() }
        let container = try #require(lid(in: await session.html(), of: "data-aid=\"rows\""))
        _ = try await session.send(.input("order", "1,2,3"))
        let kept = rowLids(await session.html(), container: container)
        _ = try await session.send(.input("order", "1,2,3,4"))
        let grown = rowLids(await session.html(), container: container)
        #expect(Array(grown.prefix(3)) == kept && grown.count == 4 && !kept.contains(grown[3]))
        #expect(!log.all.contains { $0.contains("duplicate id") })
        // Kept rows whose ids do not rise: an id among them, added at the end, is still a twin.
        _ = try await session.send(.input("order", "3,1,2"))
        _ = try await session.send(.input("order", "3,1,2,3"))
        let twins = rowLids(await session.html(), container: container)
        #expect(twins.count == 4 && Set(twins).count == 4)
        #expect(log.all.contains { $0.contains("duplicate id") })
    }

    @Test("duplicate ids get identities of their own, with a warning; a row keeps its element when its twin goes")
    func duplicateIDsStayApart() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Ordered() }
        let html = await session.html()
        let container = try #require(lid(in: html, of: "data-aid=\"rows\""))
        _ = try await session.send(.input("order", "1,1,2"))
        let twins = rowLids(await session.html(), container: container)
        #expect(twins.count == 3 && Set(twins).count == 3)
        #expect(log.all.contains { $0.contains("duplicate id") })
        // The same twins again, with a row after them: each keeps its identity.
        _ = try await session.send(.input("order", "1,1,2,3"))
        #expect(Array(rowLids(await session.html(), container: container).prefix(3)) == twins)
        _ = try await session.send(.input("order", "1,2"))
        #expect(rowLids(await session.html(), container: container) == [twins[0], twins[2]])
    }

    @Test("an internal sub-element among reordered rows keeps its element and gets its own change")
    func internalPartInsideAReorderedRun() async throws {
        let session = LiveSession(changeLog: .discard) { SplitRows() }
        let html = await session.html()
        let tree = try HTMLTree(parsing: html)
        let container = try #require(lid(in: html, of: "data-aid=\"split\""))
        let marker = container + "m"
        #expect(try tree.element(lid: marker).tag == "b")
        let update = try await session.send(.click("swap"))
        // The first and the last child both moved: the run between kept ends is the whole list, marker included.
        let moved = update.patches.filter { if case .move(_, let parent, _) = $0 { parent == container } else { false } }
        #expect(moved.count >= 2)
        #expect(!update.patches.contains { patch in
            switch patch {
            case .remove(let id), .replace(let id, _): id == marker
            default: false
            }
        })
        try tree.apply(update.patches)
        let freshHTML = await session.html()
        #expect(HTMLTree.sameContent(tree.root, try HTMLTree(parsing: freshHTML).root))
        #expect(freshHTML.contains(">after</b>"))
    }
}

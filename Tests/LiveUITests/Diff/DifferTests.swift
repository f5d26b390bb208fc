import Foundation
import Testing

@testable import LiveUI

private struct Item: Identifiable, Equatable {
    let id: Int
    var title: String
}

private struct KeyedList: View {
    @State var items: [Item] = (1...5).map { Item(id: $0, title: "Item \($0)") }
    var body: some View {
        VStack {
            Button("Reverse") { items.reverse() }.accessibilityIdentifier("reverse")
            Button("Last to first") { items.insert(items.removeLast(), at: 0) }.accessibilityIdentifier("rotate")
            Button("Append") { items.append(Item(id: (items.map(\.id).max() ?? 0) + 1, title: "New")) }
                .accessibilityIdentifier("append")
            Button("Remove second") { items.remove(at: 1) }.accessibilityIdentifier("remove")
            Button("Rename first") { items[0].title += "!" }.accessibilityIdentifier("rename")
            List(items) { item in Text(item.title) }
        }
    }
}

private struct Branches: View {
    @State private var on = false
    var body: some View {
        VStack {
            Button("Flip") { on.toggle() }.accessibilityIdentifier("flip")
            if on { Text("On").bold() } else { Image(systemName: "star") }
        }
    }
}

@Suite("Reconciler: patches keyed by identity")
struct DifferTests {
    private func rowLids(_ html: String) -> [String] {
        html.components(separatedBy: "role=\"listitem\"").dropLast().compactMap { part in
            part.range(of: "data-lid=\"", options: .backwards).map { r in
                String(part[r.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    @Test("moving the last row to the front is one move; rows keep their lids")
    func rotateIsOneMove() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedList() }
        let before = rowLids(await session.html())
        #expect(before.count == 5)
        let list = try #require(lid(in: await session.html(), of: "class=\"lui-list\""))
        let update = try await session.send(.click("rotate"))
        #expect(update.patches == [.move(id: before[4], parent: list, index: 0)])
        #expect(rowLids(await session.html()) == [before[4]] + before[0..<4])
    }

    @Test("reversing five rows is four moves and no re-creation")
    func reverseIsMoves() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedList() }
        let before = rowLids(await session.html())
        let update = try await session.send(.click("reverse"))
        #expect(update.patches.count == 4)
        #expect(update.patches.allSatisfy { $0.op == "move" })
        #expect(rowLids(await session.html()) == before.reversed())
    }

    @Test("appending is one insert at the end; removing is one remove")
    func insertAndRemove() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedList() }
        let before = rowLids(await session.html())
        let list = try #require(lid(in: await session.html(), of: "class=\"lui-list\""))
        let append = try await session.send(.click("append"))
        #expect(append.patches.count == 1)
        guard case .insert(let parent, let index, let html) = append.patches.first else {
            Issue.record("expected an insert, got \(append.patches)")
            return
        }
        #expect(parent == list)
        #expect(index == 5)
        #expect(html.contains(">New</span>"))
        let remove = try await session.send(.click("remove"))
        #expect(remove.patches == [.remove(id: before[1])])
    }

    @Test("a row's text change is one text op on that row")
    func renameIsOneText() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedList() }
        let before = rowLids(await session.html())
        let update = try await session.send(.click("rename"))
        #expect(update.patches == [.text(id: before[0], text: "Item 1!")])
    }

    @Test("an if/else branch flip is one replace")
    func branchFlipIsReplace() async throws {
        let session = LiveSession(changeLog: .discard) { Branches() }
        let html = await session.html()
        let symbol = try #require(lid(in: html, of: "class=\"lui-symbol\""))
        let update = try await session.send(.click("flip"))
        #expect(update.patches.count == 1)
        guard case .replace(let id, let newHTML) = update.patches.first else {
            Issue.record("expected a replace, got \(update.patches)")
            return
        }
        #expect(id == symbol)
        #expect(newHTML.contains("font-weight:700"))
        #expect(newHTML.contains(">On</span>"))
    }

    @Test("longest increasing run keeps the most elements in place")
    func longestRun() {
        #expect(longestIncreasingRun([0, 1, 2, 3]) == [0, 1, 2, 3])
        #expect(longestIncreasingRun([3, 2, 1, 0]).count == 1)
        #expect(longestIncreasingRun([4, 0, 1, 2, 3]) == [1, 2, 3, 4])
        #expect(longestIncreasingRun([]) == [])
    }
}

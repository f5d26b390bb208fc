import Foundation
import Testing

@testable import LiveUI

private struct Item: Identifiable, Equatable {
    let id: Int
    var name: String
}

/// Records what the edit actions were given, for the tests to read.
private final class ActionLog: @unchecked Sendable {
    // @unchecked: written and read only from the session's serial work and after it.
    var deletes: [IndexSet] = []
    var moves: [(IndexSet, Int)] = []
}

private struct EditableList: View {
    let log: ActionLog
    @State private var items = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")]
    @State private var mode = EditMode.inactive
    var body: some View {
        VStack {
            EditButton().accessibilityIdentifier("edit")
            List {
                ForEach($items) { $item in
                    TextField("Name", text: $item.name).accessibilityIdentifier("name-\(item.id)")
                }
                .onDelete { offsets in
                    log.deletes.append(offsets)
                    items.remove(atOffsets: offsets)
                }
                .onMove { source, destination in
                    log.moves.append((source, destination))
                    items.move(fromOffsets: source, toOffset: destination)
                }
            }
            Text(items.map { "\($0.id)\($0.name)" }.joined(separator: ",")).accessibilityIdentifier("summary")
        }
        .environment(\.editMode, $mode)
    }
}

/// The `data-lid` of each element whose class list holds `className`, in document order.
private func lids(ofClass className: String, in html: String) -> [String] {
    let pattern = "<[a-z]+ [^>]*class=\"[^\"]*\\b\(className)\\b[^\"]*\"[^>]*>"
    let regex = try? NSRegularExpression(pattern: pattern)
    let range = NSRange(html.startIndex..., in: html)
    return (regex?.matches(in: html, range: range) ?? []).compactMap { match -> String? in
        guard let tag = Range(match.range, in: html).map({ String(html[$0]) }),
            let lid = tag.range(of: "data-lid=\"([^\"]*)\"", options: .regularExpression)
        else { return nil }
        return String(tag[lid].dropFirst(10).dropLast())
    }
}

private func summary(_ html: String) -> String? {
    guard let range = html.range(of: "\"summary\"[^>]*>[^<]*<", options: .regularExpression) else { return nil }
    let tag = html[range]
    guard let start = tag.lastIndex(of: ">") else { return nil }
    return String(tag[tag.index(after: start)...].dropLast())
}

@Suite("Editing: ForEach over bindings, onDelete, onMove, EditButton")
struct EditingTests {
    @Test("typing into a row's TextField bound through $item edits that element, after a reorder too")
    func rowBindingFollowsItsElement() async throws {
        let session = LiveSession(changeLog: .discard) { EditableList(log: ActionLog()) }
        _ = try await session.send(.input("name-2", "bee"))
        #expect(summary(await session.html()) == "1a,2bee,3c")
        _ = try await session.send(.click("edit"))
        let html = await session.html()
        // Row 3 up: before row 2.
        _ = try await session.send(.click(lids(ofClass: "lui-row-up", in: html)[2]))
        #expect(summary(await session.html()) == "1a,3c,2bee")
        _ = try await session.send(.input("name-3", "sea"))
        _ = try await session.send(.input("name-2", "b2"))
        #expect(summary(await session.html()) == "1a,3sea,2b2")
    }

    @Test("a row's delete button passes its current index to onDelete; a stale delete is refused and changes nothing")
    func deleteByRowIdentity() async throws {
        let log = ActionLog()
        let session = LiveSession(changeLog: .discard) { EditableList(log: log) }
        let deletes = lids(ofClass: "lui-row-delete", in: await session.html())
        #expect(deletes.count == 3)
        _ = try await session.send(.click(deletes[0]))
        #expect(log.deletes == [IndexSet(integer: 0)])
        // Row 3 is now at index 1.
        _ = try await session.send(.click(deletes[2]))
        #expect(log.deletes == [IndexSet(integer: 0), IndexSet(integer: 1)])
        #expect(summary(await session.html()) == "2b")
        await #expect(throws: LiveError.self) { _ = try await session.send(.click(deletes[0])) }
        #expect(log.deletes.count == 2)
        #expect(summary(await session.html()) == "2b")
    }

    @Test("move buttons show only in edit mode and pass SwiftUI's offsets; an out-of-range offset is refused")
    func moveInEditMode() async throws {
        let log = ActionLog()
        let session = LiveSession(changeLog: .discard) { EditableList(log: log) }
        let before = await session.html()
        #expect(lids(ofClass: "lui-row-down", in: before).isEmpty)
        #expect(before.contains(">Edit</button>"))
        _ = try await session.send(.click("edit"))
        let editing = await session.html()
        #expect(editing.contains(">Done</button>"))
        let downs = lids(ofClass: "lui-row-down", in: editing)
        #expect(downs.count == 3)
        _ = try await session.send(.click(downs[0]))
        #expect(log.moves.map(\.0) == [IndexSet(integer: 0)])
        #expect(log.moves.map(\.1) == [2])
        #expect(summary(await session.html()) == "2b,1a,3c")
        // Row 1 is at index 1; offset 4 is past the end (0...3).
        await #expect(throws: LiveError.self) { _ = try await session.send(.change(downs[0], "4")) }
        await #expect(throws: LiveError.self) { _ = try await session.send(.change(downs[0], "-1")) }
        await #expect(throws: LiveError.self) { _ = try await session.send(.change(downs[0], "x")) }
        #expect(log.moves.count == 1)
        _ = try await session.send(.change(downs[0], "3"))
        #expect(summary(await session.html()) == "2b,3c,1a")
        _ = try await session.send(.click("edit"))
        #expect(lids(ofClass: "lui-row-down", in: await session.html()).isEmpty)
    }

    @Test("a refused delete or move says why in its error and leaves the rows as they were")
    func refusalsSayWhy() async throws {
        let log = ActionLog()
        let session = LiveSession(changeLog: .discard) { EditableList(log: log) }
        let deletes = lids(ofClass: "lui-row-delete", in: await session.html())
        _ = try await session.send(.click(deletes[0]))
        // The deleted row's button went with it: the event names an element that is no longer there.
        let stale = await #expect(throws: LiveError.self) { _ = try await session.send(.click(deletes[0])) }
        #expect(stale?.description.contains(deletes[0]) == true)
        _ = try await session.send(.click("edit"))
        let downs = lids(ofClass: "lui-row-down", in: await session.html())
        let far = await #expect(throws: LiveError.self) { _ = try await session.send(.change(downs[0], "9")) }
        #expect(far?.description == "invalid value '9' for '\(downs[0])': destination offset must be in 0...2")
        #expect(log.deletes.count == 1 && log.moves.isEmpty)
        #expect(summary(await session.html()) == "2b,3c")
    }

    @Test("EditButton without an edit mode in the environment is disabled")
    func editButtonWithoutMode() async {
        let session = LiveSession(changeLog: .discard) { EditButton() }
        let html = await session.html()
        #expect(html.contains("disabled"))
        #expect(html.contains(">Edit</button>"))
    }

    @Test("List($items) gives each row a binding; move(fromOffsets:) and remove(atOffsets:) follow SwiftUI")
    func listOverBindingAndOffsets() async throws {
        struct Names: View {
            @State var items = [Item(id: 7, name: "x"), Item(id: 8, name: "y")]
            var body: some View {
                List($items) { $item in TextField("", text: $item.name).accessibilityIdentifier("f\(item.id)") }
                Text(items.map(\.name).joined()).accessibilityIdentifier("summary")
            }
        }
        let session = LiveSession(changeLog: .discard) { Names() }
        _ = try await session.send(.input("f8", "z"))
        #expect(summary(await session.html()) == "xz")
        var letters = ["a", "b", "c", "d"]
        letters.move(fromOffsets: IndexSet([0, 2]), toOffset: 4)
        #expect(letters == ["b", "d", "a", "c"])
        letters.move(fromOffsets: IndexSet(integer: 3), toOffset: 0)
        #expect(letters == ["c", "b", "d", "a"])
        letters.remove(atOffsets: IndexSet([0, 3]))
        #expect(letters == ["b", "d"])
    }

    @Test("in a long list, past the row count at which rows may sleep, a row's delete and move buttons find their row")
    func editControlsInSleepingRows() throws {
        struct Long: View {
            @State var items = (1...40).map { Item(id: $0, name: "n\($0)") }
            @State var mode = EditMode.active
            var body: some View {
                VStack {
                    List {
                        ForEach(items) { Text($0.name) }
                            .onDelete { items.remove(atOffsets: $0) }
                            .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                    }
                    Text(items.map { "\($0.id)" }.joined(separator: ",")).accessibilityIdentifier("summary")
                }
                .environment(\.editMode, $mode)
            }
        }
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Long())
        graph.sleepingRowMinimum = 16
        _ = graph.flush()
        ThreadContext.run(on: graph) { graph.putRowsToSleep() }
        let html = graph.html(of: try #require(graph.root))
        let deletes = lids(ofClass: "lui-row-delete", in: html)
        #expect(deletes.count == 40)
        _ = try ThreadContext.run(on: graph) { try graph.handle(.click(deletes[29])) }
        ThreadContext.run(on: graph) { graph.putRowsToSleep() }
        let ups = lids(ofClass: "lui-row-up", in: graph.html(of: try #require(graph.root)))
        try #require(ups.count == 39)
        _ = try ThreadContext.run(on: graph) { try graph.handle(.click(ups[38])) }
        let expected = (Array(1...29) + Array(31...38) + [40, 39]).map(String.init).joined(separator: ",")
        #expect(summary(graph.html(of: try #require(graph.root))) == expected)
    }
}

import Foundation
import Observation
import TestSupport
import Testing

@testable import LiveUI

private struct TodoItem: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A todo page whose rows are primitive views only (they may sleep), with a text field and buttons
/// that change the list, the environment above it and the rows' modifiers. With `readsState`, the rows
/// read the page's `@State` as they render, as well as their item.
private struct PureTodos: View {
    let seed: UInt64
    var readsState = false
    /// Whether each row is a view of its own (with a `body`, no state) rather than a stack built in place.
    var rowsAreViews = false
    /// Whether each row's stack and delete button have accessibility identifiers (`row-ID`, `delete-ID`).
    var identified = false
    /// With `rowsAreViews`: whether each row view has `@State` of its own (a tap count).
    var statefulRows = false
    @State private var items: [TodoItem] = (0..<24).map { TodoItem(id: $0, title: "Todo \($0)") }
    @State private var draft = ""
    @State private var step: UInt64 = 0
    @State private var nextID = 24
    @State private var disabled = false
    @State private var bold = false

    var body: some View {
        VStack {
            TextField("New", text: $draft).accessibilityIdentifier("draft")
            HStack {
                Button("mutate") { mutate() }.accessibilityIdentifier("mutate")
                Button("disable") { disabled.toggle() }.accessibilityIdentifier("disable")
                Button("bold") { bold.toggle() }.accessibilityIdentifier("bold")
            }
            List(items) { item in
                if rowsAreViews {
                    if statefulRows {
                        TappableTodoRow(title: item.title) { items.removeAll { $0.id == item.id } }
                    } else {
                        TodoRowView(title: item.title, bold: readsState ? bold : item.id % 3 == 0) {
                            items.removeAll { $0.id == item.id }
                        }
                    }
                } else if identified {
                    HStack {
                        Text(item.title).bold(readsState ? bold : item.id % 3 == 0)
                        Button("Delete") { items.removeAll { $0.id == item.id } }.accessibilityIdentifier("delete-\(item.id)")
                    }
                    .accessibilityIdentifier("row-\(item.id)")
                } else {
                    HStack {
                        Text(item.title).bold(readsState ? bold : item.id % 3 == 0)
                        Button("Delete") { items.removeAll { $0.id == item.id } }
                    }
                }
            }
            .disabled(disabled)
            Text("\(items.count) items \(draft)")
        }
    }

    private func mutate() {
        var g = SplitMix64(seed &+ step &* 0x9E37_79B9_7F4A_7C15)
        step += 1
        var list = items
        switch g.int(7) {
        case 0: for _ in 0..<g.int(1, 3) { list.insert(TodoItem(id: nextID, title: "New \(nextID)"), at: g.int(list.count + 1)); nextID += 1 }
        case 1: for _ in 0..<g.int(1, 3) where !list.isEmpty { list.remove(at: g.int(list.count)) }
        case 2: list.reverse()
        case 3: g.shuffle(&list)
        case 4: if !list.isEmpty { list[g.int(list.count)].title = "Edited <\(step)> & more" }
        case 5: if list.count > 1 { list.swapAt(0, list.count - 1) }
        default: list = (0..<g.int(14, 30)).map { TodoItem(id: nextID + $0, title: "Fresh \($0)") }; nextID += 30
        }
        items = list
    }
}

/// A row as a view of its own: a `body`, no state.
private struct TodoRowView: View {
    let title: String
    let bold: Bool
    let delete: () -> Void
    var body: some View {
        HStack {
            Text(title).bold(bold)
            Button("Delete", action: delete)
        }
    }
}

/// A row with `@State` of its own: a tap count.
private struct TappableTodoRow: View {
    let title: String
    let delete: () -> Void
    @State private var taps = 0
    var body: some View {
        HStack {
            Text(title)
            Button("taps \(taps)") { taps += 1 }
            Button("Delete", action: delete)
        }
    }
}

/// What rows read besides their value: a reference type whose changes no state reports.
private final class Caption: @unchecked Sendable {
    var text = "before"
}

/// Rows that read a reference type's property, and a button that renders the page again.
private struct ReferenceRows: View {
    let caption: Caption
    @State private var renders = 0
    var body: some View {
        VStack {
            Button("render \(renders)") { renders += 1 }.accessibilityIdentifier("render")
            ForEach(0..<20) { index in Text("\(index) \(caption.text)") }
        }
    }
}

/// Stars some rows: rows read it as they render, through observation.
@Observable private final class Stars: @unchecked Sendable {
    var starred: Set<Int> = []
}

private struct StarRow: View {
    let index: Int
    let stars: Stars
    var body: some View { Text(stars.starred.contains(index) ? "\(index) ★" : "\(index)") }
}

private struct StarredRows: View {
    let stars: Stars
    var body: some View {
        VStack { ForEach(0..<20) { StarRow(index: $0, stars: stars) } }
    }
}

/// Rows that print why their body runs.
private struct PrintingRow: View {
    let index: Int
    var body: some View {
        let _ = Self._printChanges()
        Text("row \(index)")
    }
}

private struct PrintingRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { PrintingRow(index: $0) } }
    }
}

/// A picker of 20 options (their rows sleep) and a list of lists (the inner lists' rows sleep).
private struct OptionsAndNestedLists: View {
    @State private var choice = 3
    @State private var groups = (0..<3).map { group in (0..<20).map { group * 100 + $0 } }
    var body: some View {
        VStack {
            Picker("Choice", selection: $choice) {
                ForEach(0..<20) { Text("Option \($0)") }
            }
            .accessibilityIdentifier("choice")
            Button("next") { choice = (choice + 7) % 20 }.accessibilityIdentifier("next")
            Button("shuffle") {
                groups = groups.reversed().map { Array($0.reversed().dropLast()) }
            }
            .accessibilityIdentifier("shuffle")
            ForEach(groups.indices, id: \.self) { index in
                VStack { ForEach(groups[index], id: \.self) { Text("Item \($0)") } }
            }
        }
    }
}

/// Where rows leave bindings to their state, for writes from outside the rows.
private final class BindingHolder: @unchecked Sendable {
    var bindings: [Int: Binding<Int>] = [:]
}

/// A row with state of its own, which hands a binding to it to `holder` (if any) as it renders.
private struct StatefulRow: View {
    let index: Int
    var holder: BindingHolder?
    @State private var taps = 0
    var body: some View {
        let _ = holder?.bindings[index] = $taps
        Button("\(index): \(taps)") { taps += 1 }
    }
}

private struct StatefulRows: View {
    var holder: BindingHolder?
    var body: some View {
        VStack { ForEach(0..<20) { StatefulRow(index: $0, holder: holder) } }
    }
}

/// Counts the body runs of the rows that share it.
private final class BodyRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    var count: Int { lock.withLock { runs } }
    func note() { lock.withLock { runs += 1 } }
}

/// A row with state of its own that notes each run of its body.
private struct CountedRow: View {
    let index: Int
    let runs: BodyRuns
    @State private var taps = 0
    var body: some View {
        let _ = runs.note()
        Button("\(index): \(taps)") { taps += 1 }
    }
}

private struct CountedRows: View {
    let runs: BodyRuns
    var body: some View {
        VStack { ForEach(0..<20) { CountedRow(index: $0, runs: runs) } }
    }
}

/// A count that is not `Equatable`: its state's storage compares nothing.
private struct Tally { var count = 0 }

/// A row whose state is not `Equatable`.
private struct TallyRow: View {
    let index: Int
    @State private var tally = Tally()
    var body: some View {
        Button("\(index): \(tally.count)") { tally.count += 1 }
    }
}

private struct TallyRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { TallyRow(index: $0) } }
    }
}

/// A row with two pieces of state: a count (`Equatable`) and a tally (not).
private struct TwoStateRow: View {
    let index: Int
    @State private var taps = 0
    @State private var tally = Tally()
    var body: some View {
        Button("\(index): \(taps)/\(tally.count)") {
            taps += 1
            tally.count += 2
        }
    }
}

private struct TwoStateRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { TwoStateRow(index: $0) } }
    }
}

/// A list that can be taken away; with `stateful`, its rows have state.
private struct RemovableList: View {
    var stateful = false
    var holder: BindingHolder?
    @State private var shown = true
    var body: some View {
        VStack {
            Button("hide") { shown = false }.accessibilityIdentifier("hide")
            if shown {
                if stateful {
                    ForEach(0..<20) { StatefulRow(index: $0, holder: holder) }
                } else {
                    ForEach(0..<20) { index in Button("row \(index)") {} }
                }
            }
        }
    }
}

private func makeGraph<V: View>(_ view: V, dormantRowMinimum: Int) -> ViewGraph {
    let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: view)
    graph.dormantRowMinimum = dormantRowMinimum
    _ = graph.flush()
    return graph
}

/// How many containers' rows sleep in `graph`.
private func sleepingContainers(_ graph: ViewGraph) -> Int { graph.rowSleep?.containers.count ?? 0 }

private func html(_ graph: ViewGraph) throws -> String { graph.html(of: try #require(graph.root)) }

/// The body evaluations of the `StatefulRow` nodes `graph` has (none while its rows sleep).
private func rowEvaluations(_ graph: ViewGraph) -> Int {
    func sum(_ node: GraphNode) -> Int {
        (node.info.name == "StatefulRow" ? node.evaluations : 0) + node.children.reduce(0) { $0 + sum($1) }
    }
    return graph.root.map(sum) ?? 0
}

/// How many of the identities `graph`'s sleeping rows keep are kept as a value only, and how many whole.
private func keptStates(_ graph: ViewGraph) -> (values: Int, handles: Int) {
    guard let rowSleep = graph.rowSleep else { return (0, 0) }
    let states = rowSleep.containers.flatMap { rowSleep.rows[$0]?.states ?? [] }
    let handles = states.filter { $0.handle != nil }.count
    return (states.count - handles, handles)
}

private func send(_ graph: ViewGraph, _ event: ClientEvent) throws -> Update {
    try ThreadContext.run(on: graph) { try graph.handle(event) }
}

/// The accessibility identifier of the element whose lid is `lid`, if it has one.
private func aid(ofLid lid: String, in html: String) throws -> String? {
    try HTMLTree(parsing: html).find(lid: lid)?.attributes["data-aid"]
}

/// The lids of the buttons whose text is `title`, in document order.
private func buttons(titled title: String, in html: String) throws -> [String] {
    try buttons(in: html) { $0 == title }
}

/// The lids of the buttons whose text passes `test`, in document order.
private func buttons(in html: String, where test: (String) -> Bool) throws -> [String] {
    try HTMLTree(parsing: html).lids(of: "button", where: test)
}

@Suite("Sleeping rows")
struct DormantRowsTests {
    @Test("rows of primitive views sleep once rendered: the graph keeps a fraction of their nodes and renders the same page")
    func primitiveRowsSleep() throws {
        let asleep = makeGraph(PureTodos(seed: 1), dormantRowMinimum: 16)
        let awake = makeGraph(PureTodos(seed: 1), dormantRowMinimum: 0)
        #expect(try html(asleep) == html(awake))
        #expect(sleepingContainers(asleep) == 1)
        // 24 rows of four nodes each (the row's `if`, a stack, a text, a button) are not in the asleep graph.
        #expect(awake.statistics.liveNodes - asleep.statistics.liveNodes == 24 * 4)
    }

    @Test("the same events give the same patches and lids with rows asleep as with rows awake, and the patches give a fresh render")
    func sleepingRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false)
    }

    @Test("rows that read state as they render: every element that wakes up otherwise is sent whole, and the client ends up with the awake rows' page")
    func rowsReadingStateConverge() throws {
        try compareWithAwakeRows(readsState: true)
    }

    @Test("rows that are views of their own without state sleep too, and patch as awake rows do")
    func viewRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, rowsAreViews: true)
        let graph = makeGraph(PureTodos(seed: 1, rowsAreViews: true), dormantRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
    }

    @Test("rows with accessibility identifiers sleep too: events addressed by identifier wake them, and patch as awake rows do")
    func identifiedRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, identified: true)
        let graph = makeGraph(PureTodos(seed: 1, identified: true), dormantRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
        // By identifier: the index is built, the rows wake for it, and the row goes.
        _ = try send(graph, .click("delete-3"))
        #expect(try !html(graph).contains("Todo 3<"))
        #expect(sleepingContainers(graph) == 1)
        // The index follows the rows back to sleep and awake again.
        _ = try send(graph, .click("delete-4"))
        #expect(try !html(graph).contains("Todo 4<"))
        #expect(throws: LiveError.unknownTarget("delete-4")) { try send(graph, .click("delete-4")) }
        // A row's identifier finds the one control in it that handles the event: its delete button.
        _ = try send(graph, .click("row-5"))
        #expect(try !html(graph).contains("Todo 5<"))
        #expect(try html(graph).contains("Todo 6<"))
    }

    @Test("rows with state of their own sleep too, keep their state through sleep, and patch as awake rows do")
    func statefulRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, rowsAreViews: true, statefulRows: true)
        let graph = makeGraph(PureTodos(seed: 1, rowsAreViews: true, statefulRows: true), dormantRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
    }

    /// Random events on two graphs of one page, one whose rows sleep and one whose rows stay awake.
    private func compareWithAwakeRows(
        readsState: Bool, rowsAreViews: Bool = false, identified: Bool = false, statefulRows: Bool = false
    ) throws {
        for seed in UInt64(1)...12 {
            var g = SplitMix64(seed)
            let page = PureTodos(
                seed: seed, readsState: readsState, rowsAreViews: rowsAreViews, identified: identified,
                statefulRows: statefulRows)
            let asleep = makeGraph(page, dormantRowMinimum: 16)
            let awake = makeGraph(page, dormantRowMinimum: 0)
            let tree = try HTMLTree(parsing: try html(asleep))
            for step in 0..<25 {
                let page = try html(awake)
                let event: ClientEvent
                switch g.int(6) {
                case 0, 1: event = .click("mutate")
                case 2:
                    let deletes = try buttons(titled: "Delete", in: page)
                    if identified && g.chance(50), let lid = deletes.isEmpty ? nil : g.pick(deletes),
                        let id = try aid(ofLid: lid, in: page)
                    {
                        event = .click(id)
                    } else {
                        event = deletes.isEmpty ? .click("mutate") : .click(g.pick(deletes))
                    }
                case 3: event = ClientEvent(target: "draft", type: "input", value: "typed \(step)")
                case 4: event = .click("disable")
                default:
                    // Rows with state: a tap on one of them, as often as anything else.
                    let taps = try buttons(in: page) { $0.hasPrefix("taps ") }
                    event = statefulRows && !taps.isEmpty && g.chance(75) ? .click(g.pick(taps)) : .click("bold")
                }
                // Now and then the rows fall asleep between events, as after a render.
                if g.chance(30) { _ = try html(asleep) }
                let expected = Result { try send(awake, event) }
                let result = Result { try send(asleep, event) }
                guard case .success(let update) = result, case .success(let awakeUpdate) = expected else {
                    // A disabled row's button: refused by both.
                    #expect(String(describing: result) == String(describing: expected), "seed \(seed), step \(step): \(event)")
                    continue
                }
                if !readsState {
                    #expect(update.patches.map(\.json) == awakeUpdate.patches.map(\.json), "seed \(seed), step \(step): \(event)")
                }
                try tree.apply(update.patches)
                let fresh = try HTMLTree(parsing: try html(asleep))
                #expect(HTMLTree.sameContent(tree.root, fresh.root), "seed \(seed), step \(step): \(event)")
                #expect(try html(asleep) == html(awake), "seed \(seed), step \(step)")
            }
            // Sleeping where there are enough rows, and then holding fewer nodes.
            if sleepingContainers(asleep) == 1 {
                #expect(asleep.statistics.liveNodes < awake.statistics.liveNodes)
            }
        }
    }

    @Test("a click in a sleeping row wakes its rows, runs the row's action, and the rows sleep again")
    func clickWakesRows() throws {
        let graph = makeGraph(PureTodos(seed: 2), dormantRowMinimum: 16)
        let before = try html(graph)
        #expect(before.contains(">Todo 17</span>"))
        let deletes = try buttons(titled: "Delete", in: before)
        #expect(deletes.count == 24)
        let update = try send(graph, .click(deletes[17]))
        #expect(update.patches.count == 2)  // the row removed, the count's text
        #expect(update.patches.contains { $0.json.contains("\"remove\"") })
        let after = try html(graph)
        #expect(!after.contains(">Todo 17</span>"))
        #expect(after.contains(">Todo 18</span>"))
        #expect(sleepingContainers(graph) == 1)
        #expect(throws: LiveError.unknownTarget(deletes[17])) { try send(graph, .click(deletes[17])) }
    }

    @Test("a row that reads something besides its value and renders otherwise when it wakes is sent to the client whole")
    func rowThatChangedUnseenIsReplaced() throws {
        let caption = Caption()
        let graph = makeGraph(ReferenceRows(caption: caption), dormantRowMinimum: 16)
        let tree = try HTMLTree(parsing: try html(graph))
        #expect(sleepingContainers(graph) == 1)
        caption.text = "after"  // no state changes: nothing renders until the button is pressed
        let update = try send(graph, .click("render"))
        try tree.apply(update.patches)
        let fresh = try HTMLTree(parsing: try html(graph))
        #expect(HTMLTree.sameContent(tree.root, fresh.root))
        #expect(update.patches.filter { $0.json.contains("\"replace\"") }.count == 20)
        #expect(try html(graph).contains("19 after"))
    }

    @Test("rows an update woke stay awake while updates keep reaching them, and sleep once idle")
    func wokenRowsSleepWhenIdle() throws {
        let graph = makeGraph(PureTodos(seed: 4), dormantRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
        // Typing runs the page's body: the rows wake up (once) and stay awake for the next key.
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "a"))
        #expect(sleepingContainers(graph) == 0)
        let nodesAwake = graph.statistics.liveNodes
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "ab"))
        #expect(sleepingContainers(graph) == 0)
        // Kept awake once, however many updates reach it.
        #expect(graph.rowSleep?.kept.count == 1)
        #expect(graph.rowSleep?.awake.isEmpty == true)
        // Not idle yet: they stay awake.
        ThreadContext.run(on: graph) { graph.idleCheck() }
        #expect(sleepingContainers(graph) == 0)
        // Idle (no wake for the idle time): they sleep, and the page renders as before.
        let page = try html(graph)
        #expect(sleepingContainers(graph) == 1)  // a render puts what it woke to sleep at once
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "abc"))
        #expect(sleepingContainers(graph) == 0)
        graph.rowSleep?.idleNanoseconds = 0
        ThreadContext.run(on: graph) { graph.idleCheck() }
        #expect(sleepingContainers(graph) == 1)
        #expect(graph.statistics.liveNodes == nodesAwake - 24 * 4)
        let awake = makeGraph(PureTodos(seed: 4), dormantRowMinimum: 0)
        for text in ["a", "ab", "abc"] { _ = try send(awake, ClientEvent(target: "draft", type: "input", value: text)) }
        #expect(try html(graph) == html(awake))
        #expect(try page != html(awake))
    }

    @Test("rows whose body read an observable object stay awake, and follow its changes")
    func observingRowsStayAwake() throws {
        let stars = Stars()
        let graph = makeGraph(StarredRows(stars: stars), dormantRowMinimum: 16)
        #expect(try html(graph).contains(">7</span>"))
        #expect(sleepingContainers(graph) == 0)
        // Changed on the graph's own thread, as an event's handler would (the flush below applies it).
        let update = ThreadContext.run(on: graph) {
            graph.runEventHandler { stars.starred.insert(7) }
            return graph.flush()
        }
        #expect(update.patches.count == 1)
        #expect(try html(graph).contains(">7 ★</span>"))
    }

    @Test("a row's body that runs again as the row wakes up is not counted and prints no change")
    func wakingIsNotAnEvaluation() async throws {
        let lines = Locked<[String]>([])
        let session = LiveSession(changeLog: ChangeLog { line in lines.withLock { $0.append(line) } }) { PrintingRows() }
        let page = await session.html()
        let printed = lines.withLock { $0 }
        #expect(printed.filter { $0.hasPrefix("PrintingRow: @self, @identity") }.count == 20)
        let evaluations = session.statistics.bodyEvaluations["PrintingRow"]
        #expect(evaluations == 20)
        // Each render wakes the rows (and puts them back to sleep).
        #expect(await session.html() == page)
        #expect(await session.html() == page)
        #expect(lines.withLock { $0 } == printed)
        #expect(session.statistics.bodyEvaluations["PrintingRow"] == evaluations)
        await session.close()
    }

    @Test("a picker's options and the inner lists of a list of lists sleep, and patch as awake ones")
    func optionsAndNestedListsPatchAsAwake() throws {
        let asleep = makeGraph(OptionsAndNestedLists(), dormantRowMinimum: 16)
        let awake = makeGraph(OptionsAndNestedLists(), dormantRowMinimum: 0)
        #expect(sleepingContainers(asleep) == 4)  // the options, and the three inner lists
        let tree = try HTMLTree(parsing: try html(asleep))
        let events: [ClientEvent] = [
            .click("next"), ClientEvent(target: "choice", type: "change", value: "5"), .click("shuffle"), .click("next"),
            .click("shuffle"), ClientEvent(target: "choice", type: "change", value: "19"),
        ]
        for event in events {
            let update = try send(asleep, event)
            #expect(update.patches.map(\.json) == (try send(awake, event)).patches.map(\.json), "\(event)")
            try tree.apply(update.patches)
            #expect(HTMLTree.sameContent(tree.root, try HTMLTree(parsing: try html(asleep)).root), "\(event)")
            #expect(try html(asleep) == html(awake))
        }
        #expect(sleepingContainers(asleep) == 4)
    }

    @Test("rows with state of their own sleep with it: a tap wakes them, and the count is there after each sleep")
    func statefulRowsKeepTheirState() throws {
        let graph = makeGraph(StatefulRows(), dormantRowMinimum: 16)
        let awake = makeGraph(StatefulRows(), dormantRowMinimum: 0)
        #expect(sleepingContainers(graph) == 1)
        #expect(graph.statistics.liveNodes < awake.statistics.liveNodes)
        for count in 1...3 {
            let tap = try #require(try buttons(titled: "3: \(count - 1)", in: try html(graph)).first)
            #expect(sleepingContainers(graph) == 1)  // the render put them to sleep
            let update = try send(graph, .click(tap))
            #expect(update.patches.map(\.json) == [#"{"op":"text","id":"\#(tap)","text":"3: \#(count)"}"#])
        }
        #expect(try html(graph).contains(">3: 3</button>"))
        #expect(try html(graph).contains(">4: 0</button>"))
    }

    @Test("taps on rows kept awake note that activity at most once per sixteenth of the idle time")
    func tapsNoteActivitySparingly() throws {
        let graph = makeGraph(StatefulRows(), dormantRowMinimum: 16)
        graph.rowSleep?.idleNanoseconds = 32_000_000_000
        let tap = try #require(try buttons(titled: "3: 0", in: try html(graph)).first)
        _ = try send(graph, .click(tap))
        #expect(graph.rowSleep?.kept.count == 1)
        let noted = try #require(graph.rowSleep?.lastTouch)
        #expect(noted > 0)
        // Within a sixteenth (2 s) of the last note: not noted again.
        _ = try send(graph, .click(tap))
        #expect(graph.rowSleep?.lastTouch == noted)
        // Noted longer ago than that: the tap is found inside the kept rows and noted.
        graph.rowSleep?.lastTouch = noted - 3_000_000_000
        _ = try send(graph, .click(tap))
        #expect(try #require(graph.rowSleep?.lastTouch) >= noted)
        #expect(try html(graph).contains(">3: 3</button>"))
    }

    @Test("a sleeping row keeps only the value of state nothing else holds, and the storage itself of state bound elsewhere")
    func sleepingRowsKeepValuesOfUnsharedState() throws {
        let graph = makeGraph(StatefulRows(), dormantRowMinimum: 16)
        let bound = makeGraph(StatefulRows(holder: BindingHolder()), dormantRowMinimum: 16)
        _ = try html(graph)
        _ = try html(bound)
        #expect(keptStates(graph) == (values: 20, handles: 0))
        #expect(keptStates(bound) == (values: 0, handles: 20))
        for count in 1...2 {
            let taps = try [graph, bound].map { try #require(try buttons(titled: "5: \(count - 1)", in: try html($0)).first) }
            _ = try send(graph, .click(taps[0]))
            _ = try send(bound, .click(taps[1]))
            // Awake: the values are in storage again, and each node has the body evaluation count it had
            // (every wake runs the rows' bodies once more), as the nodes that kept their handles do.
            #expect(rowEvaluations(graph) == rowEvaluations(bound))
            #expect(rowEvaluations(graph) > 40 * count)
            #expect(try html(graph).contains(">5: \(count)</button>"))  // and asleep again
            _ = try html(bound)
            #expect(keptStates(graph) == (values: 20, handles: 0))
            #expect(keptStates(bound) == (values: 0, handles: 20))
        }
        #expect(try html(graph) == html(bound))
    }

    @Test("state that is not Equatable, and the states of a view with several, sleep as their values and come back in their own kinds of storage")
    func otherStatesSleepAsValues() throws {
        let tallies = makeGraph(TallyRows(), dormantRowMinimum: 16)
        try tapRowFiveWhileAsleep(tallies, times: 2) { "5: \($0)" }
        #expect(try html(tallies).contains(">5: 2</button>"))
        let twoStates = makeGraph(TwoStateRows(), dormantRowMinimum: 16)
        try tapRowFiveWhileAsleep(twoStates, times: 2) { "5: \($0)/\(2 * $0)" }
        #expect(try html(twoStates).contains(">5: 2/4</button>"))
        #expect(try html(twoStates).contains(">6: 0/0</button>"))
    }

    /// Taps row 5's button `times` times, each time with the rows asleep as values only, finding it by the
    /// title `title(taps so far)`.
    private func tapRowFiveWhileAsleep(_ graph: ViewGraph, times: Int, title: (Int) -> String) throws {
        for count in 0..<times {
            let tap = try #require(try buttons(titled: title(count), in: try html(graph)).first)
            #expect(keptStates(graph) == (values: 20, handles: 0))
            _ = try send(graph, .click(tap))
        }
    }

    @Test("taps in rows a tap woke keep them awake; once no event reaches them for the idle time, they sleep")
    func tapsKeepWokenRowsAwake() throws {
        let graph = makeGraph(StatefulRows(), dormantRowMinimum: 16)
        let tap = try #require(try buttons(titled: "3: 0", in: try html(graph)).first)
        _ = try send(graph, .click(tap))
        let rowSleep = try #require(graph.rowSleep)
        #expect(sleepingContainers(graph) == 0 && rowSleep.kept.count == 1)
        // Long after the wake, another tap: the rows count as busy from now.
        rowSleep.lastTouch = 0
        _ = try send(graph, .click(tap))
        #expect(rowSleep.lastTouch > 0)
        ThreadContext.run(on: graph) { graph.idleCheck() }
        #expect(sleepingContainers(graph) == 0)
        // No event since for the idle time: asleep, with the count.
        rowSleep.lastTouch = 0
        ThreadContext.run(on: graph) { graph.idleCheck() }
        #expect(sleepingContainers(graph) == 1)
        _ = try send(graph, .click(tap))
        #expect(try html(graph).contains(">3: 3</button>"))
    }

    @Test("a write to a sleeping row's state from outside the row wakes it and patches the row")
    func writeToSleepingStateWakesRow() async throws {
        let holder = BindingHolder()
        let session = LiveSession(changeLog: .discard) { StatefulRows(holder: holder) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { StatefulRows() }
        let (updates, continuation) = AsyncStream.makeStream(of: Update.self)
        let subscription = session.subscribe { continuation.yield($0) }
        // A render puts the rows to sleep.
        let page = await session.html()
        #expect(await awake.html() == page)
        #expect(session.statistics.liveNodes < awake.statistics.liveNodes)
        let tap = try #require(try buttons(titled: "7: 0", in: page).first)
        let binding = try #require(holder.bindings[7])
        // From this thread: the write goes to the session's queue, wakes the row there and patches it.
        binding.wrappedValue = 5
        var iterator = updates.makeAsyncIterator()
        let update = await iterator.next()
        #expect(update?.patches.map(\.json) == [#"{"op":"text","id":"\#(tap)","text":"7: 5"}"#])
        #expect(await session.html().contains(">7: 5</button>"))
        subscription.cancel()
        await session.close()
        await awake.close()
    }

    @Test("a first render builds each row once: the rows fall asleep after the page is rendered, not before")
    func firstRenderBuildsRowsOnce() async throws {
        let runs = BodyRuns()
        let session = LiveSession(changeLog: .discard) { CountedRows(runs: runs) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { CountedRows(runs: BodyRuns()) }
        let page = await session.html()
        #expect(await awake.html() == page)
        #expect(runs.count == 20)
        #expect(session.statistics.liveNodes < awake.statistics.liveNodes)
        // Rendered again while asleep, the rows wake (each body runs once more) and give the same page.
        #expect(await session.html() == page)
        #expect(runs.count == 40)
        await session.close()
        await awake.close()
    }

    @Test("rows with state that end while asleep end their state: a later write changes nothing")
    func sleepingStateEndsWithItsContainer() throws {
        let holder = BindingHolder()
        let graph = makeGraph(RemovableList(stateful: true, holder: holder), dormantRowMinimum: 16)
        _ = try html(graph)
        #expect(sleepingContainers(graph) == 1)
        let binding = try #require(holder.bindings[2])
        let update = try send(graph, .click("hide"))
        #expect(update.patches.filter { $0.json.contains("\"remove\"") }.count == 20)
        #expect(sleepingContainers(graph) == 0)
        let after = ThreadContext.run(on: graph) { () -> Update in
            binding.wrappedValue = 9
            return graph.flush()
        }
        #expect(after.patches.isEmpty)
        #expect(binding.wrappedValue == 9)  // kept by the storage, as for any ended identity
    }

    @Test("a container whose rows sleep gives up their lids when it goes away")
    func removedContainerFreesLids() throws {
        let graph = makeGraph(RemovableList(), dormantRowMinimum: 16)
        let rows = try buttons(titled: "row 5", in: try html(graph))
        #expect(sleepingContainers(graph) == 1)
        let update = try send(graph, .click("hide"))
        #expect(update.patches.filter { $0.json.contains("\"remove\"") }.count == 20)
        #expect(sleepingContainers(graph) == 0)
        #expect(throws: LiveError.unknownTarget(rows[0])) { try send(graph, .click(rows[0])) }
    }

    @Test("a session keeps its rows awake when created with a minimum of 0, or where the default is bound to 0")
    func sessionMinimum() async throws {
        let asleep = LiveSession(changeLog: .discard) { PureTodos(seed: 5) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { PureTodos(seed: 5) }
        let bound = LiveSession.$defaultSleepingRowMinimum.withValue(0) { LiveSession(changeLog: .discard) { PureTodos(seed: 5) } }
        let page = await asleep.html()
        #expect(await awake.html() == page)
        #expect(await bound.html() == page)
        // 24 rows of four nodes each (the row's `if`, a stack, a text, a button) are not in the asleep session.
        #expect(awake.statistics.liveNodes - asleep.statistics.liveNodes == 24 * 4)
        #expect(bound.statistics.liveNodes == awake.statistics.liveNodes)
        for session in [asleep, awake, bound] { await session.close() }
    }

    @Test("fewer rows than the minimum, or a minimum of 0, keep the rows awake")
    func minimumKeepsSmallListsAwake() throws {
        let graph = makeGraph(PureTodos(seed: 3), dormantRowMinimum: 25)
        _ = try html(graph)
        #expect(sleepingContainers(graph) == 0)
        let off = makeGraph(PureTodos(seed: 3), dormantRowMinimum: 0)
        _ = try html(off)
        #expect(sleepingContainers(off) == 0)
    }
}

import Foundation
import Observation
import TestSupport
import Testing

@testable import LiveUI

struct TodoItem: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A todo page whose rows are primitive views only (they may sleep), with a text field and buttons
/// that change the list, the environment above it and the rows' modifiers. With `readsState`, the rows
/// read the page's `@State` as they render, as well as their item.
struct PureTodos: View {
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
struct TodoRowView: View {
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
struct TappableTodoRow: View {
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
final class Caption: @unchecked Sendable {
    var text = "before"
}

/// Rows that read a reference type's property, and a button that renders the page again.
struct ReferenceRows: View {
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
@Observable final class Stars: @unchecked Sendable {
    var starred: Set<Int> = []
}

struct StarRow: View {
    let index: Int
    let stars: Stars
    var body: some View { Text(stars.starred.contains(index) ? "\(index) ★" : "\(index)") }
}

struct StarredRows: View {
    let stars: Stars
    var body: some View {
        VStack { ForEach(0..<20) { StarRow(index: $0, stars: stars) } }
    }
}

/// Rows that print why their body runs.
struct PrintingRow: View {
    let index: Int
    var body: some View {
        let _ = Self._printChanges()
        Text("row \(index)")
    }
}

struct PrintingRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { PrintingRow(index: $0) } }
    }
}

/// A picker of 20 options (their rows sleep) and a list of lists (the inner lists' rows sleep).
struct OptionsAndNestedLists: View {
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
final class BindingHolder: @unchecked Sendable {
    var bindings: [Int: Binding<Int>] = [:]
}

/// A row with state of its own, which hands a binding to it to `holder` (if any) as it renders.
struct StatefulRow: View {
    let index: Int
    var holder: BindingHolder?
    @State private var taps = 0
    var body: some View {
        let _ = holder?.bindings[index] = $taps
        Button("\(index): \(taps)") { taps += 1 }
    }
}

struct StatefulRows: View {
    var holder: BindingHolder?
    var body: some View {
        VStack { ForEach(0..<20) { StatefulRow(index: $0, holder: holder) } }
    }
}

/// A thousand rows with state of their own: a list long enough for the cap on one-by-one waking.
struct LongStatefulRows: View {
    var body: some View {
        VStack { ForEach(0..<1000) { StatefulRow(index: $0, holder: nil) } }
    }
}

/// Counts the body runs of the rows that share it.
final class BodyRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    var count: Int { lock.withLock { runs } }
    func note() { lock.withLock { runs += 1 } }
}

/// A row with state of its own that notes each run of its body.
struct CountedRow: View {
    let index: Int
    let runs: BodyRuns
    @State private var taps = 0
    var body: some View {
        let _ = runs.note()
        Button("\(index): \(taps)") { taps += 1 }.accessibilityIdentifier("counted-\(index)")
    }
}

struct CountedRows: View {
    let runs: BodyRuns
    var body: some View {
        VStack { ForEach(0..<20) { CountedRow(index: $0, runs: runs) } }
    }
}

/// A count that is not `Equatable`: its state's storage compares nothing.
struct RowTally { var count = 0 }

/// A row whose state is not `Equatable`.
struct TallyRow: View {
    let index: Int
    @State private var tally = RowTally()
    var body: some View {
        Button("\(index): \(tally.count)") { tally.count += 1 }
    }
}

struct TallyRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { TallyRow(index: $0) } }
    }
}

/// A row with two pieces of state: a count (`Equatable`) and a tally (not).
struct TwoStateRow: View {
    let index: Int
    @State private var taps = 0
    @State private var tally = RowTally()
    var body: some View {
        Button("\(index): \(taps)/\(tally.count)") {
            taps += 1
            tally.count += 2
        }
    }
}

struct TwoStateRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { TwoStateRow(index: $0) } }
    }
}

/// A list that can be taken away; with `stateful`, its rows have state.
struct RemovableList: View {
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

func makeGraph<V: View>(_ view: V, sleepingRowMinimum: Int, clock: (any SleepingRowsClock)? = nil) -> ViewGraph {
    let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: view)
    graph.sleepingRowMinimum = sleepingRowMinimum
    if let clock { graph.sleepingRowsClock = clock }
    _ = graph.flush()
    return graph
}

/// How many containers' rows sleep in `graph`.
func sleepingContainers(_ graph: ViewGraph) -> Int { graph.sleepingRows?.containers.count ?? 0 }

func html(_ graph: ViewGraph) throws -> String { graph.html(of: try #require(graph.root)) }

/// How many of the identities `graph`'s sleeping rows keep are kept as a value only, and how many whole.
func keptStates(_ graph: ViewGraph) -> (values: Int, handles: Int) {
    guard let rows = graph.sleepingRows else { return (0, 0) }
    let states = rows.containers.flatMap { rows.lists[$0]?.states ?? [] }
    let handles = states.filter { $0.handle != nil }.count
    return (states.count - handles, handles)
}

func send(_ graph: ViewGraph, _ event: ClientEvent) throws -> Update {
    try ThreadContext.run(on: graph) { try graph.handle(event) }
}

/// The accessibility identifier of the element whose lid is `lid`, if it has one.
func aid(ofLid lid: String, in html: String) throws -> String? {
    try HTMLTree(parsing: html).find(lid: lid)?.attributes["data-aid"]
}

/// The lids of the buttons whose text is `title`, in document order.
func buttons(titled title: String, in html: String) throws -> [String] {
    try buttons(in: html) { $0 == title }
}

/// The lids of the buttons whose text passes `test`, in document order.
func buttons(in html: String, where test: (String) -> Bool) throws -> [String] {
    try HTMLTree(parsing: html).lids(of: "button", where: test)
}

/// The body evaluation counts the sleeping rows of `graph` keep, summed.
func keptEvaluations(_ graph: ViewGraph) -> Int {
    guard let rows = graph.sleepingRows else { return 0 }
    return rows.containers.flatMap { rows.lists[$0]?.states ?? [] }.reduce(0) { sum, state in
        switch state.identity {
        case .handle(let handle): sum + Int(handle.evaluations)
        case .value(let value): sum + Int(value.evaluations)
        case .values(let values): sum + Int(values.evaluations)
        case .taken: sum
        }
    }
}

/// A clock moved by hand, for sleeping rows' idle time: it notes when checks are asked for, and a test
/// runs the check itself.
final class ManualClock: SleepingRowsClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: UInt64 = 1_000_000_000
    private var asked: [UInt64] = []

    var now: UInt64 { lock.withLock { time } }
    /// The deadlines checks were asked for, in order.
    var deadlines: [UInt64] { lock.withLock { asked } }

    func run(at deadline: UInt64, _ job: @escaping @Sendable () -> Void) { lock.withLock { asked.append(deadline) } }

    /// Moves the time on by `nanoseconds`.
    func advance(by nanoseconds: UInt64) { lock.withLock { time += nanoseconds } }
}

/// Runs the idle check of `graph`'s sleeping rows, as the job the clock would run does.
func checkIdle(_ graph: ViewGraph) {
    ThreadContext.run(on: graph) { graph.sleepingRows?.checkIdle() }
}

/// An id all of whose values hash alike: two places keyed by it differ only when compared.
struct CollidingID: Hashable {
    let value: Int
    func hash(into hasher: inout Hasher) {}
}

/// A counter with state of its own.
struct CollidingCounter: View {
    let label: String
    @State private var count = 0
    var body: some View {
        Button("\(label): \(count)") { count += 1 }
    }
}

/// A row of two counters at places whose keys hash alike.
struct CollidingRow: View {
    let index: Int
    var body: some View {
        HStack {
            CollidingCounter(label: "\(index)a").id(CollidingID(value: 1))
            CollidingCounter(label: "\(index)b").id(CollidingID(value: 2))
        }
    }
}

struct CollidingRows: View {
    var body: some View {
        VStack { ForEach(0..<20) { CollidingRow(index: $0) } }
    }
}

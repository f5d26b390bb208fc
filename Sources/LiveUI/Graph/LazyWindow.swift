/// The rows a lazy stack sends: a window over its `ForEach`'s data, moved by the client's `range` events.
///
/// Kept as a behaviour of the stack's node. The `ForEach` directly inside the stack makes only the rows
/// of the window; the stack renders a spacer before and after them whose size stands for the rows not
/// sent (`--lui-rows`: a count; the client multiplies it by the row size it measures).
///
/// A row that leaves the window ends as a node, but its `@State` values are parked by the row's
/// identity and given back when the row comes back, as SwiftUI keeps a lazy row's state.
final class LazyWindow: NodeBehavior {
    /// How many rows the first page sends.
    static let initialRows = 50
    /// The most rows one `range` event may ask for.
    static let maximumRows = 500

    /// The window: rows `start..<end` of the data.
    private(set) var start = 0
    private(set) var end = LazyWindow.initialRows
    /// How many rows the data had at the stack's last expansion.
    private(set) var rowCount = 0
    /// The stack's node (the window is its behaviour).
    private(set) weak var container: GraphNode?
    /// The `ForEach` node whose rows are windowed, once it expanded.
    weak var rowsNode: GraphNode?
    /// The environment the stack hands its content, made once per environment of the stack's own: a new
    /// one each time would make every row's inputs differ.
    private var childEnvironment = DerivedEnvironment<LazyWindow>()
    /// The row index of each id, from the stack's last value, for `scrollTo`.
    private var indexOfID: ((AnyHashable) -> Int?)?
    /// A pending `scrollTo`: the row's index, the anchor, and a serial that makes each request new.
    private(set) var scrollRequest: (index: Int, anchor: String, serial: Int)?
    /// The `@State` values of rows out of the window, by where the state's node was below the `ForEach`
    /// (``RowPath``).
    var parked: [RowPath: SleepingValues] = [:]

    init(container: GraphNode) { self.container = container }

    func unmount(_ node: GraphNode) {
        parked.removeAll()
        childEnvironment.reset()
        if let rowsNode { node.graph.lazyWindows[rowsNode] = nil }
        indexOfID = nil
    }

    /// The rows to make of `count` rows: the window, moved inside the data when it shrank.
    /// Empty data leaves the window as it was, so that data filled again gets a window of its size.
    func rows(of count: Int) -> Range<Int> {
        rowCount = count
        guard count > 0 else { return 0..<0 }
        if end > count {
            let size = end - start
            end = count
            start = max(0, count - size)
        }
        return start..<end
    }

    /// Notes the stack's content: the row count and how ids map to rows.
    func note(_ source: any LazyRowSource) {
        rowCount = source.lazyRowCount
        indexOfID = { [source] id in source.lazyIndex(of: id) }
    }

    /// The environment for the stack's content: the stack's own with this window in it.
    func environment(for base: EnvironmentValues) -> EnvironmentValues {
        childEnvironment.derive(from: base, writing: self) { $0.lazyWindow = self }
    }

    /// Moves the window to `value` (`start-end`, rows of the data), as a `range` event asks; throws, changing
    /// nothing, for a malformed range, one outside the data or one larger than ``maximumRows``.
    func move(to value: String?, target: String) throws {
        guard let value, let range = Self.parse(value) else {
            throw LiveError.invalidValue(target: target, value: value, reason: "\"start-end\" expected")
        }
        guard range.upperBound <= rowCount else {
            throw LiveError.invalidValue(target: target, value: value, reason: "rows \(range) outside 0..<\(rowCount)")
        }
        guard range.count <= Self.maximumRows else {
            throw LiveError.invalidValue(target: target, value: value, reason: "more than \(Self.maximumRows) rows")
        }
        guard range != start..<end else { return }
        (start, end) = (range.lowerBound, range.upperBound)
        container?.invalidate("range")
    }

    /// Shows the row whose id is `id` and asks the client to scroll it into view; `false` when no row has it.
    func scroll(to id: AnyHashable, anchor: String) -> Bool {
        guard let index = indexOfID?(id) else { return false }
        if !(start..<end).contains(index) {
            let size = max(end - start, Self.initialRows)
            start = max(0, min(index - size / 2, rowCount - size))
            end = min(rowCount, start + size)
        }
        scrollRequest = (index, anchor, (scrollRequest?.serial ?? 0) + 1)
        container?.invalidate("scrollTo")
        return true
    }

    /// `start-end` with `0 <= start < end`, digits only.
    static func parse(_ value: String) -> Range<Int>? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy(\.isASCII) }),
            let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, start < end
        else { return nil }
        return start..<end
    }
}

/// Content a lazy stack can window: a `ForEach`.
protocol LazyRowSource {
    /// How many rows the data has.
    var lazyRowCount: Int { get }
    /// The row of the element whose id is `id`.
    func lazyIndex(of id: AnyHashable) -> Int?
}

private struct LazyWindowKey: EnvironmentKey {
    static var defaultValue: LazyWindow? { nil }
}

extension EnvironmentValues {
    /// The window of the lazy stack whose content is being expanded.
    var lazyWindow: LazyWindow? {
        get { self[LazyWindowKey.self] }
        set { self[LazyWindowKey.self] = newValue }
    }
}

extension ViewGraph {
    /// Keeps the `@State` values of `row`, a row of `rowsNode` leaving its lazy window, for when it comes back.
    /// A node evaluated once and not dirty has the values it was made with: nothing is kept for it, so that
    /// scrolling through rows no one touched keeps nothing.
    func park(_ row: GraphNode, of rowsNode: GraphNode, in window: LazyWindow) {
        if row.hasStorage, row.evaluations > 1 || row.isDirty, let values = row.stateValues() {
            window.parked[RowPath(of: row, below: rowsNode)] = values
            lazyWindows[rowsNode] = window
        }
        for child in row.children { park(child, of: rowsNode, in: window) }
    }

    /// Gives a new node below a windowed `ForEach` the `@State` values parked for its identity.
    func adoptParkedState(_ node: GraphNode) {
        var current = node.parent
        while let ancestor = current {
            if let window = lazyWindows[ancestor] {
                let path = RowPath(of: node, below: ancestor)
                guard let values = window.parked.removeValue(forKey: path) else { return }
                if window.parked.isEmpty { lazyWindows[ancestor] = nil }
                node.awaken(values.slots, evaluations: values.evaluations)
                return
            }
            current = ancestor.parent
        }
    }
}

extension GraphNode {
    /// The values of the node's `@State`s in slot order, when `@State` is all the storage it has.
    func stateValues() -> SleepingValues? {
        guard slots.count == linkedPropertyNames.count else { return nil }
        var values: [SleepingSlot] = []
        for object in slots {
            guard let kind = type(of: object) as? any SleepableStorage.Type else { return nil }
            values.append(SleepingSlot(kind: kind, value: kind.sleepingValue(of: object)))
        }
        return SleepingValues(slots: values, evaluations: Int32(truncatingIfNeeded: evaluations))
    }
}

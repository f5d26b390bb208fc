/// What the graph keeps of a ``ForEach``'s rows while they sleep: the `data-lid` of each element of each
/// row and a hash of what the element renders (16 bytes an element instead of the row's nodes and
/// elements, over a kilobyte for a row of a text and a button), the rows' accessibility identifiers, and
/// the identities of their nodes with `@State`.
///
/// Rows are woken one by one (an event in one of them) or all at once (the list changes): a woken row's
/// nodes are the container's children, in row order, and its entries here wait, as the client has them,
/// for the row to sleep again.
final class SleepingList {
    /// A row built again while the others sleep.
    struct AwakeRow {
        let row: Int
        let node: GraphNode
        /// The accessibility identifiers its elements had when it woke (as the list has them).
        let identifiers: [String]
    }

    /// Every row's element lids, row after row, each row's in the order the graph walks a tree (an element,
    /// then its descendants); a lid the row's parent element lists as its child (the row's top-level
    /// elements) carries ``topLevel``.
    private(set) var lids: [UInt64] = []
    /// Where each row's lids end in ``lids``.
    private(set) var ends: [UInt32] = []
    /// What each element renders (its tag, attributes, classes, styles, events, text and children's lids),
    /// hashed, as ``lids`` lists them: a woken row that renders otherwise is sent whole.
    private(set) var hashes: [Int] = []
    /// The accessibility identifiers of the rows' elements, sorted, for events addressed by identifier
    /// (only elements that have one), and the row of each.
    private(set) var identifiers: [String] = []
    private(set) var identifierRows: [UInt32] = []
    /// The nodes with `@State`, ordered by row (empty for rows without state).
    private(set) var states: [SleepingState] = []
    /// The rows awake, by row index.
    var awakeRows: [AwakeRow] = []
    /// The lowest and highest lid number in ``lids``: most lids asked for are outside.
    private var lowest = UInt64.max
    private var highest: UInt64 = 0

    /// The flag of a top-level element's lid (lid numbers use 48 bits, see ``ElementLid``).
    static let topLevel: UInt64 = 1 << 63

    /// How many rows there are.
    var rowCount: Int { ends.count }

    /// Adds a row whose elements have `lids` (flagged as in ``lids``), render as `hashes` say and are tagged
    /// `identifiers`, and whose nodes with `@State` are `states`.
    func append(lids rowLids: [UInt64], hashes rowHashes: [Int], identifiers rowIdentifiers: [String], states rowStates: [SleepingState]) {
        let row = UInt32(truncatingIfNeeded: ends.count)
        lids.append(contentsOf: rowLids)
        ends.append(UInt32(truncatingIfNeeded: lids.count))
        hashes.append(contentsOf: rowHashes)
        identifiers.append(contentsOf: rowIdentifiers)
        identifierRows.append(contentsOf: repeatElement(row, count: rowIdentifiers.count))
        states.append(contentsOf: rowStates)
        noteRange(rowLids)
    }

    private func noteRange(_ rowLids: [UInt64]) {
        for lid in rowLids {
            let number = lid & ~Self.topLevel
            lowest = min(lowest, number)
            highest = max(highest, number)
        }
    }

    /// Ends with the list what the list was given in its rows: sorts the identifiers and gives back the room
    /// the lists grew beyond their contents.
    func finish() {
        if !identifiers.isEmpty {
            let sorted = zip(identifiers, identifierRows).sorted { $0.0 < $1.0 }
            identifiers = sorted.map(\.0)
            identifierRows = sorted.map(\.1)
        }
        Self.trim(&lids)
        Self.trim(&ends)
        Self.trim(&hashes)
        Self.trim(&states)
    }

    private static func trim<Element>(_ list: inout [Element]) {
        guard list.capacity > list.count else { return }
        var exact: [Element] = []
        exact.reserveCapacity(list.count)
        exact.append(contentsOf: list)
        list = exact
    }

    /// Where row `row`'s elements are in ``lids`` and ``hashes``.
    func range(ofRow row: Int) -> Range<Int> {
        (row == 0 ? 0 : Int(ends[row - 1]))..<Int(ends[row])
    }

    /// The row one of whose elements has the lid number `number`, if any.
    func row(containing number: UInt64) -> Int? {
        guard number >= lowest, number <= highest,
            let position = lids.firstIndex(where: { $0 & ~Self.topLevel == number })
        else { return nil }
        // The first row whose end is past the position.
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The rows with an element tagged `identifier`.
    func rows(tagged identifier: String) -> [Int] {
        var low = 0
        var high = identifiers.count
        while low < high {
            let middle = (low + high) / 2
            if identifiers[middle] < identifier { low = middle + 1 } else { high = middle }
        }
        var rows: [Int] = []
        while low < identifiers.count && identifiers[low] == identifier {
            rows.append(Int(identifierRows[low]))
            low += 1
        }
        return rows
    }

    /// The identifiers of row `row`'s elements.
    func identifiers(ofRow row: Int) -> [String] {
        var found: [String] = []
        for index in identifierRows.indices where Int(identifierRows[index]) == row { found.append(identifiers[index]) }
        return found
    }

    /// Where row `row`'s states are in ``states``.
    func stateRange(ofRow row: Int) -> Range<Int> {
        var low = 0
        var high = states.count
        while low < high {
            let middle = (low + high) / 2
            if Int(states[middle].row) < row { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < states.count && Int(states[end].row) == row { end += 1 }
        return low..<end
    }

    /// Takes the identity kept at `index` in ``states``, leaving it ``SleepingIdentity/taken``.
    func takeState(at index: Int) -> SleepingIdentity {
        defer { states[index].identity = .taken }
        return states[index].identity
    }

    /// Whether row `row` is awake, and where it is in ``awakeRows`` (or would go).
    func awakeIndex(ofRow row: Int) -> (index: Int, isAwake: Bool) {
        var low = 0
        var high = awakeRows.count
        while low < high {
            let middle = (low + high) / 2
            if awakeRows[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return (low, low < awakeRows.count && awakeRows[low].row == row)
    }

    /// Row `row` as it is now that it sleeps again: its elements' lids, hashes and identifiers, and its
    /// states (which replace what the list kept while it was awake).
    func replaceRow(_ row: Int, lids rowLids: [UInt64], hashes rowHashes: [Int], identifiers rowIdentifiers: [String],
                    wokeWith oldIdentifiers: [String], states rowStates: [SleepingState]) {
        let range = range(ofRow: row)
        if range.count == rowLids.count {
            lids.replaceSubrange(range, with: rowLids)
            hashes.replaceSubrange(range, with: rowHashes)
        } else {
            // The row's elements changed in number while it was awake: the rows after it move.
            lids.replaceSubrange(range, with: rowLids)
            hashes.replaceSubrange(range, with: rowHashes)
            let shift = rowLids.count - range.count
            for later in row..<ends.count { ends[later] = UInt32(truncatingIfNeeded: Int(ends[later]) + shift) }
        }
        noteRange(rowLids)
        if rowIdentifiers != oldIdentifiers {
            var pairs = zip(identifiers, identifierRows).filter { Int($0.1) != row }
            pairs += rowIdentifiers.map { ($0, UInt32(truncatingIfNeeded: row)) }
            pairs.sort { $0.0 < $1.0 }
            identifiers = pairs.map(\.0)
            identifierRows = pairs.map(\.1)
        }
        let stateRange = stateRange(ofRow: row)
        if stateRange.count == rowStates.count {
            for (index, state) in zip(stateRange, rowStates) { states[index] = state }
        } else {
            states.replaceSubrange(stateRange, with: rowStates)
        }
    }

    /// Keeps only the values of row `row`'s kept identities (all rows' when `nil`) that nothing else holds:
    /// to be called once the rows' nodes are gone (their views and handlers hold the storage too until then).
    func keepValuesOnly(ofRow row: Int? = nil) {
        let range = row.map(stateRange(ofRow:)) ?? states.indices
        for index in range {
            guard let handle = states[index].handle else { continue }
            states[index].identity = .keeping(handle)
        }
    }

    /// Ends the kept identities (the rows end without waking): their `@State` keeps its last value and
    /// evaluates nothing when written.
    func endStates() {
        for state in states { state.handle?.endStorage() }
    }

    /// The top-level elements' lid numbers, every row's in order (an awake row's from its nodes, through
    /// `awake`): the children the rows give their parent element.
    func forEachTopLevelNumber(_ body: (UInt64) -> Void, awake: (GraphNode) -> Void) {
        guard !awakeRows.isEmpty else {
            for lid in lids where lid & Self.topLevel != 0 { body(lid & ~Self.topLevel) }
            return
        }
        var next = 0
        for row in 0..<rowCount {
            if next < awakeRows.count && awakeRows[next].row == row {
                awake(awakeRows[next].node)
                next += 1
                continue
            }
            for lid in lids[range(ofRow: row)] where lid & Self.topLevel != 0 { body(lid & ~Self.topLevel) }
        }
    }
}

import LiveUI

/// One row's data: a stable id and a title.
struct RowItem: Identifiable, Equatable {
    let id: Int
    var title: String

    /// `count` items with ids 0, 1, … titled "`prefix` 0", "`prefix` 1", ….
    static func numbered(_ count: Int, _ prefix: String) -> [RowItem] {
        (0..<count).map { RowItem(id: $0, title: "\(prefix) \($0)") }
    }
}

/// A row with state of its own: its tap count lives and dies with the row's identity.
struct TapRow: View {
    let item: RowItem
    @State private var taps = 0

    var body: some View {
        HStack {
            Text(item.title)
            Button("Taps \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(item.id)")
        }
    }
}

/// `/rows`: a keyed list of rows, each with its own tap count, and the list operations `make bench`
/// measures: edit the middle element, append a row, reverse the list. A tap patches one row, however
/// long the list is.
public struct RowsPage: View {
    @State private var items: [RowItem]
    @State private var nextID: Int

    /// A list of `count` rows titled "Row 0", "Row 1", ….
    public init(count: Int = 1000) {
        _items = State(wrappedValue: RowItem.numbered(count, "Row"))
        _nextID = State(wrappedValue: count)
    }

    public var body: some View {
        VStack {
            PageHeading(title: "Keyed rows")
            HStack {
                Button("Edit") { if !items.isEmpty { items[items.count / 2].title += "!" } }.accessibilityIdentifier("edit")
                Button("Append") {
                    items.append(RowItem(id: nextID, title: "Row \(nextID)"))
                    nextID += 1
                }
                .accessibilityIdentifier("append")
                Button("Reverse") { items.reverse() }.accessibilityIdentifier("reverse")
            }
            List(items) { TapRow(item: $0) }
        }
    }
}

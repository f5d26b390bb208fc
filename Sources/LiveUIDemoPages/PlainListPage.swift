import LiveUI

/// `/plain`: 1,000 rows made of primitive views only (a text and a delete button). Nothing in a row has state
/// of its own, so the rows sleep while nothing happens to them: the session keeps each row element's
/// `data-lid` and a hash of what it renders instead of the rows' nodes, and rebuilds them, with the same
/// lids, when an event or a render needs them.
public struct PlainListPage: View {
    @State private var items: [RowItem]
    @State private var nextID: Int
    @State private var draft = ""

    /// A list of `count` items titled "Item 0", "Item 1", ….
    public init(count: Int = 1000) {
        _items = State(wrappedValue: RowItem.numbered(count, "Item"))
        _nextID = State(wrappedValue: count)
    }

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    TextField("New item", text: $draft).onSubmit(add).accessibilityIdentifier("new-item")
                    Button("Add", action: add).accessibilityIdentifier("add")
                    Button("Reverse") { items.reverse() }.accessibilityIdentifier("reverse")
                }
                Text("\(items.count) items").accessibilityIdentifier("count")
                List(items) { item in
                    HStack {
                        Text(item.title)
                        Spacer()
                        Button("Delete") { items.removeAll { $0.id == item.id } }
                    }
                }
                BackLink()
            }
            .padding()
            .navigationTitle("Plain rows")
        }
    }

    private func add() {
        let title = draft.isEmpty ? "Item \(nextID)" : draft
        items.insert(RowItem(id: nextID, title: title), at: 0)
        nextID += 1
        draft = ""
    }
}

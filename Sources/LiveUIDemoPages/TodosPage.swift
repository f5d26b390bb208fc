import Foundation
import LiveUI

struct TodoItem: Identifiable, Equatable {
    let id: Int
    var title: String
    var done = false
}

enum TodoFilter: String, CaseIterable, Hashable {
    case all, active, done
}

/// Isolated to the main actor, as SwiftUI apps write their models: the session's own (docs/main-actor.md).
@MainActor
final class TodoStore: ObservableObject {
    @Published var items: [TodoItem] = []
    private var nextID = 1

    func add(_ title: String) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        items.append(TodoItem(id: nextID, title: trimmed))
        nextID += 1
    }

    func toggle(_ id: Int) {
        if let index = items.firstIndex(where: { $0.id == id }) { items[index].done.toggle() }
    }

    func delete(_ id: Int) { items.removeAll { $0.id == id } }

    func move(_ id: Int, by offset: Int) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        let target = index + offset
        guard items.indices.contains(target) else { return }
        items.swapAt(index, target)
    }
}

/// `/todos`: a keyed list; rows keep their identity (and DOM element) across reorders and filters.
public struct TodosPage: View {
    @StateObject private var store = TodoStore()
    @State private var draft = ""
    @State private var filter = TodoFilter.all

    private var visible: [TodoItem] {
        switch filter {
        case .all: store.items
        case .active: store.items.filter { !$0.done }
        case .done: store.items.filter(\.done)
        }
    }

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    TextField("What needs doing?", text: $draft)
                        .onSubmit(add)
                        .accessibilityIdentifier("new-todo")
                    Button("Add", action: add).accessibilityIdentifier("add")
                }
                Picker("Filter", selection: $filter) {
                    ForEach(TodoFilter.allCases, id: \.self) { Text($0.rawValue.capitalized) }
                }
                .accessibilityIdentifier("filter")
                List(visible) { item in
                    TodoRow(
                        item: item,
                        toggle: { store.toggle(item.id) },
                        delete: { store.delete(item.id) },
                        moveUp: { store.move(item.id, by: -1) },
                        moveDown: { store.move(item.id, by: 1) })
                }
                .accessibilityIdentifier("todo-list")
                Text("\(store.items.filter { !$0.done }.count) of \(store.items.count) left")
                    .font(.footnote)
                    .accessibilityIdentifier("remaining")
                BackLink()
            }
            .padding()
            .navigationTitle("Todos")
        }
    }

    private func add() {
        store.add(draft)
        draft = ""
    }
}

struct TodoRow: View {
    let item: TodoItem
    let toggle: () -> Void
    let delete: () -> Void
    let moveUp: () -> Void
    let moveDown: () -> Void

    var body: some View {
        HStack(spacing: 8) {
            Toggle(item.title, isOn: Binding(get: { item.done }, set: { _ in toggle() }))
                .accessibilityIdentifier("toggle-\(item.id)")
            Spacer()
            Button("↑", action: moveUp).accessibilityIdentifier("up-\(item.id)")
            Button("↓", action: moveDown).accessibilityIdentifier("down-\(item.id)")
            Button("Delete", action: delete).accessibilityIdentifier("delete-\(item.id)")
        }
        .accessibilityIdentifier("row-\(item.id)")
    }
}

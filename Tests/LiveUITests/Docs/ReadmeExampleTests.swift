import Foundation
import Testing

@testable import LiveUI

// The "Writing views" example of README.md, verbatim (kept in sync by hand; the test proves it works).

final class TodoStore: ObservableObject {
    @Published var items: [Todo] = []
}

struct Todo: Identifiable, Equatable {
    let id = UUID()
    var title: String
    var done = false
}

struct TodoPage: View {
    @StateObject private var store = TodoStore()   // created once for this identity
    @State private var draft = ""                   // lives as long as the view's identity

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                HStack {
                    TextField("New item", text: $draft)
                        .onSubmit(add)
                    Button("Add", action: add).disabled(draft.isEmpty)
                }
                List(store.items) { item in
                    TodoRow(item: item) { store.items.removeAll { $0.id == item.id } }
                }
                Text("\(store.items.count) items").foregroundStyle(.secondary)
            }
            .padding()
            .navigationTitle("Todos")
        }
    }

    private func add() {
        store.items.append(Todo(title: draft))
        draft = ""
    }
}

struct TodoRow: View {
    let item: Todo
    let delete: () -> Void
    @State private var isEditing = false   // each row keeps its own state across reorders

    var body: some View {
        HStack {
            Text(item.title)
            Spacer()
            Button("Delete", action: delete)
        }
    }
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's todo page adds and deletes items")
    func readmeTodoPage() async throws {
        let session = LiveSession(changeLog: .discard) { TodoPage() }
        let html = await session.html()
        let field = try #require(lid(in: html, of: "aria-label=\"New item\""))
        _ = try await session.send(.input(field, "Milk"))
        _ = try await session.send(.submit(field))
        let after = await session.html()
        #expect(after.contains(">Milk</span>"))
        #expect(after.contains("1 items"))
        let delete = try #require(lid(in: after, of: "class=\"lui-button\" data-on=\"click\">Delete"))
        _ = try await session.send(.click(delete))
        #expect(await session.html().contains("0 items"))
    }
}

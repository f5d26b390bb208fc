import Foundation
import LiveUI

struct BenchItem: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// The seed's @ViewStorage example, with the article's threshold (offset below zero).
struct BenchScrollContent: View {
    @Binding var contentOffset: CGPoint
    var body: some View {
        ScrollView(contentOffset: $contentOffset) {
            ForEach(0..<50) { Text("Row \($0)") }
        }
        .accessibilityIdentifier("scroller")
    }
}

struct BenchScroll: View {
    @ViewStorage private var offset: CGPoint = .zero
    @State private var hidden = false
    var body: some View {
        NavigationStack {
            BenchScrollContent(contentOffset: $offset.binding)
                .navigationBarHidden(hidden)
                .onReceive($offset.publisher) { hidden = $0.y < 0 }
        }
    }
}

/// A todo page like the demo's, for memory per session.
struct BenchTodos: View {
    @State private var items: [BenchItem]
    @State private var draft = ""

    /// A page with `count` items titled "Todo 0", "Todo 1", ….
    init(count: Int = 20) {
        _items = State(wrappedValue: (0..<count).map { BenchItem(id: $0, title: "Todo \($0)") })
    }

    var body: some View {
        VStack {
            TextField("New", text: $draft).accessibilityIdentifier("draft")
            List(items) { item in
                HStack {
                    Text(item.title)
                    Button("Delete") { items.removeAll { $0.id == item.id } }
                }
            }
        }
    }
}

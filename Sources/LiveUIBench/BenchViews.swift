import Foundation
import LiveUI

/// The counter of the benchmarks: one text and one button.
struct BenchCounter: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
        }
    }
}

struct BenchItem: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A row with local state.
struct BenchRow: View {
    let item: BenchItem
    @State private var taps = 0
    var body: some View {
        HStack {
            Text(item.title)
            Button("Taps \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(item.id)")
        }
    }
}

/// A keyed list of `count` rows with the operations the benchmark measures.
struct BenchList: View {
    @State private var items: [BenchItem]
    @State private var nextID: Int

    init(count: Int) {
        _items = State(wrappedValue: (0..<count).map { BenchItem(id: $0, title: "Row \($0)") })
        _nextID = State(wrappedValue: count)
    }

    var body: some View {
        VStack {
            HStack {
                Button("Edit") { if !items.isEmpty { items[items.count / 2].title += "!" } }.accessibilityIdentifier("edit")
                Button("Append") {
                    items.append(BenchItem(id: nextID, title: "Row \(nextID)"))
                    nextID += 1
                }
                .accessibilityIdentifier("append")
                Button("Reverse") { items.reverse() }.accessibilityIdentifier("reverse")
            }
            List(items) { BenchRow(item: $0) }
        }
    }
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
    @State private var items: [BenchItem] = (0..<20).map { BenchItem(id: $0, title: "Todo \($0)") }
    @State private var draft = ""
    var body: some View {
        VStack {
            TextField("New", text: $draft)
            List(items) { item in
                HStack {
                    Text(item.title)
                    Button("Delete") { items.removeAll { $0.id == item.id } }
                }
            }
        }
    }
}

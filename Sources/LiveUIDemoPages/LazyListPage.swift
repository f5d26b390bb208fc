import LiveUI

/// A row of the lazy list with a tap counter of its own: it keeps its count while scrolled away.
struct LazyTapRow: View {
    let index: Int
    @State private var taps = 0

    var body: some View {
        HStack {
            Text("Row \(index)")
            Button("Taps \(taps)") { taps += 1 }.accessibilityIdentifier("tap-\(index)")
        }
    }
}

/// `/lazy`: 100,000 rows in a `LazyVStack`: the page sends the first rows, the browser asks for the rows
/// it scrolls to, and `ScrollViewReader` jumps to a row never sent.
public struct LazyListPage: View {
    let count: Int

    /// A list of `count` rows.
    public init(count: Int = 100_000) { self.count = count }

    public var body: some View {
        NavigationStack {
            ScrollViewReader { proxy in
                VStack(alignment: .leading, spacing: 12) {
                    Text("\(count) rows; only those near the viewport are sent.").foregroundStyle(.secondary)
                    HStack {
                        Button("Jump to row 50,000") { proxy.scrollTo(50_000, anchor: .top) }.accessibilityIdentifier("jump")
                        Button("Back to the top") { proxy.scrollTo(0, anchor: .top) }.accessibilityIdentifier("top")
                    }
                    ScrollView {
                        LazyVStack(alignment: .leading, spacing: 4) {
                            ForEach(0..<count, id: \.self) { LazyTapRow(index: $0) }
                        }
                        .accessibilityIdentifier("lazy")
                    }
                    .frame(height: 420)
                    .accessibilityIdentifier("scroller")
                    BackLink()
                }
                .padding()
            }
            .navigationTitle("Lazy list")
        }
    }
}

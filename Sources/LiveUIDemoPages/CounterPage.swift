import LiveUI

/// `/counter`: the classic.
public struct CounterPage: View {
    @State private var count = 0

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(spacing: 16) {
                Text("Count: \(count)").font(.largeTitle).accessibilityIdentifier("count")
                HStack(spacing: 12) {
                    Button("−") { count -= 1 }.accessibilityIdentifier("decrement")
                    Button("+") { count += 1 }.accessibilityIdentifier("increment")
                    Button("Reset") { count = 0 }.accessibilityIdentifier("reset").disabled(count == 0)
                }
                BackLink()
            }
            .padding()
            .navigationTitle("Counter")
        }
    }
}

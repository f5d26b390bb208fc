import LiveUI

/// `/counter/minimal`: the smallest live page, a heading, one text and one button; the counter `make bench`
/// clicks, in-process and over HTTP alike.
public struct MinimalCounter: View {
    @State private var count = 0

    /// The counter at zero.
    public init() {}

    public var body: some View {
        VStack {
            PageHeading(title: "Counter")
            Text("Count: \(count)")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
        }
    }
}

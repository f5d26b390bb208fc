import LiveUI

/// A colour the navigation page pushes: `Codable`, so a reload or the URL in another tab restores it.
struct Swatch: Hashable, Codable, Identifiable {
    let name: String
    let shade: Int
    var id: String { "\(name)-\(shade)" }
}

/// `/navigation`: a stack over a path of `Codable` values, on the browser's history.
public struct NavigationPage: View {
    @State private var path: [Swatch] = []

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack(path: $path) {
            VStack(spacing: 12) {
                Text("Each push is a history entry: use the browser's Back and Forward, or reload.")
                    .foregroundStyle(.secondary)
                ForEach(["Red", "Green", "Blue"], id: \.self) { name in
                    NavigationLink(name, value: Swatch(name: name, shade: 1)).accessibilityIdentifier("push-\(name)")
                }
                Text("Depth \(path.count)").accessibilityIdentifier("depth")
                BackLink()
            }
            .padding()
            .navigationTitle("Navigation")
            .navigationDestination(for: Swatch.self) { SwatchDetail(swatch: $0) }
        }
    }
}

/// A pushed level with its own state: it ends when the level is popped.
struct SwatchDetail: View {
    let swatch: Swatch
    @State private var likes = 0
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            Text("\(swatch.name) \(swatch.shade)").font(.largeTitle).accessibilityIdentifier("swatch")
            Text("Likes: \(likes)").accessibilityIdentifier("likes")
            Button("Like") { likes += 1 }.accessibilityIdentifier("like")
            NavigationLink("Darker", value: Swatch(name: swatch.name, shade: swatch.shade + 1))
                .accessibilityIdentifier("darker")
            Button("Close") { dismiss() }.accessibilityIdentifier("close")
        }
        .padding()
        .navigationTitle("\(swatch.name) \(swatch.shade)")
    }
}

/// The previews page's view: every preview provider's name and its previews, live (each has its own state,
/// and its controls work).
nonisolated package struct PreviewGallery: View {
    let entries: [PreviewCatalog.Entry]

    /// A gallery of `entries` (``PreviewCatalog/all`` on the server's page).
    package init(entries: [PreviewCatalog.Entry]) { self.entries = entries }

    package var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Previews").font(.largeTitle)
            if entries.isEmpty {
                Text("No type of this program conforms to PreviewProvider (private types are not found).")
                    .accessibilityIdentifier("previews-empty")
            } else {
                Text("\(entries.count) preview provider\(entries.count == 1 ? "" : "s")")
                    .accessibilityIdentifier("previews-count")
            }
            ForEach(entries, id: \.name) { entry in
                GroupBox(entry.name) {
                    entry.makePreviews()
                }
                .accessibilityIdentifier("preview \(entry.name)")
            }
        }
        .padding()
        .navigationTitle("Previews")
    }
}

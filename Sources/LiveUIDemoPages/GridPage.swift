import LiveUI

/// `/grid`: `Grid` with `GridRow`s and a spanning cell, and an adaptive `LazyVGrid`.
public struct GridPage: View {
    @State private var tiles = 24

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
                    GridRow {
                        Text("Name").bold()
                        Text("Role").bold()
                    }
                    GridRow {
                        Text("Ada")
                        Text("Engine")
                    }
                    GridRow { Text("A cell spanning both columns").gridCellColumns(2) }
                }
                .accessibilityIdentifier("grid")
                Button("Add a tile") { tiles += 1 }.accessibilityIdentifier("add-tile")
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 80), spacing: 8)], spacing: 8) {
                    ForEach(0..<tiles, id: \.self) { Text("Tile \($0)").padding(8) }
                }
                .accessibilityIdentifier("tiles")
                BackLink()
            }
            .padding()
            .navigationTitle("Grid")
        }
    }
}

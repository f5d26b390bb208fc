nonisolated extension View {
    /// Draws `view` behind this list row, as SwiftUI's `listRowBackground` (a theme colour behind a row, say);
    /// `nil` draws nothing. On the web it is a layer behind the row's content, inside the list's row padding.
    public consuming func listRowBackground<V: View>(_ view: V?) -> some View {
        modifier(LayerModifier(layer: view, isBackground: true, alignment: .center))
    }
}

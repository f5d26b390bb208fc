/// A type that produces previews of views, as SwiftUI's `PreviewProvider`.
///
/// ```swift
/// struct ContentView_Previews: PreviewProvider {
///     static var previews: some View {
///         ContentView()
///         ContentView().previewDisplayName("Empty")
///     }
/// }
/// ```
///
/// In development mode a server lists every conforming type of the program at `/liveui/previews` and shows
/// its previews live (``PreviewCatalog``). The `#Preview` macro needs swift-syntax, which LiveUI does not
/// depend on: write a `PreviewProvider` instead.
@preconcurrency @MainActor public protocol PreviewProvider {
    /// The type of the previews.
    associatedtype Previews: View
    /// The views to preview.
    @ViewBuilder static var previews: Previews { get }
}

/// How a preview is laid out, as SwiftUI's `PreviewLayout`; the previews page ignores it.
public enum PreviewLayout: Sendable, Hashable {
    /// The size of a device's screen.
    case device
    /// The size the view needs.
    case sizeThatFits
    /// A fixed size.
    case fixed(width: CGFloat, height: CGFloat)
}

/// The device a preview simulates, as SwiftUI's `PreviewDevice` (`"iPhone 15"`); the previews page ignores it.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The device's name.
    public let rawValue: String
    /// The device named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The device named `value`.
    public init(stringLiteral value: String) { rawValue = value }
}

nonisolated extension View {
    /// Names the preview in Xcode's canvas; a no-op on the web, kept so that previews port unchanged.
    public consuming func previewDisplayName(_ value: String?) -> Self { self }
    /// Sets the preview's layout in Xcode's canvas; a no-op on the web.
    public consuming func previewLayout(_ value: PreviewLayout) -> Self { self }
    /// Sets the preview's simulated device in Xcode's canvas; a no-op on the web.
    public consuming func previewDevice(_ value: PreviewDevice?) -> Self { self }
}

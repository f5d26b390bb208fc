/// The look of every list below `.listStyle(_:)`, as SwiftUI's `ListStyle`: a CSS class on the list.
public protocol ListStyle {}

nonisolated extension ListStyle {
    /// The list's CSS class for this look (`nil` for the default).
    var cssClass: String? {
        switch self {
        case is PlainListStyle: "lui-list-plain"
        case is GroupedListStyle: "lui-list-grouped"
        case is InsetGroupedListStyle: "lui-list-inset-grouped"
        case is InsetListStyle: "lui-list-inset"
        case is SidebarListStyle: "lui-list-sidebar"
        default: nil
        }
    }
}

/// The platform's look.
nonisolated public struct DefaultListStyle: ListStyle {
    /// The default style.
    public init() {}
}
/// Rows edge to edge, without a card around them, as SwiftUI's `.plain`.
nonisolated public struct PlainListStyle: ListStyle {
    /// The plain style.
    public init() {}
}
/// Rows on a grouped background, as SwiftUI's `.grouped`.
nonisolated public struct GroupedListStyle: ListStyle {
    /// The grouped style.
    public init() {}
}
/// Rows in a rounded card on a grouped background, as SwiftUI's `.insetGrouped`.
nonisolated public struct InsetGroupedListStyle: ListStyle {
    /// The inset grouped style.
    public init() {}
}
/// Rows inset from the edges, as SwiftUI's `.inset`.
nonisolated public struct InsetListStyle: ListStyle {
    /// The inset style.
    public init() {}
}
/// Rows of a sidebar, as SwiftUI's `.sidebar`.
nonisolated public struct SidebarListStyle: ListStyle {
    /// The sidebar style.
    public init() {}
}

nonisolated extension ListStyle where Self == DefaultListStyle {
    /// The platform's look.
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
nonisolated extension ListStyle where Self == PlainListStyle {
    /// Rows edge to edge.
    public static var plain: PlainListStyle { PlainListStyle() }
}
nonisolated extension ListStyle where Self == GroupedListStyle {
    /// Rows on a grouped background.
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}
nonisolated extension ListStyle where Self == InsetGroupedListStyle {
    /// Rows in a rounded card on a grouped background.
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
nonisolated extension ListStyle where Self == InsetListStyle {
    /// Rows inset from the edges.
    public static var inset: InsetListStyle { InsetListStyle() }
}
nonisolated extension ListStyle where Self == SidebarListStyle {
    /// Rows of a sidebar.
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

private struct ListStyleClassKey: EnvironmentKey { static var defaultValue: String? { nil } }

extension EnvironmentValues {
    /// The CSS class of the lists below (`.listStyle(_:)`); `nil` for the default look.
    var listStyleClass: String? {
        get { self[ListStyleClassKey.self] }
        set { self[ListStyleClassKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Draws the lists below with `style`.
    public consuming func listStyle<S: ListStyle>(_ style: S) -> some View {
        let className = style.cssClass
        return modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(ListStyleClassKey.self)), value: className as Any) {
            $0.listStyleClass = className
        })
    }
}

/// `.id(_:)`: an explicit identity on top of the structural one; a new id is a new view.
nonisolated struct IDModifier: PrimitiveModifier {
    let id: AnyHashable
    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        NodeContent(child: .explicit(id), content)
    }
}

/// A view compared with `==` instead of field by field.
nonisolated public struct EquatableView<Content: View & Equatable>: PrimitiveView, EquatableViewMarker {
    /// The wrapped view.
    public let content: Content
    /// Wraps `content`.
    public init(content: Content) { self.content = content }
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(child: .index(0), content) }
    func isViewEqual(to other: Any) -> Bool { (other as? EquatableView<Content>)?.content == content }
}

/// `.accessibilityIdentifier(_:)`: names the element for events and tests (`data-aid`).
nonisolated struct AccessibilityIdentifierModifier: ElementModifier {
    let identifier: String
    func apply(to element: inout ElementSpec, node: GraphNode) { element.set("data-aid", identifier) }
}

/// `.accessibilityLabel(_:)`: `aria-label`. An element with nothing inside and no role of its own (a
/// `Color`) becomes `role="img"`: ARIA names only elements with a role, and a labelled view with no
/// content is, as in SwiftUI, an element read by its label alone.
nonisolated struct AccessibilityLabelModifier: ElementModifier {
    let label: String
    func apply(to element: inout ElementSpec, node: GraphNode) {
        element.exposeToAccessibility()
        if element.attribute("role") == nil, element.tag == "div" || element.tag == "span", element.hasNoContent {
            element.set("role", "img")
        }
        element.set("aria-label", label)
    }
}

nonisolated extension View {
    /// Gives this view an explicit identity: when `id` changes, the old view's state ends and a new one begins.
    public consuming func id<ID: Hashable>(_ id: ID) -> some View { modifier(IDModifier(id: AnyHashable(id))) }

    /// Names this view's element for events (`send(.click("name"))`) and tests; rendered as `data-aid`.
    public consuming func accessibilityIdentifier(_ identifier: String) -> some View {
        modifier(AccessibilityIdentifierModifier(identifier: identifier))
    }

    /// The label assistive technologies read for this view.
    public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        modifier(AccessibilityLabelModifier(label: String(label)))
    }
}

nonisolated extension View where Self: Equatable {
    /// Re-evaluates this view only when `==` says it changed.
    public consuming func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}

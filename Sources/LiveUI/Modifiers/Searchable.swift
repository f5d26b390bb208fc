/// Where a searchable view's search field goes. On the web every placement puts it at the top of the
/// view that is searchable.
public struct SearchFieldPlacement: Hashable, Sendable {
    let name: String

    /// Where the platform puts it.
    public static let automatic = SearchFieldPlacement(name: "automatic")
    /// In the toolbar.
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    /// In the sidebar.
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    /// Below the navigation bar's title.
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")

    /// Below the navigation bar's title, shown or hidden as `displayMode` says.
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        navigationBarDrawer
    }

    /// Whether a drawer search field is always shown.
    public enum NavigationBarDrawerDisplayMode: Hashable, Sendable {
        case automatic, always
    }
}

/// `.searchable(text:)`: `<div class="lui-searchable">` with a search field (`role="search"` around an
/// `<input type="search" data-on="input">` bound to the text) above the view.
nonisolated struct SearchableModifier: WrapperModifier {
    let text: Binding<String>
    let prompt: String?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        var field = ElementSpec("input", classes: ["lui-search-field"], content: .void)
        field.attributes = [("type", "search"), ("aria-label", prompt ?? "Search"), ("placeholder", prompt ?? "Search")]
        field.set("value", text.snapshot)
        if node.environment.isEnabled {
            field.listen(.input)
            let write = writingText(to: text)
            node.on("input", write)
            node.on("change", write)
        } else {
            field.set("disabled", "")
        }
        var search = ElementSpec("div", classes: ["lui-search"], content: .children([.element(suffix: "f", field)]))
        search.set("role", "search")
        let spec = ElementSpec(
            "div", classes: ["lui-searchable"], content: .children([.element(suffix: "s", search), .slot(0)]))
        return NodeContent(child: .index(0), content, element: spec)
    }
}

nonisolated extension View {
    /// Shows a search field for `text` above this view; typing writes `text`.
    public consuming func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil)
        -> some View
    {
        modifier(SearchableModifier(text: text, prompt: prompt?.content))
    }

    /// Shows a search field for `text` above this view, with a prompt; typing writes `text`.
    public consuming func searchable<S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        modifier(SearchableModifier(text: text, prompt: String(prompt)))
    }
}

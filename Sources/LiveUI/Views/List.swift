/// Rows in a list: `<div class="lui-list" role="list">`, each row's element gets `role="listitem"`.
nonisolated public struct List<Content: View>: ElementView {
    let content: Content

    /// A list of the builder's rows.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-list"])
        if let style = node.environment.listStyleClass { spec.addClass(style) }
        spec.set("role", "list")
        return LazyContent.make(
            node, content, spec: spec, vertical: true, modifier: ListRowModifier(), minimumRows: Self.lazyRowMinimum)
    }

    /// A list of a `ForEach` with at least this many rows sends only the rows near the viewport, as a
    /// ``LazyVStack`` does; shorter lists are sent whole, so that every row is in the page (find in page,
    /// events by identifier) and idle rows sleep on the server instead (see `docs/performance.md`).
    static var lazyRowMinimum: Int { 20_001 }
}

extension List {
    /// A row per element of `data`, keyed by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == ForEach<Data, ID, Row> {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// A row per `Identifiable` element of `data`.
    public init<Data: RandomAccessCollection, Row: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == ForEach<Data, Data.Element.ID, Row>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }
}

/// Marks each row's element as a list item (`role="listitem"`, which the stylesheet styles rows by).
nonisolated struct ListRowModifier: AttributeModifier, Equatable {
    /// The role of a row whose element has no attribute of its own (most rows: a stack, a text), as one
    /// list that every such row shares instead of allocating its own.
    private static let listItem: [(name: String, value: String)] = [("role", "listitem")]

    func apply(to element: inout ElementSpec, node: GraphNode) {
        if element.attributes.isEmpty {
            element.attributes = Self.listItem
        } else {
            element.set("role", "listitem")
        }
    }
}

/// A group of controls: `<div class="lui-form" role="form">`.
nonisolated public struct Form<Content: View>: ElementView {
    let content: Content
    /// A form of the builder's sections and controls.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-form"])
        spec.set("role", "form")
        return .element(spec, blockOf: self, node: node)
    }
}

nonisolated extension Form: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

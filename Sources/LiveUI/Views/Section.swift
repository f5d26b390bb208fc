/// A part of a form or list with an optional header and footer: `<section class="lui-section">` with a
/// `<header>`, the content, and a `<footer>`.
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: ElementView {
    let header: Parent?
    let content: Content
    let footer: Footer?

    /// A section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// A section with a header view and a footer view (the older form).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var parts: [SpecChild] = []
        if header != nil {
            parts.append(.element(suffix: "h", ElementSpec("header", classes: ["lui-section-header"], content: .children([.slot(0)]))))
        }
        parts.append(.element(suffix: "c", ElementSpec("div", classes: ["lui-section-content"], content: .children([.slot(1)]))))
        if footer != nil {
            parts.append(.element(suffix: "f", ElementSpec("footer", classes: ["lui-section-footer"], content: .children([.slot(2)]))))
        }
        let spec = ElementSpec("section", classes: ["lui-section"], content: .children(parts))
        return NodeContent(children: [(.index(0), header), (.index(1), content), (.index(2), footer)], element: spec)
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.header = header()
        self.content = content()
        self.footer = nil
    }

    /// A section with a header view (the older form).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = nil
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.header = nil
        self.content = content()
        self.footer = footer()
    }

    /// A section with a footer view (the older form).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = nil
        self.content = content()
        self.footer = footer
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section with a text header.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.header = Text(title)
        self.content = content()
        self.footer = nil
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.header = nil
        self.content = content()
        self.footer = nil
    }
}

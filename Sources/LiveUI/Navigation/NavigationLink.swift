/// A button that pushes onto the enclosing ``NavigationStack``: a value (shown by the
/// `navigationDestination(for:)` for its type) or a destination view.
///
/// Rendered as `<button class="lui-navlink">`; outside a stack, or with a `nil` value, it is disabled.
nonisolated public struct NavigationLink<Label: View, Destination: View>: ElementView {
    let label: Label
    let title: String?
    let target: Target

    enum Target {
        case value(AnyHashable?)
        case destination(Destination)
    }

    /// A link that pushes `value`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
        title = nil
        target = .value(value.map(AnyHashable.init))
    }

    /// A link that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        title = nil
        target = .destination(destination())
    }

    /// A link that pushes `destination`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        title = nil
        target = .destination(destination)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("button", classes: ["lui-navlink"])
        spec.attributes = [("type", "button")]
        if let title { spec.content = .text(title) }
        let host = node.environment.navigationHost
        var enabled = node.environment.isEnabled && host != nil
        if case .value(nil) = target { enabled = false }
        if enabled, let host {
            spec.listen(.click)
            let target = self.target
            node.on("click") { [weak host] _, _ in
                switch target {
                case .value(let value?): host?.push(value, token: nil)
                case .value(nil): break
                case .destination(let view): host?.push(view: view)
                }
            }
        } else {
            spec.set("disabled", "")
        }
        return title == nil ? .element(spec, child: label) : .element(spec)
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled `title` that pushes `value`.
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        label = Text(title)
        self.title = String(title)
        target = .value(value.map(AnyHashable.init))
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title` that pushes `destination`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        label = Text(title)
        self.title = String(title)
        target = .destination(destination())
    }

    /// A link titled `title` that pushes `destination`.
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        label = Text(title)
        self.title = String(title)
        target = .destination(destination)
    }
}

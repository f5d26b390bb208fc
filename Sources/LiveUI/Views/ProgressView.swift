/// A progress indicator: `<progress>` (indeterminate without a value), inside a
/// `<div class="lui-progressview">` with its label above and its current-value label below when it has them.
///
/// A value is clamped to `0...total`, as SwiftUI draws it; a `nil` value is indeterminate.
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: ElementView {
    let label: Label?
    let currentValueLabel: CurrentValueLabel?
    let title: String?
    let value: Double?
    let total: Double

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var bar = ElementSpec("progress", classes: ["lui-progress"], content: .children([]))
        if let value {
            let total = total > 0 && total.isFinite ? total : 1
            bar.set("max", formatNumber(total))
            bar.set("value", formatNumber(value.isFinite ? min(max(value, 0), total) : 0))
        }
        // A style draws the whole view from its configuration (the title as its label).
        if (label == nil && currentValueLabel == nil) || node.environment.progressViewStyle != nil {
            if let title { bar.set("aria-label", title) }
            return styled(bar, node: node)
        }
        var parts: [SpecChild] = []
        if let title {
            bar.set("aria-label", title)
            parts.append(.element(suffix: "l", ElementSpec("div", classes: ["lui-progress-label"], content: .text(title))))
        } else if label != nil {
            parts.append(.element(suffix: "l", ElementSpec("div", classes: ["lui-progress-label"], content: .children([.slot(0)]))))
        }
        parts.append(.element(suffix: "p", bar))
        if currentValueLabel != nil {
            parts.append(
                .element(suffix: "v", ElementSpec("div", classes: ["lui-progress-value"], content: .children([.slot(1)]))))
        }
        let spec = ElementSpec("div", classes: ["lui-progressview"], content: .children(parts))
        let labelChild: Label? = title == nil ? label : nil
        return NodeContent(children: [(.index(0), labelChild), (.index(1), currentValueLabel)], element: spec)
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// An indeterminate indicator.
    public init() { self.init(nil, nil, nil, nil, 1) }

    /// A determinate indicator (indeterminate while `value` is `nil`).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(nil, nil, nil, value.map { Double($0) }, Double(total))
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// An indeterminate indicator with a title.
    public init<S: StringProtocol>(_ title: S) { self.init(Text(title), nil, String(title), nil, 1) }

    /// A determinate indicator with a title.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(Text(title), nil, String(title), value.map { Double($0) }, Double(total))
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// An indeterminate indicator with a label.
    public init(@ViewBuilder label: () -> Label) { self.init(label(), nil, nil, nil, 1) }

    /// A determinate indicator with a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(label(), nil, nil, value.map { Double($0) }, Double(total))
    }
}

extension ProgressView {
    /// A determinate indicator with a label and a label for the current value.
    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(label(), currentValueLabel(), nil, value.map { Double($0) }, Double(total))
    }

    init(_ label: Label?, _ currentValueLabel: CurrentValueLabel?, _ title: String?, _ value: Double?, _ total: Double) {
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.title = title
        self.value = value
        self.total = total
    }
}

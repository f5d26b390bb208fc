import Foundation

/// A scrollable region: `<div class="lui-scroll" data-on="scroll">`.
///
/// With `contentOffset`, the browser's scroll position (throttled to its frame rate) is written into
/// the binding; bind it to `@ViewStorage` and scrolling re-renders nothing.
public struct ScrollView<Content: View>: ElementView {
    let axes: Axis.Set
    let contentOffset: Binding<CGPoint>?
    let content: Content

    /// A scroll view.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.contentOffset = nil
        self.content = content()
    }

    /// A scroll view that reports its scroll offset into `contentOffset`.
    public init(_ axes: Axis.Set = .vertical, contentOffset: Binding<CGPoint>, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.contentOffset = contentOffset
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-scroll"])
        if axes.contains(.horizontal) { spec.addClass("lui-scroll-x") }
        if axes.contains(.vertical) { spec.addClass("lui-scroll-y") }
        spec.listen(.scroll)
        let binding = contentOffset
        node.on("scroll") { node, value in
            guard let (x, y) = value.flatMap(ScrollOffset.parse) else {
                throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "\"x,y\" expected")
            }
            binding?.wrappedValue = CGPoint(x: x, y: y)
        }
        return .element(spec, blockOf: self, node: node)
    }
}

extension ScrollView: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// The value of a scroll event: the offset as `x,y`.
enum ScrollOffset {
    /// The finite `x,y` pair in `value` (spaces around each number allowed); `nil` for anything else.
    /// Scroll events arrive at the browser's frame rate: this reads them in place.
    static func parse(_ value: String) -> (Double, Double)? {
        guard let comma = value.firstIndex(of: ","),
            let x = Double(trimmed(value[..<comma])), let y = Double(trimmed(value[value.index(after: comma)...])),
            x.isFinite, y.isFinite
        else { return nil }
        return (x, y)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}

/// A progress indicator: `<progress>`, indeterminate without a value.
public struct ProgressView: ElementView, Equatable {
    let title: String?
    let value: Double?
    let total: Double

    /// An indeterminate indicator.
    public init() {
        title = nil
        value = nil
        total = 1
    }

    /// An indicator with a title, indeterminate unless `value` is given.
    public init<S: StringProtocol>(_ title: S, value: Double? = nil, total: Double = 1) {
        self.title = String(title)
        self.value = value
        self.total = total
    }

    /// A determinate indicator.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1) {
        title = nil
        self.value = value.map { Double($0) }
        self.total = Double(total)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("progress", classes: ["lui-progress"], content: .children([]))
        if let value {
            spec.set("max", formatNumber(total))
            spec.set("value", formatNumber(min(max(value, 0), total)))
        }
        if let title { spec.set("aria-label", title) }
        return styled(spec, node: node)
    }
}

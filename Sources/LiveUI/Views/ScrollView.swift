import Foundation

/// A scrollable region: `<div class="lui-scroll" data-on="scroll" tabindex="0" role="region">`.
///
/// The region is a tab stop, so that it scrolls from the keyboard (arrows, Page Up and Down) even when
/// nothing inside it can take focus; `role="region"` lets `.accessibilityLabel` name it as a landmark.
///
/// With `contentOffset`, the browser's scroll position (throttled to its frame rate) is written into
/// the binding; bind it to `@ViewStorage` and scrolling re-renders nothing.
nonisolated public struct ScrollView<Content: View>: ElementView {
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
        spec.attributes = [("tabindex", "0"), ("role", "region")]
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

nonisolated extension ScrollView: BlockContentView {
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

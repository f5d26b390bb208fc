/// A view whose content can scroll the scroll views inside it to a view by its id, through the
/// ``ScrollViewProxy`` it is given: `<div class="lui-scroll-reader">` (`display: contents`).
///
/// A scroll request is an attribute the client acts on: `data-scroll-to="<lid> <block> <serial>"` on this
/// element for a rendered view, or `data-scroll-to="<row> <block> <serial>"` on a lazy stack for one of
/// its rows, whose window is first moved to it.
nonisolated public struct ScrollViewReader<Content: View>: ElementView {
    let content: (ScrollViewProxy) -> Content

    /// A reader whose `content` gets the proxy.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let targets = node.behavior { ScrollTargets(reader: node) }
        var spec = ElementSpec("div", classes: ["lui-scroll-reader"])
        if let request = targets.request { spec.set("data-scroll-to", "\(request.lid) \(request.anchor) \(request.serial)") }
        var content = NodeContent.element(spec, content: content(ScrollViewProxy(targets: targets)))
        content.environment = targets.environment(for: node.environment)
        return content
    }
}

/// Scrolls the scroll views inside a ``ScrollViewReader``.
public struct ScrollViewProxy {
    let targets: ScrollTargets

    /// Scrolls to the view whose id is `id`: a row of a `ForEach` (rendered or not, in a lazy stack) or a
    /// view with `.id(_:)`, aligned by `anchor` (top, center or bottom; `nil`: the least scrolling that
    /// shows it). An id no view has scrolls nothing.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        targets.scroll(to: AnyHashable(id), anchor: Self.block(anchor))
    }

    /// The `block` of `scrollIntoView` for `anchor`.
    static func block(_ anchor: UnitPoint?) -> String {
        guard let anchor else { return "nearest" }
        if anchor.y <= 0.25 { return "start" }
        if anchor.y >= 0.75 { return "end" }
        return "center"
    }
}

/// What a ``ScrollViewReader`` keeps: the lazy stacks below it and its last scroll request.
final class ScrollTargets: NodeBehavior {
    private weak var reader: GraphNode?
    private var windows: [Weak] = []
    private var childEnvironment = DerivedEnvironment<ScrollTargets>()
    /// The last request for a rendered view: its element's lid, the `block` and a serial.
    private(set) var request: (lid: String, anchor: String, serial: Int)?

    private struct Weak { weak var window: LazyWindow? }

    init(reader: GraphNode) { self.reader = reader }

    func unmount(_ node: GraphNode) {
        windows.removeAll()
        childEnvironment.reset()
    }

    /// Notes a lazy stack below the reader.
    func register(_ window: LazyWindow) {
        if windows.contains(where: { $0.window === window }) { return }
        windows.removeAll { $0.window == nil }
        windows.append(Weak(window: window))
    }

    /// The environment for the reader's content, made once per environment of the reader's own.
    func environment(for base: EnvironmentValues) -> EnvironmentValues {
        childEnvironment.derive(from: base, writing: self) { $0.scrollTargets = self }
    }

    func scroll(to id: AnyHashable, anchor: String) {
        for entry in windows {
            if let window = entry.window, window.container?.isMounted == true, window.scroll(to: id, anchor: anchor) { return }
        }
        guard let reader, let target = Self.find(id, below: reader), let lid = Self.firstLid(target) else { return }
        request = (lid, anchor, (request?.serial ?? 0) + 1)
        reader.invalidate("scrollTo")
    }

    /// The node below `node` whose identity step is `id` (a `ForEach` row or `.id(_:)`), waking sleeping rows.
    private static func find(_ id: AnyHashable, below node: GraphNode) -> GraphNode? {
        node.graph.wakeRows(of: node)
        for child in node.children {
            switch child.key {
            case .id(let key) where key == id, .explicit(let key) where key == id: return child
            case .intID(let key) where AnyHashable(key) == id: return child
            default: break
            }
            if let found = find(id, below: child) { return found }
        }
        return nil
    }

    private static func firstLid(_ node: GraphNode) -> String? {
        if let lid = node.lid { return lid }
        for child in node.children { if let lid = firstLid(child) { return lid } }
        return nil
    }
}

private struct ScrollTargetsKey: EnvironmentKey {
    static var defaultValue: ScrollTargets? { nil }
}

extension EnvironmentValues {
    /// The ``ScrollViewReader`` around the views being expanded.
    var scrollTargets: ScrollTargets? {
        get { self[ScrollTargetsKey.self] }
        set { self[ScrollTargetsKey.self] = newValue }
    }
}

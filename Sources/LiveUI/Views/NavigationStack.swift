/// A navigation container: a header bar (filled by `navigationTitle`, hidden by `navigationBarHidden(true)`)
/// above its content.
public struct NavigationStack<Content: View>: ElementView {
    let content: Content

    /// A navigation stack around the builder's content.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let host = node.behavior { NavigationHost(node: node) }
        let spec = host.chrome()
        let environment = host.childEnvironment.derive(from: node.environment, writing: host) { $0.navigationHost = host }
        // The content is read in place from the node's value (see `BlockContentView`).
        guard var children = NodeContent.block(of: Self.self, node) else {
            return NodeContent(child: .index(0), content, element: spec, environment: environment)
        }
        children.element = spec
        children.environment = environment
        return children
    }
}

extension NavigationStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
    /// The content is one child, keyed by position 0, not its block's views.
    static var flattensBlock: Bool { false }
}

/// `NavigationView` is `NavigationStack` on the web.
public typealias NavigationView = NavigationStack

/// Collects the title and bar visibility that views inside a navigation stack declare; the deepest wins.
final class NavigationHost: NodeBehavior {
    /// The stack's node, through its handle (a weak reference would slow down every retain of the node).
    private let node: NodeHandle
    private var titles: [ObjectIdentifier: (depth: Int, order: Int, value: String)] = [:]
    private var hiddenFlags: [ObjectIdentifier: (depth: Int, order: Int, value: Bool)] = [:]
    private var order = 0
    private(set) var title = ""
    private(set) var barHidden = false
    /// The environment of the stack's content: the stack's own with this host in it.
    var childEnvironment = DerivedEnvironment<NavigationHost>()
    /// The stack's element as last built, with the title and bar visibility it shows.
    private var builtChrome: (title: String, barHidden: Bool, spec: ElementSpec)?

    /// The stack's element (header bar and content area) for the current title and bar visibility:
    /// built again only when one of them changed.
    func chrome() -> ElementSpec {
        if let built = builtChrome, built.title == title, built.barHidden == barHidden { return built.spec }
        var header = ElementSpec("header", classes: ["lui-navbar"])
        header.content = .children([
            .element(suffix: "t", ElementSpec("h1", classes: ["lui-navtitle"], content: .text(title)))
        ])
        if barHidden { header.set("hidden", "") }
        let main = ElementSpec("main", classes: ["lui-navcontent"], content: .children([.allSlots]))
        let spec = ElementSpec(
            "div", classes: ["lui-nav"], content: .children([.element(suffix: "h", header), .element(suffix: "m", main)]))
        builtChrome = (title, barHidden, spec)
        return spec
    }

    init(node: GraphNode) { self.node = node.handle }

    func setTitle(_ value: String?, from source: GraphNode) {
        order += 1
        if let value { titles[ObjectIdentifier(source)] = (source.depth, titles[ObjectIdentifier(source)]?.order ?? order, value) }
        else { titles[ObjectIdentifier(source)] = nil }
        refresh()
    }

    func setBarHidden(_ value: Bool?, from source: GraphNode) {
        order += 1
        if let value {
            hiddenFlags[ObjectIdentifier(source)] = (source.depth, hiddenFlags[ObjectIdentifier(source)]?.order ?? order, value)
        } else {
            hiddenFlags[ObjectIdentifier(source)] = nil
        }
        refresh()
    }

    private func refresh() {
        let newTitle = titles.values.max { ($0.depth, $0.order) < ($1.depth, $1.order) }?.value ?? ""
        let newHidden = hiddenFlags.values.max { ($0.depth, $0.order) < ($1.depth, $1.order) }?.value ?? false
        guard newTitle != title || newHidden != barHidden else { return }
        title = newTitle
        barHidden = newHidden
        node.node?.invalidate("@preferences")
    }

    func unmount(_ node: GraphNode) {
        titles.removeAll()
        hiddenFlags.removeAll()
        childEnvironment.reset()
    }
}

/// Reports a preference to the enclosing navigation stack while its identity lives.
struct NavigationPreferenceModifier: PrimitiveModifier {
    let title: String?
    let barHidden: Bool?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        if let host = node.environment.navigationHost {
            let registration = node.behavior { NavigationRegistration(host: host) }
            registration.host = host
            if let title { host.setTitle(title, from: node) }
            if let barHidden { host.setBarHidden(barHidden, from: node) }
        }
        return NodeContent(child: .index(0), content)
    }
}

final class NavigationRegistration: NodeBehavior {
    weak var host: NavigationHost?
    init(host: NavigationHost) { self.host = host }
    func unmount(_ node: GraphNode) {
        host?.setTitle(nil, from: node)
        host?.setBarHidden(nil, from: node)
    }
}

extension View {
    /// The title the enclosing `NavigationStack` shows in its header bar.
    public consuming func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        modifier(NavigationPreferenceModifier(title: String(title), barHidden: nil))
    }

    /// The title the enclosing `NavigationStack` shows in its header bar.
    public consuming func navigationTitle(_ title: Text) -> some View {
        modifier(NavigationPreferenceModifier(title: title.content, barHidden: nil))
    }

    /// Hides (or shows) the enclosing `NavigationStack`'s header bar.
    public consuming func navigationBarHidden(_ hidden: Bool) -> some View {
        modifier(NavigationPreferenceModifier(title: nil, barHidden: hidden))
    }
}

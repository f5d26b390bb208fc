/// One level of a navigation stack (its root, or one pushed entry): collects the title and bar settings
/// its views declare (the deepest wins), and is what `dismiss` pops inside it.
final class NavigationLevel: DismissTarget {
    weak var host: NavigationHost?
    /// 0 for the root, n for the n-th pushed entry.
    let index: Int
    let entry: NavigationEntry?
    /// The level view's node, which shows the entry's destination.
    var viewNode: NodeHandle?
    private var titles = PreferenceList<String>()
    private var hiddenFlags = PreferenceList<Bool>()
    private var backHiddenFlags = PreferenceList<Bool>()
    private var environmentCache = DerivedEnvironment<NavigationLevel>()
    private var toolbars: [ObjectIdentifier: (order: Int, items: [ToolbarEntry])] = [:]
    private var toolbarOrder = 0
    /// The toolbar items the level's views declare, in the order they were first declared.
    private(set) var toolbarItems: [ToolbarEntry] = []
    /// The nodes that show the toolbar items while the level is on top, by item index.
    var toolbarSlots: [Int: NodeHandle] = [:]

    init(host: NavigationHost, index: Int, entry: NavigationEntry?) {
        self.host = host
        self.index = index
        self.entry = entry
    }

    /// The identity step of the level's view.
    var key: ChildKey { entry?.key ?? .index(0) }
    var title: String { titles.value ?? "" }
    var barHidden: Bool { hiddenFlags.value ?? false }
    var backButtonHidden: Bool { backHiddenFlags.value ?? false }

    /// The environment of the level's views: this level collects their titles; a pushed level is what
    /// `dismiss` pops (the root leaves `dismiss` to what presents the stack).
    func environment(from parent: EnvironmentValues) -> EnvironmentValues {
        environmentCache.derive(from: parent, writing: self) { environment in
            environment.navigationLevel = self
            if let host { environment.navigationHost = host }
            if index > 0 { environment.dismissTarget = self }
        }
    }

    func setTitle(_ value: String?, from source: GraphNode) {
        if titles.set(value, from: source) { host?.levelChanged(self) }
    }

    func setBarHidden(_ value: Bool?, from source: GraphNode) {
        if hiddenFlags.set(value, from: source) { host?.levelChanged(self) }
    }

    func setBackButtonHidden(_ value: Bool?, from source: GraphNode) {
        if backHiddenFlags.set(value, from: source) { host?.levelChanged(self) }
    }

    /// Sets (or with `nil` removes) the toolbar items `source` declares.
    ///
    /// The items' own nodes show them again; the stack is built again only when the bar's layout (the
    /// items' areas) changes. Building the stack again evaluates the level's content, which declares
    /// its toolbar again: invalidating the stack on every declaration would never settle.
    func setToolbar(_ items: [ToolbarEntry]?, from source: GraphNode) {
        let id = ObjectIdentifier(source)
        if let items {
            toolbarOrder += 1
            toolbars[id] = (toolbars[id]?.order ?? toolbarOrder, items)
        } else {
            guard toolbars.removeValue(forKey: id) != nil else { return }
        }
        let oldAreas = toolbarItems.map(\.placement.area)
        toolbarItems = toolbars.values.sorted { $0.order < $1.order }.flatMap(\.items)
        for slot in toolbarSlots.values { slot.node?.invalidate("@toolbar") }
        if toolbarItems.map(\.placement.area) != oldAreas { host?.levelChanged(self) }
    }

    /// Pops this level and those above it.
    func dismiss() throws {
        guard let host, host.levels.indices.contains(index), host.levels[index] === self else {
            throw DismissError.notPresented("this navigation level is no longer shown")
        }
        host.pop(to: index - 1)
    }

    func end() {
        environmentCache.reset()
        toolbars.removeAll()
        toolbarItems.removeAll()
        toolbarSlots.removeAll()
        viewNode = nil
    }
}

/// Values that views below declare for their container, the deepest (then the latest) winning.
struct PreferenceList<Value: Equatable> {
    private var entries: [ObjectIdentifier: (depth: Int, order: Int, value: Value)] = [:]
    private var order = 0
    private(set) var value: Value?

    /// Sets (or with `nil` removes) `source`'s value; returns whether the winning value changed.
    mutating func set(_ new: Value?, from source: GraphNode) -> Bool {
        let id = ObjectIdentifier(source)
        if let new {
            order += 1
            entries[id] = (source.depth, entries[id]?.order ?? order, new)
        } else {
            guard entries.removeValue(forKey: id) != nil else { return false }
        }
        let winner = entries.values.max { ($0.depth, $0.order) < ($1.depth, $1.order) }?.value
        guard winner != value else { return false }
        value = winner
        return true
    }
}

/// Reports a navigation preference to the level it is in while its identity lives; a title outside any
/// stack is the page's title.
nonisolated struct NavigationPreferenceModifier: PrimitiveModifier {
    let title: String?
    let barHidden: Bool?
    var backButtonHidden: Bool? = nil

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let registration = node.behavior { NavigationRegistration() }
        if let level = node.environment.navigationLevel {
            registration.level = level
            if let title { level.setTitle(title, from: node) }
            if let barHidden { level.setBarHidden(barHidden, from: node) }
            if let backButtonHidden { level.setBackButtonHidden(backButtonHidden, from: node) }
        } else if let title {
            registration.setsDocumentTitle = true
            DocumentTitle.of(node.graph).set(title, from: node)
            registration.presentation = node.environment.presentationTitles
            registration.presentation?.setTitle(title, from: node)
            // The client reads the page's title from the element, as from a stack's bar.
            return NodeContent(child: .index(0), content, modifier: TitleAttribute(title: title))
        }
        return NodeContent(child: .index(0), content)
    }
}

/// Marks the first element below a title declared outside any stack with `data-lui-title`.
nonisolated struct TitleAttribute: AttributeModifier {
    let title: String
    func apply(to element: inout ElementSpec, node: GraphNode) { element.set("data-lui-title", title) }
}

final class NavigationRegistration: NodeBehavior {
    weak var level: NavigationLevel?
    var setsDocumentTitle = false
    /// The sheet a title outside any stack names.
    weak var presentation: Presentation?
    func unmount(_ node: GraphNode) {
        presentation?.setTitle(nil, from: node)
        level?.setTitle(nil, from: node)
        level?.setBarHidden(nil, from: node)
        level?.setBackButtonHidden(nil, from: node)
        if setsDocumentTitle { DocumentTitle.of(node.graph).set(nil, from: node) }
    }
}

/// The page's title: the innermost navigation title shown (the deepest stack's top level, or a
/// `navigationTitle` outside any stack). Kept on the graph's root node.
final class DocumentTitle: NodeBehavior {
    private var titles = PreferenceList<String>()

    /// The title, if any view declares one.
    var value: String? { titles.value }

    static func of(_ graph: ViewGraph) -> DocumentTitle {
        graph.root.behavior { DocumentTitle() }
    }

    func set(_ title: String?, from source: GraphNode) { _ = titles.set(title, from: source) }

    func unmount(_ node: GraphNode) {}
}

/// How a navigation bar's title is shown; on the web every mode shows the same heading.
public enum NavigationBarItem {
    /// The display modes of a title.
    public enum TitleDisplayMode: Sendable {
        /// As the platform decides.
        case automatic
        /// Inside the bar, small.
        case inline
        /// Large, below the bar.
        case large
    }
}

nonisolated extension View {
    /// The title the enclosing `NavigationStack` shows in its bar for this level, and the page's `<title>`.
    public consuming func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        modifier(NavigationPreferenceModifier(title: String(title), barHidden: nil))
    }

    /// The title the enclosing `NavigationStack` shows in its bar for this level, and the page's `<title>`.
    public consuming func navigationTitle(_ title: Text) -> some View {
        modifier(NavigationPreferenceModifier(title: title.content, barHidden: nil))
    }

    /// Hides (or shows) the enclosing `NavigationStack`'s bar while this level is on top.
    public consuming func navigationBarHidden(_ hidden: Bool) -> some View {
        modifier(NavigationPreferenceModifier(title: nil, barHidden: hidden))
    }

    /// Hides the back button while this level is on top (Back in the browser still pops).
    public consuming func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modifier(NavigationPreferenceModifier(title: nil, barHidden: nil, backButtonHidden: hidesBackButton))
    }

    /// Accepted for source compatibility: the web shows every title the same way.
    public consuming func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> Self {
        self
    }
}

/// The styles of `NavigationView`: a stack on the web, whichever is chosen.
public protocol NavigationViewStyle {}

/// A `NavigationView` shown as one stack of views.
nonisolated public struct StackNavigationViewStyle: NavigationViewStyle {
    /// The stack style.
    public init() {}
}

/// The platform's default style (a stack on the web).
nonisolated public struct DefaultNavigationViewStyle: NavigationViewStyle {
    /// The default style.
    public init() {}
}

/// Columns on larger screens elsewhere; a stack on the web.
nonisolated public struct ColumnNavigationViewStyle: NavigationViewStyle {
    /// The column style.
    public init() {}
}

nonisolated extension NavigationViewStyle where Self == StackNavigationViewStyle {
    /// A stack.
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

nonisolated extension NavigationViewStyle where Self == ColumnNavigationViewStyle {
    /// Columns (a stack on the web).
    public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() }
}

nonisolated extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    /// The default (a stack on the web).
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

nonisolated extension View {
    /// Accepted for source compatibility: every `NavigationView` is a stack on the web.
    public consuming func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> Self { self }
}

extension ViewGraph {
    /// The page's title (see ``DocumentTitle``), if a view declares one.
    var documentTitle: String? {
        (root?.behaviors[ObjectIdentifier(DocumentTitle.self)] as? DocumentTitle)?.value
    }
}

/// A view that shows a root view and the views pushed on top of it, on the browser's history.
///
/// Exactly as in SwiftUI: `NavigationLink(value:)` pushes a value, `navigationDestination(for:)` says
/// which view shows it, and `path`, when given, is the list of pushed values both ways. On the web each
/// push is a history entry whose URL (`?nav=`) holds the path: Back and Forward pop and push, and a
/// reload or the URL in another tab opens the same stack when the path's values are `Codable`.
///
/// ```swift
/// @State private var path: [Int] = []
/// var body: some View {
///     NavigationStack(path: $path) {
///         List { NavigationLink("Three", value: 3) }
///             .navigationDestination(for: Int.self) { Text("Item \($0)") }
///     }
/// }
/// ```
nonisolated public struct NavigationStack<Data, Root: View>: ElementView {
    let content: Root
    let source: NavigationPathSource?

    /// A stack that keeps its own path.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        content = root()
        source = nil
    }

    /// A stack whose pushed values are `path`: pushes append to it, pops remove from it, and writing it
    /// pushes or pops.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        content = root()
        source = NavigationPathSource(path)
    }

    /// A stack whose pushed values are the elements of `path`, of one `Hashable` type.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        content = root()
        source = NavigationPathSource(path)
    }

    /// A stack whose pushed values are the elements of `path`, of one `Codable` type: the URL restores them.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable & Codable
    {
        content = root()
        source = NavigationPathSource(codable: path)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let host = node.behavior { NavigationHost(node: node) }
        host.update(source: source)
        host.registerHandlers(on: node)
        let toolbar = host.levels[host.levels.count - 1].toolbarItems
        let spec = host.chrome(toolbar: toolbar.map(\.placement.area))
        let environment = host.rootEnvironment(from: node.environment)
        if host.entries.isEmpty, toolbar.isEmpty, var children = NodeContent.block(of: Self.self, node) {
            // The root is read in place from the node's value (see `BlockContentView`).
            children.element = spec
            children.environment = environment
            return children
        }
        var children: [(key: ChildKey, view: any View)] = [(.index(0), content)]
        for level in host.levels.dropFirst() {
            children.append((level.key, NavigationLevelView(level: level, isTop: level.index == host.entries.count)))
        }
        // The top level's toolbar items, after the levels (the bar's slots count from there).
        let topKey = AnyHashable(host.levels[host.levels.count - 1].key)
        let top = host.levels[host.levels.count - 1]
        for index in toolbar.indices {
            children.append((.id(AnyHashable([topKey, AnyHashable(index)])), NavigationToolbarSlot(level: top, index: index)))
        }
        return NodeContent(children: children, element: spec, environment: environment)
    }
}

nonisolated extension NavigationStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
    /// The content is one child, keyed by position 0, not its block's views.
    static var flattensBlock: Bool { false }
}

/// `NavigationView` is a ``NavigationStack`` on the web (any `navigationViewStyle` is a stack).
public typealias NavigationView<Content: View> = NavigationStack<NavigationPath, Content>

/// One pushed level of a stack: a `<section>` around its destination, hidden while a level is above it.
nonisolated struct NavigationLevelView: ElementView {
    let level: NavigationLevel
    let isTop: Bool

    func makeContent(_ node: GraphNode) -> NodeContent {
        level.viewNode = node.handle
        var spec = ElementSpec("section", classes: ["lui-navlevel"])
        if !isTop { spec.set("hidden", "") }
        let content = level.host?.destination(for: level) ?? AnyView(EmptyView())
        let environment = level.environment(from: node.environment)
        return NodeContent(child: .type(.init(type(of: content))), content, element: spec, environment: environment)
    }
}

/// The node of one toolbar item of a stack's top level: it shows the item the level holds now, and is
/// what the level invalidates when its views declare their toolbar again, so the stack's content is
/// not built again for it.
nonisolated struct NavigationToolbarSlot: PrimitiveView {
    let level: NavigationLevel
    let index: Int

    func makeContent(_ node: GraphNode) -> NodeContent {
        level.toolbarSlots[index] = node.handle
        let items = level.toolbarItems
        // The items can shrink before the stack drops this slot: it shows nothing until then.
        let view = items.indices.contains(index) ? items[index].view : EmptyView()
        return NodeContent(child: .type(.init(type(of: view))), view)
    }
}

/// Where a stack's values live: a binding the app gave (`[T]` or ``NavigationPath``).
struct NavigationPathSource {
    let read: () -> NavigationPath
    let write: (NavigationPath) -> Void
    /// Turns a token of the URL back into a value, for a typed `Codable` path.
    let decode: ((String) -> AnyHashable?)?

    init(_ binding: Binding<NavigationPath>) {
        read = { binding.wrappedValue }
        write = { binding.wrappedValue = $0 }
        decode = nil
    }

    init<Data: RangeReplaceableCollection>(_ binding: Binding<Data>) where Data.Element: Hashable {
        read = { NavigationPath(binding.wrappedValue) }
        write = { path in binding.wrappedValue = Data(path.elements.compactMap { $0.value.base as? Data.Element }) }
        decode = nil
    }

    init<Data: RangeReplaceableCollection>(codable binding: Binding<Data>) where Data.Element: Hashable & Codable {
        NavigationTypes.register(Data.Element.self)
        read = { NavigationPath(binding.wrappedValue) }
        write = { path in binding.wrappedValue = Data(path.elements.compactMap { $0.value.base as? Data.Element }) }
        decode = { token in NavigationTypes.value(of: token).flatMap { $0.base as? Data.Element }.map(AnyHashable.init) }
    }
}

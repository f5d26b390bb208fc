import Foundation

/// What a ``NavigationStack`` keeps while its identity lives: the pushed entries and their levels, the
/// destinations views below registered, the entries Back popped (for Forward), and its bar.
final class NavigationHost: NodeBehavior {
    /// The stack's node, through its handle (a weak reference would slow down every retain of the node).
    let node: NodeHandle
    /// The pushed entries, bottom first: the path's values, then views pushed by links and `isPresented`.
    private(set) var entries: [NavigationEntry] = []
    /// The root level, then one level per entry.
    private(set) var levels: [NavigationLevel] = []
    /// The path when the app gave none.
    var ownPath = NavigationPath()
    /// A saved path whose values did not decode yet (their types register as the stack's content is built).
    var pendingSavedPath: Data?
    private var source: NavigationPathSource?
    /// Whether the app gave the path (a binding) rather than the stack keeping its own.
    var hasSource: Bool { source != nil }
    /// Entries pushed by view (`NavigationLink(destination:)`, `navigationDestination(isPresented:)`).
    private var viewEntries: [NavigationEntry] = []
    /// What Back popped, nearest first: Forward pushes it again.
    private var forward: [NavigationEntry] = []
    private var destinations: [ObjectIdentifier: NavigationDestinationRegistration] = [:]
    private var presented: [ObjectIdentifier: PresentedDestination] = [:]
    private var serial = 0
    /// The title the graph's document title has from this stack.
    private var reportedTitle: String?
    private var builtChrome: (key: ChromeKey, spec: ElementSpec)?

    init(node: GraphNode) {
        self.node = node.handle
        levels = [NavigationLevel(host: self, index: 0, entry: nil)]
        if node.graph.persistence != nil { restoreSavedPath(of: node) }
    }

    // MARK: Entries

    /// Reads the path (the app's binding, or the stack's own) and rebuilds the entries and levels.
    func update(source: NavigationPathSource?) {
        self.source = source
        let path = source?.read() ?? ownPath
        var values: [NavigationEntry] = []
        var changed = false
        for (index, element) in path.elements.enumerated() {
            if index < entries.count, case .value(let old) = entries[index].kind, old == element.value {
                values.append(entries[index])
                continue
            }
            changed = true
            serial += 1
            let token = element.token ?? "{\"n\":\(serial)}"
            values.append(NavigationEntry(kind: .value(element.value), key: .id(AnyHashable(NavigationEntryKey.value(index, element.value))), token: token))
        }
        if values.count != entries.filter(\.isValue).count { changed = true }
        // Views pushed above a path that changed below them are gone, as the levels they stood on.
        if changed { dropViewEntries() }
        setEntries(values + viewEntries)
    }

    private func setEntries(_ new: [NavigationEntry]) {
        entries = new
        var kept: [NavigationLevel] = [levels[0]]
        for (index, entry) in new.enumerated() {
            if index + 1 < levels.count, levels[index + 1].key == entry.key {
                kept.append(levels[index + 1])
            } else {
                kept.append(NavigationLevel(host: self, index: index + 1, entry: entry))
            }
        }
        for gone in levels.dropFirst(kept.count) where !kept.contains(where: { $0 === gone }) { gone.end() }
        levels = kept
        reportTitle()
    }

    private func dropViewEntries() {
        for entry in viewEntries { if case .presented(let id) = entry.kind { presented[id]?.isPresented.wrappedValue = false } }
        viewEntries = []
    }

    /// Pushes `value` (a `NavigationLink(value:)` was clicked).
    func push(_ value: AnyHashable, token: String?) {
        forward = []
        var path = source?.read() ?? ownPath
        var element = NavigationPath.Element(value: value, token: token)
        if token == nil, let codable = value.base as? any (Hashable & Codable) { element = NavigationPath.element(codable) }
        dropViewEntries()
        path.elements.append(element)
        write(path)
    }

    /// Pushes `view` (a `NavigationLink(destination:)` was clicked).
    func push(view: any View) {
        forward = []
        serial += 1
        viewEntries.append(NavigationEntry(kind: .view(view), key: .id(AnyHashable(NavigationEntryKey.pushed(serial))), token: "{\"n\":\(serial)}"))
        node.node?.invalidate("@path")
    }

    /// Pops every entry above the first `count`; Back remembers them for Forward.
    func pop(to count: Int, rememberingForward: Bool = false) {
        guard count < entries.count, count >= 0 else { return }
        let removed = Array(entries[count...])
        forward = rememberingForward ? removed + forward : []
        apply(Array(entries[..<count]))
    }

    /// Makes the entries `new` (a prefix of them, or them plus entries pushed before).
    private func apply(_ new: [NavigationEntry]) {
        let oldViews = viewEntries
        let newValues = new.filter(\.isValue)
        viewEntries = new.filter { !$0.isValue }
        for entry in oldViews where !viewEntries.contains(where: { $0.key == entry.key }) {
            if case .presented(let id) = entry.kind { presented[id]?.isPresented.wrappedValue = false }
        }
        for entry in viewEntries where !oldViews.contains(where: { $0.key == entry.key }) {
            if case .presented(let id) = entry.kind { presented[id]?.isPresented.wrappedValue = true }
        }
        var path = source?.read() ?? ownPath
        let values = newValues.map { entry -> NavigationPath.Element in
            guard case .value(let value) = entry.kind else { preconditionFailure("LiveUI internal error: a view entry among values") }
            return NavigationPath.Element(value: value, token: entry.token.hasPrefix("{\"n\"") ? nil : entry.token)
        }
        setEntries(new)
        if path.elements != values {
            path.elements = values
            write(path)
        }
        node.node?.invalidate("@path")
    }

    private func write(_ path: NavigationPath) {
        if let source { source.write(path) } else {
            ownPath = path
            node.node?.invalidate("@path")
        }
    }

    /// The entries' URL form: a JSON array of their tokens.
    var pathText: String { NavigationTypes.text(of: entries.map(\.token)) }

    // MARK: Events

    /// The stack's events: `click` (its back button), `navigate` (Back/Forward in the browser, to a path
    /// it showed) and `restore` (a URL's path, decoded).
    func registerHandlers(on node: GraphNode) {
        node.on("click") { [weak self] _, _ in
            guard let self, !self.entries.isEmpty else { return }
            self.pop(to: self.entries.count - 1, rememberingForward: true)
        }
        node.on("navigate") { [weak self] node, value in try self?.navigate(to: value, lid: node.lid ?? "") }
        node.on("restore") { [weak self] node, value in try self?.restore(value, lid: node.lid ?? "") }
    }

    /// Goes to a path this stack showed: a prefix of the current one (Back) or the current one plus what
    /// Back popped (Forward). Anything else is refused and changes nothing.
    private func navigate(to value: String?, lid: String) throws {
        guard let value, let tokens = NavigationTypes.tokens(of: value) else {
            throw LiveError.invalidValue(target: lid, value: value, reason: "a navigation path (a JSON array) expected")
        }
        let current = entries.map(\.token)
        if tokens == current { return }
        if tokens.count < current.count, Array(current.prefix(tokens.count)) == tokens {
            pop(to: tokens.count, rememberingForward: true)
            return
        }
        let extra = tokens.count - current.count
        if extra > 0, Array(tokens.prefix(current.count)) == current, extra <= forward.count,
            Array(tokens.suffix(extra)) == forward.prefix(extra).map(\.token)
        {
            let pushed = Array(forward.prefix(extra))
            forward.removeFirst(extra)
            apply(entries + pushed)
            return
        }
        throw LiveError.invalidValue(target: lid, value: value, reason: "this stack never showed that path")
    }

    /// Opens the path a URL holds: every value must decode to a type the stack can show.
    private func restore(_ value: String?, lid: String) throws {
        guard let value, let tokens = NavigationTypes.tokens(of: value) else {
            throw LiveError.invalidValue(target: lid, value: value, reason: "a navigation path (a JSON array) expected")
        }
        if tokens == entries.map(\.token) { return }
        var elements: [NavigationPath.Element] = []
        for token in tokens {
            let decoded: AnyHashable?
            if let decode = source?.decode { decoded = decode(token) } else { decoded = NavigationTypes.value(of: token) }
            guard let decoded, source?.decode != nil || destinations[ObjectIdentifier(type(of: decoded.base))] != nil else {
                throw LiveError.invalidValue(target: lid, value: value, reason: "the path holds a value this stack cannot show")
            }
            elements.append(NavigationPath.Element(value: decoded, token: token))
        }
        forward = []
        dropViewEntries()
        var path = source?.read() ?? ownPath
        path.elements = elements
        write(path)
    }

    // MARK: Destinations

    /// Registers the view that shows values of `type` (`navigationDestination(for:)`); the levels that
    /// show such values are built again with it.
    /// Only levels above the registering view's are built again: a level's own views cannot loop.
    func register(_ registration: NavigationDestinationRegistration, for type: ObjectIdentifier, fromLevel: Int) {
        destinations[type] = registration
        if pendingSavedPath != nil { retrySavedPath() }
        for level in levels.dropFirst(fromLevel + 1) {
            guard case .value(let value)? = level.entry?.kind, ObjectIdentifier(Swift.type(of: value.base)) == type else { continue }
            level.viewNode?.node?.invalidate("@destination")
        }
    }

    func unregister(_ type: ObjectIdentifier, source: ObjectIdentifier) {
        guard destinations[type]?.source == source else { return }
        destinations[type] = nil
    }

    /// A `navigationDestination(isPresented:)` reports its binding and view; `true` pushes it.
    func present(_ id: ObjectIdentifier, isPresented: Binding<Bool>, view: any View) {
        presented[id] = PresentedDestination(isPresented: isPresented, view: view)
        let shown = viewEntries.contains { $0.kind.presentedID == id }
        if isPresented.wrappedValue, !shown {
            serial += 1
            forward = []
            viewEntries.append(NavigationEntry(kind: .presented(id), key: .id(AnyHashable(NavigationEntryKey.pushed(serial))), token: "{\"n\":\(serial)}"))
            node.node?.invalidate("@path")
        } else if !isPresented.wrappedValue, shown {
            viewEntries.removeAll { $0.kind.presentedID == id }
            node.node?.invalidate("@path")
        } else if shown, let level = levels.first(where: { $0.entry?.kind.presentedID == id }) {
            level.viewNode?.node?.invalidate("@destination")
        }
    }

    func endPresentation(_ id: ObjectIdentifier) {
        presented[id] = nil
        if viewEntries.contains(where: { $0.kind.presentedID == id }) {
            viewEntries.removeAll { $0.kind.presentedID == id }
            node.node?.invalidate("@path")
        }
    }

    /// The view a level shows.
    func destination(for level: NavigationLevel) -> any View {
        guard let entry = level.entry else { return EmptyView() }
        switch entry.kind {
        case .view(let view): return view
        case .presented(let id): return presented[id]?.view ?? EmptyView()
        case .value(let value):
            if let registration = destinations[ObjectIdentifier(type(of: value.base))] { return registration.make(value) }
            return ErrorBox(message: "No navigationDestination(for: \(type(of: value.base)).self) shows this value")
        }
    }

    // MARK: Bar

    private struct ChromeKey: Equatable {
        var title: String, backTitle: String?, barHidden: Bool, path: String, depth: Int
        var toolbar: [ToolbarItemPlacement.Area]
    }

    /// The stack's element: the bar (back button with the previous title, the title) and the levels.
    /// `toolbar` lists the areas of the top level's toolbar items, which are the stack's children after
    /// its levels.
    func chrome(toolbar: [ToolbarItemPlacement.Area]) -> ElementSpec {
        let top = levels[levels.count - 1]
        let backTitle: String? =
            levels.count > 1 && !top.backButtonHidden ? (levels[levels.count - 2].title.isEmpty ? "Back" : levels[levels.count - 2].title) : nil
        let key = ChromeKey(
            title: top.title, backTitle: backTitle, barHidden: top.barHidden, path: pathText, depth: entries.count,
            toolbar: toolbar)
        if let built = builtChrome, built.key == key { return built.spec }
        var bar: [SpecChild] = []
        if let backTitle {
            var back = ElementSpec("button", classes: ["lui-navback"], content: .text("‹ " + backTitle))
            back.attributes = [("type", "button"), ("aria-label", "Back to " + backTitle)]
            back.listen(.click)
            bar.append(.element(suffix: "b", back))
        }
        let firstSlot = levels.count
        func area(_ area: ToolbarItemPlacement.Area, _ tag: String, _ suffix: String, _ name: String) {
            let slots = toolbar.indices.filter { toolbar[$0] == area }.map { SpecChild.slot(firstSlot + $0) }
            guard !slots.isEmpty else { return }
            bar.append(.element(suffix: suffix, ElementSpec(tag, classes: ["lui-toolbar", "lui-toolbar-" + name], content: .children(slots))))
        }
        area(.leading, "div", "l", "leading")
        var title = ElementSpec("h1", classes: ["lui-navtitle"], content: .text(key.title))
        if !key.title.isEmpty { title.set("data-lui-title", key.title) }
        bar.append(.element(suffix: "t", title))
        area(.principal, "div", "p", "principal")
        area(.trailing, "div", "r", "trailing")
        var header = ElementSpec("header", classes: ["lui-navbar"], content: .children(bar))
        if key.barHidden { header.set("hidden", "") }
        var root = ElementSpec("section", classes: ["lui-navlevel"], content: .children([.slot(0)]))
        if !entries.isEmpty { root.set("hidden", "") }
        var levelSlots: [SpecChild] = [.element(suffix: "r", root)]
        for index in entries.indices { levelSlots.append(.slot(index + 1)) }
        // A `<div>`: the page's root is its one `<main>` landmark (a stack in a sheet would be a second).
        let main = ElementSpec("div", classes: ["lui-navcontent"], content: .children(levelSlots))
        var parts: [SpecChild] = [.element(suffix: "h", header), .element(suffix: "m", main)]
        let bottom = toolbar.indices.filter { toolbar[$0] == .bottom }.map { SpecChild.slot(firstSlot + $0) }
        if !bottom.isEmpty {
            parts.append(.element(suffix: "f", ElementSpec("footer", classes: ["lui-toolbar", "lui-toolbar-bottom"], content: .children(bottom))))
        }
        var spec = ElementSpec("div", classes: ["lui-nav"], content: .children(parts))
        spec.set("data-nav", key.path)
        builtChrome = (key, spec)
        return spec
    }

    /// The environment of the root level.
    func rootEnvironment(from parent: EnvironmentValues) -> EnvironmentValues {
        levels[0].environment(from: parent)
    }

    /// A level's title or bar changed: the bar shows the top level and the one below it.
    func levelChanged(_ level: NavigationLevel) {
        guard level.index >= levels.count - 2 else { return }
        node.node?.invalidate("@preferences")
        reportTitle()
    }

    /// Tells the graph's document title what this stack shows.
    private func reportTitle() {
        guard let stack = node.node, stack.isMounted else { return }
        let title = levels[levels.count - 1].title
        guard title != reportedTitle else { return }
        reportedTitle = title
        DocumentTitle.of(stack.graph).set(title.isEmpty ? nil : title, from: stack)
        stack.environment.presentationTitles?.setTitle(title.isEmpty ? nil : title, from: stack)
    }

    func unmount(_ node: GraphNode) {
        for level in levels { level.end() }
        destinations.removeAll()
        presented.removeAll()
        DocumentTitle.of(node.graph).set(nil, from: node)
        node.environment.presentationTitles?.setTitle(nil, from: node)
    }
}

/// One pushed entry of a stack.
struct NavigationEntry {
    enum Kind {
        case value(AnyHashable)
        case view(any View)
        case presented(ObjectIdentifier)

        var presentedID: ObjectIdentifier? {
            if case .presented(let id) = self { return id }
            return nil
        }
    }

    let kind: Kind
    /// The identity step of its level.
    let key: ChildKey
    /// Its URL form: `{"t": type, "v": value}` for a `Codable` value, `{"n": number}` otherwise.
    let token: String

    var isValue: Bool {
        if case .value = kind { return true }
        return false
    }
}

/// The identity of a level: its position and value, or the push that made it.
enum NavigationEntryKey: Hashable {
    case value(Int, AnyHashable)
    case pushed(Int)
}

/// How a stack builds the view for values of one type.
struct NavigationDestinationRegistration {
    /// The modifier node that registered it.
    let source: ObjectIdentifier
    let make: (AnyHashable) -> any View
}

/// A `navigationDestination(isPresented:)`'s binding and view.
struct PresentedDestination {
    let isPresented: Binding<Bool>
    let view: any View
}

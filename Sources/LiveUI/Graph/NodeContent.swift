/// What a primitive view contributes to the graph after one expansion.
package struct NodeContent {
    /// The child views, each with the identity step that keys it.
    package var children: ContentChildren
    /// The element this node renders, if it renders one; `nil` for structural views.
    package var element: ElementSpec?
    /// A modifier passed to the first elements below this node.
    package private(set) var modifier: (any AttributeModifier)?
    /// Whether there is a ``modifier``: asking the optional itself copies the modifier first (an
    /// existential), and most contents have none.
    private(set) var hasModifier = false
    /// The environment for the children, when it differs from the node's own.
    package var environment: EnvironmentValues?

    package init(
        children: [(key: ChildKey, view: any View)], element: ElementSpec? = nil,
        modifier: (any AttributeModifier)? = nil, environment: EnvironmentValues? = nil
    ) {
        self.children = ContentChildren(children)
        self.element = element
        self.modifier = modifier
        self.hasModifier = modifier != nil
        self.environment = environment
    }

    /// Content with exactly one child view (a body, a modifier's content): kept without an array.
    package init(
        child key: ChildKey, _ view: any View, element: ElementSpec? = nil,
        modifier: (any AttributeModifier)? = nil, environment: EnvironmentValues? = nil
    ) {
        self.children = ContentChildren(key, view)
        self.element = element
        self.modifier = modifier
        self.hasModifier = modifier != nil
        self.environment = environment
    }

    /// The content a built-in modifier wraps, as the one child keyed `key`: read in place from the
    /// modified view's value when the modifier's node expands it.
    package init(
        child key: ChildKey, _ content: ModifierContent, element: ElementSpec? = nil,
        modifier: (any AttributeModifier)? = nil, environment: EnvironmentValues? = nil
    ) {
        if let block = content.block {
            self.children = ContentChildren(block.keyed(key))
        } else {
            self.children = ContentChildren(key, content.view)
        }
        self.element = element
        self.modifier = modifier
        self.hasModifier = modifier != nil
        self.environment = environment
    }

    /// An element with the given child views, keyed by position. A ``TupleView`` among them (a
    /// `@ViewBuilder` block) contributes its views directly: the element's children are the block's
    /// views, with no node for the block, as the element's HTML children are.
    package static func element(_ spec: consuming ElementSpec, children: [any View] = []) -> NodeContent {
        var keyed: [(key: ChildKey, view: any View)] = []
        for child in children {
            if let append = ViewTypeInfo.of(child).appendTupleParts {
                child.withValuePointer { append($0, &keyed) }  // reserves room for the block's views
            } else {
                if keyed.capacity == 0 { keyed.reserveCapacity(children.count) }
                keyed.append((.index(keyed.count), child))
            }
        }
        return NodeContent(children: keyed, element: consume spec)
    }

    /// An element with one child view, keyed by position: a ``TupleView`` (a `@ViewBuilder` block)
    /// contributes its views directly, as in ``element(_:children:)``; any other view is kept without
    /// an array.
    package static func element(_ spec: consuming ElementSpec, child: any View) -> NodeContent {
        guard let append = ViewTypeInfo.of(child).appendTupleParts else {
            return NodeContent(child: .index(0), child, element: consume spec)
        }
        var keyed: [(key: ChildKey, view: any View)] = []
        child.withValuePointer { append($0, &keyed) }  // reserves room for the block's views
        return NodeContent(children: keyed, element: consume spec)
    }

    /// The element of a ``BlockContentView`` expanding `node`, whose children are the views of its
    /// block: they are read in place from the node's value when the graph reconciles them, and copied
    /// out only for a node that must keep a new value.
    static func element<V: BlockContentView>(_ spec: consuming ElementSpec, blockOf view: V, node: GraphNode) -> NodeContent {
        guard var content = block(of: V.self, node) else { return element(spec, content: view.content) }
        content.element = consume spec
        return content
    }

    /// The views of the block of `node`'s value, read in place, when `node` is a node of `V` and `V`
    /// has a block (only a node of `V` has its value laid out as the block says: a modifier's node may
    /// expand its content through the content's type).
    static func block<V: View>(of _: V.Type, _ node: GraphNode) -> NodeContent? {
        guard node.viewType == ObjectIdentifier(V.self), let block = node.info.block else { return nil }
        return NodeContent(children: ContentChildren(block), element: nil)
    }

    init(children: ContentChildren, element: ElementSpec? = nil) {
        self.children = children
        self.element = element
    }

    /// The same for content of a static type (a stack's content): a block's views are read straight
    /// from it, without first boxing the block as `any View`.
    package static func element<Content: View>(_ spec: consuming ElementSpec, content: Content) -> NodeContent {
        guard let append = ViewTypeInfo.info(for: content).appendTupleParts else {
            return NodeContent(child: .index(0), content, element: consume spec)
        }
        var keyed: [(key: ChildKey, view: any View)] = []
        withUnsafePointer(to: content) { append(UnsafeRawPointer($0), &keyed) }
        return NodeContent(children: keyed, element: consume spec)
    }
}

/// The content a built-in modifier (``PrimitiveModifier``) wraps, as its expansion gets it. Placed as
/// the child of a ``NodeContent``, it is read in place from the modified view's value; ``view`` copies
/// it out.
package struct ModifierContent {
    /// Where the content sits in the modified view's value, when the modifier's node expands it.
    fileprivate let block: BlockLayout?
    private let pointer: UnsafeRawPointer?
    private let boxed: (any View)?

    /// Content in the value of the node being expanded: `block` (one view), at `pointer` while it expands.
    init(in block: BlockLayout, at pointer: UnsafeRawPointer) {
        self.block = block
        self.pointer = pointer
        boxed = nil
    }

    /// Content as a value of its own.
    init(_ view: any View) {
        block = nil
        pointer = nil
        boxed = view
    }

    /// The content as a value of its own (only while the modifier expands, when read in place).
    package var view: any View {
        if let boxed { return boxed }
        guard let block, let pointer else { preconditionFailure("LiveUI internal error: modifier content without a value") }
        return block.part(0).part.read(pointer)
    }
}

/// The child views of one expansion, in order, each with the identity step that keys it. A single
/// child (a body, a modifier's content: most expansions) is kept without an array; the views of a
/// ``BlockContentView``'s block are not copied at all: they are read from the expanding node's value;
/// a ``ForEach``'s rows lie side by side in one ``RowViews`` and are read there.
package struct ContentChildren {
    // Stored properties rather than an enum: reading one child copies only that child, not the
    // whole payload (an enum's payload is copied out to be matched). Which one holds the children is
    // kept apart too: testing an optional with `if let` copies its value (a child, a block layout).
    private enum Form: UInt8 { case single, many, block, rows }
    private let form: Form
    private let single: (key: ChildKey, view: any View)?
    private let many: [(key: ChildKey, view: any View)]
    private let block: BlockLayout?
    private let rows: RowViews?
    /// How many children there are.
    package let count: Int

    init(_ key: ChildKey, _ view: any View) {
        form = .single
        single = (key, view)
        many = []
        block = nil
        rows = nil
        count = 1
    }

    init(_ children: [(key: ChildKey, view: any View)]) {
        form = .many
        single = nil
        many = children
        block = nil
        rows = nil
        count = children.count
    }

    init(_ block: BlockLayout) {
        form = .block
        single = nil
        many = []
        self.block = block
        rows = nil
        count = block.count
    }

    init(_ rows: RowViews) {
        form = .rows
        single = nil
        many = []
        block = nil
        self.rows = rows
        count = rows.count
    }

    /// Whether the children are read from the expanding node's value (``view(at:in:)`` needs it).
    var readsInPlace: Bool { form == .block }

    /// The identity step of child `index`.
    func key(at index: Int) -> ChildKey {
        switch form {
        case .block: return block!.key ?? .index(index)
        case .single:
            precondition(index == 0, "LiveUI internal error: child \(index) of one")
            return single!.key
        case .many: return many[index].key
        case .rows: return rows!.key(at: index)
        }
    }

    /// Child `index` in place: where it sits in the expanding node's value at `base` or among the
    /// rows, or `nil` when the child is a value of its own.
    func place(at index: Int, in base: UnsafeRawPointer?) -> (pointer: UnsafeRawPointer, part: TupleParts.Part)? {
        if form == .rows { return rows.map { ($0.pointer(at: index), $0.part) } }
        guard form == .block else { return nil }
        guard let base else { preconditionFailure("LiveUI internal error: a block's views read without its value") }
        let (offset, part) = block!.part(index)
        return (base + offset, part)
    }

    /// Child `index` as a value of its own (copied out of the node's value at `base` or out of the rows
    /// when read in place).
    func view(at index: Int, in base: UnsafeRawPointer?) -> any View {
        switch form {
        case .block, .rows:
            guard let place = place(at: index, in: base) else { preconditionFailure("LiveUI internal error: a block without a place") }
            return place.part.read(place.pointer)
        case .single:
            precondition(index == 0, "LiveUI internal error: child \(index) of one")
            return single!.view
        case .many: return many[index].view
        }
    }
}

/// A modifier that changes the attributes, classes, styles or handlers of the elements below it.
package protocol AttributeModifier {
    /// Applies the modifier to an element rendered by `node`.
    func apply(to element: inout ElementSpec, node: GraphNode)
}

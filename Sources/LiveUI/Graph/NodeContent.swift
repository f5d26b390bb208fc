/// What a primitive view contributes to the graph after one expansion.
package struct NodeContent {
    /// The child views, each with the identity step that keys it.
    package var children: ContentChildren
    /// The element this node renders, if it renders one; `nil` for structural views.
    package var element: ElementSpec?
    /// A modifier passed to the first elements below this node.
    package var modifier: (any AttributeModifier)?
    /// The environment for the children, when it differs from the node's own.
    package var environment: EnvironmentValues?

    package init(
        children: [(key: ChildKey, view: any View)], element: ElementSpec? = nil,
        modifier: (any AttributeModifier)? = nil, environment: EnvironmentValues? = nil
    ) {
        self.children = ContentChildren(children)
        self.element = element
        self.modifier = modifier
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
        self.environment = environment
    }

    /// An element with the given child views, keyed by position. A ``TupleView`` among them (a
    /// `@ViewBuilder` block) contributes its views directly: the element's children are the block's
    /// views, with no node for the block, as the element's HTML children are.
    package static func element(_ spec: ElementSpec, children: [any View] = []) -> NodeContent {
        var keyed: [(key: ChildKey, view: any View)] = []
        for child in children {
            if let append = ViewTypeInfo.of(child).appendTupleParts {
                child.withValuePointer { append($0, &keyed) }  // reserves room for the block's views
            } else {
                if keyed.capacity == 0 { keyed.reserveCapacity(children.count) }
                keyed.append((.index(keyed.count), child))
            }
        }
        return NodeContent(children: keyed, element: spec)
    }

    /// An element with one child view, keyed by position: a ``TupleView`` (a `@ViewBuilder` block)
    /// contributes its views directly, as in ``element(_:children:)``; any other view is kept without
    /// an array.
    package static func element(_ spec: ElementSpec, child: any View) -> NodeContent {
        guard let append = ViewTypeInfo.of(child).appendTupleParts else {
            return NodeContent(child: .index(0), child, element: spec)
        }
        var keyed: [(key: ChildKey, view: any View)] = []
        child.withValuePointer { append($0, &keyed) }  // reserves room for the block's views
        return NodeContent(children: keyed, element: spec)
    }

    /// The same for content of a static type (a stack's content): a block's views are read straight
    /// from it, without first boxing the block as `any View`.
    package static func element<Content: View>(_ spec: ElementSpec, content: Content) -> NodeContent {
        guard let append = ViewTypeInfo.info(for: content).appendTupleParts else {
            return NodeContent(child: .index(0), content, element: spec)
        }
        var keyed: [(key: ChildKey, view: any View)] = []
        withUnsafePointer(to: content) { append(UnsafeRawPointer($0), &keyed) }
        return NodeContent(children: keyed, element: spec)
    }
}

/// The child views of one expansion, in order, each with the identity step that keys it. A single
/// child (a body, a modifier's content: most expansions) is kept without an array.
package struct ContentChildren: RandomAccessCollection {
    // Two stored properties rather than an enum: reading one child copies only that child, not the
    // whole payload (an enum's payload is copied out to be matched).
    private let single: (key: ChildKey, view: any View)?
    private let many: [(key: ChildKey, view: any View)]
    package let endIndex: Int

    init(_ key: ChildKey, _ view: any View) {
        single = (key, view)
        many = []
        endIndex = 1
    }

    init(_ children: [(key: ChildKey, view: any View)]) {
        single = nil
        many = children
        endIndex = children.count
    }

    package var startIndex: Int { 0 }

    package var count: Int { endIndex }

    package subscript(position: Int) -> (key: ChildKey, view: any View) {
        if let single {
            precondition(position == 0, "LiveUI internal error: child \(position) of one")
            return single
        }
        return many[position]
    }
}

/// A modifier that changes the attributes, classes, styles or handlers of the elements below it.
package protocol AttributeModifier {
    /// Applies the modifier to an element rendered by `node`.
    func apply(to element: inout ElementSpec, node: GraphNode)
}

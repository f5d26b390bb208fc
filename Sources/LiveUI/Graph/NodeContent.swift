/// What a primitive view contributes to the graph after one expansion.
package struct NodeContent {
    /// The child views, each with the identity step that keys it.
    package var children: [(key: ChildKey, view: any View)]
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
        self.children = children
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
                append(child, &keyed)  // reserves room for the block's views
            } else {
                if keyed.capacity == 0 { keyed.reserveCapacity(children.count) }
                keyed.append((.index(keyed.count), child))
            }
        }
        return NodeContent(children: keyed, element: spec)
    }
}

/// A modifier that changes the attributes, classes, styles or handlers of the elements below it.
package protocol AttributeModifier {
    /// Applies the modifier to an element rendered by `node`.
    func apply(to element: inout ElementSpec, node: GraphNode)
}

/// A part of a control handed to its style (a button's label, a label's title or icon …), as a view.
nonisolated public struct _StyleContent: View, PrimitiveView {
    public typealias Body = Never
    let content: any View
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(child: .index(0), content) }
}

/// The content of a control drawn by a custom style: `body` inside `wrapper`, with the style's environment
/// entry reset by `reset`, so that a control of the same kind inside the body has the default look instead
/// of the style again.
func styleBodyContent(
    _ body: any View, wrapper: ElementSpec, node: GraphNode, key: ObjectIdentifier, reset: (inout EnvironmentValues) -> Void
) -> NodeContent {
    let cache = node.behavior { EnvironmentCache() }
    let environment = cache.environment.derive(from: node.environment, writing: key, same: { _, _ in true }, reset)
    return NodeContent(child: .index(0), body, element: wrapper, environment: environment)
}

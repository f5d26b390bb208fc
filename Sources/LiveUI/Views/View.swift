/// A piece of user interface, described as a value.
///
/// Exactly as in SwiftUI: a view is a cheap struct whose `body` describes its content. The graph
/// keeps the view's state (``State``, ``StateObject`` …) for as long as its identity lives and
/// evaluates `body` again only when an input changed.
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         Button("Count: \(count)") { count += 1 }
///     }
/// }
/// ```
@preconcurrency @MainActor public protocol View {
    /// The type of view this view's body produces.
    associatedtype Body: View
    /// The content of this view.
    @ViewBuilder var body: Body { get }
}

nonisolated extension Never: View {
    public typealias Body = Never
}

nonisolated extension View where Body == Never {
    /// Views the framework renders itself have no body; calling it is a programming error.
    public var body: Never { preconditionFailure("\(Self.self) is a primitive view: it has no body") }
}

/// Views that the framework renders itself; their `body` is never called.
package protocol PrimitiveView: View where Body == Never {
    /// Describes this view's contribution to the graph: children, and the element it renders, if any.
    nonisolated func makeContent(_ node: GraphNode) -> NodeContent
}

/// The body of any view, type-erased.
package func bodyOf<V: View>(_ view: V) -> any View { onMainActor(view) { $0.body } }

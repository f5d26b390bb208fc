/// `navigationDestination(for:destination:)`: tells the enclosing stack how to show pushed values of `D`.
nonisolated struct NavigationDestinationModifier<D: Hashable, C: View>: PrimitiveModifier {
    let make: (D) -> C

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        if let host = node.environment.navigationHost {
            let behavior = node.behavior { DestinationBehavior() }
            behavior.host = host
            behavior.type = ObjectIdentifier(D.self)
            let make = self.make
            let registration = NavigationDestinationRegistration(source: ObjectIdentifier(node)) { value -> any View in
                guard let value = value.base as? D else { return EmptyView() }
                return make(value)
            }
            host.register(registration, for: ObjectIdentifier(D.self), fromLevel: node.environment.navigationLevel?.index ?? 0)
        }
        return NodeContent(child: .index(0), content)
    }
}

final class DestinationBehavior: NodeBehavior {
    weak var host: NavigationHost?
    var type: ObjectIdentifier?
    func unmount(_ node: GraphNode) {
        if let type { host?.unregister(type, source: ObjectIdentifier(node)) }
    }
}

/// `navigationDestination(isPresented:destination:)`: pushes `destination` while the binding is `true`;
/// popping it sets the binding to `false`.
nonisolated struct PresentedDestinationModifier<C: View>: PrimitiveModifier {
    let isPresented: Binding<Bool>
    let destination: C

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        if let host = node.environment.navigationHost {
            let behavior = node.behavior { PresentedDestinationBehavior() }
            behavior.host = host
            host.present(ObjectIdentifier(behavior), isPresented: isPresented, view: destination)
        }
        return NodeContent(child: .index(0), content)
    }
}

final class PresentedDestinationBehavior: NodeBehavior {
    weak var host: NavigationHost?
    func unmount(_ node: GraphNode) { host?.endPresentation(ObjectIdentifier(self)) }
}

nonisolated extension View {
    /// The view the enclosing `NavigationStack` shows for a pushed value of type `data`.
    public consuming func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        modifier(NavigationDestinationModifier(make: destination))
    }

    /// The view the enclosing `NavigationStack` shows for a pushed value of type `data`; such values in a
    /// URL's path are restored.
    public consuming func navigationDestination<D: Hashable & Codable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        NavigationTypes.register(D.self)
        return modifier(NavigationDestinationModifier(make: destination))
    }

    /// Pushes `destination` onto the enclosing stack while `isPresented` is `true`.
    public consuming func navigationDestination<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
    ) -> some View {
        modifier(PresentedDestinationModifier(isPresented: isPresented, destination: destination()))
    }
}

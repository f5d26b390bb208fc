import Foundation

/// A stack that keeps its own path saves it when its values are `Codable` (a stack given a path binding
/// saves nothing itself: the binding's state is saved where it lives).
extension NavigationHost: PersistableBehavior {
    static var savedName: String { "@navigationPath" }

    func savedValue(_ coder: StateCoder) -> SavedValue? {
        guard !hasSource else { return nil }
        if let pendingSavedPath { return .bytes(pendingSavedPath) }
        return coder.encode(ownPath, as: NavigationPath.self)
    }

    /// Takes the path saved for `node`'s stack, if any; values of types not registered yet are decoded
    /// once a `navigationDestination(for:)` below registers them.
    func restoreSavedPath(of node: GraphNode) {
        guard let persistence = node.graph.persistence,
            let data = persistence.claim(NavigationHost.self, of: node)
        else { return }
        pendingSavedPath = data
        retrySavedPath(invalidating: false)
    }

    /// Decodes the pending saved path, if its types are known now, and shows it.
    func retrySavedPath(invalidating: Bool = true) {
        guard let data = pendingSavedPath, let graph = node.node?.graph,
            let path = graph.persistence?.coder.decode(NavigationPath.self, from: data)
        else { return }
        pendingSavedPath = nil
        ownPath = path
        if invalidating { node.node?.invalidate("@path") }
    }
}

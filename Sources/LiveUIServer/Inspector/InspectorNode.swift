import Foundation

/// One node of an inspected graph as `LiveSession.treeJSON()` describes it, with whether its body was
/// evaluated again since the previous snapshot.
struct InspectorNode: Sendable, Hashable {
    var type: String
    var identity: String
    var lid: String?
    /// Body evaluations (composite views only).
    var evaluations: Int?
    /// `name = value` lines, sorted by name; `SecureField` text arrives redacted.
    var state: [String]
    /// `name: Type` of the state that is not saved (not `Codable`): it starts fresh when the session resumes.
    var unsaved: [String] = []
    var children: [InspectorNode]
    /// Whether ``evaluations`` grew since the previous snapshot.
    var changed = false

    /// The tree `json` describes, marking nodes whose count grew against `previous` (by identity path);
    /// `nil` when `json` is not such a tree.
    static func parse(_ json: String, previous: InspectorNode?) -> InspectorNode? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        var counts: [String: Int] = [:]
        previous?.collectCounts(into: &counts)
        return make(object, previous: previous == nil ? nil : counts)
    }

    private static func make(_ object: [String: Any], previous: [String: Int]?) -> InspectorNode? {
        guard let type = object["type"] as? String, let identity = object["identity"] as? String else { return nil }
        let evaluations = object["bodyEvaluations"] as? Int
        let state = (object["state"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
        let children = (object["children"] as? [[String: Any]] ?? []).compactMap { make($0, previous: previous) }
        var node = InspectorNode(
            type: type, identity: identity, lid: object["lid"] as? String, evaluations: evaluations, state: state,
            children: children)
        node.unsaved = object["unsaved"] as? [String] ?? []
        if let previous, let evaluations { node.changed = evaluations > (previous[identity] ?? 0) }
        return node
    }

    private func collectCounts(into counts: inout [String: Int]) {
        if let evaluations { counts[identity] = evaluations }
        for child in children { child.collectCounts(into: &counts) }
    }
}

/// What the inspector page shows: the inspected page's route, its latest tree, its latest `_printChanges()`
/// lines and a revision that grows with every snapshot (so a flashing node's animation restarts).
struct InspectorSnapshot: Sendable, Hashable {
    /// How many of the latest change-log lines are kept.
    static let changeLimit = 20

    var route: String
    var root: InspectorNode?
    var revision = 0
    /// The latest `_printChanges()` lines of the inspected graph, oldest first.
    var changes: [String] = []
}

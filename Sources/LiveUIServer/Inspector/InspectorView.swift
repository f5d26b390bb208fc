import LiveUI

/// The inspector page's root: the inspected graph as a nested list of nodes (type, identity path, lid,
/// state values, body evaluations); nodes evaluated again in the latest update flash.
struct InspectorView: View {
    let model: SharedModel<InspectorSnapshot>
    /// Keeps the subscription to the inspected graph alive while this view is mounted.
    let feed: InspectorFeed

    var body: some View {
        let snapshot = model.value
        VStack(alignment: .leading) {
            Text("LiveUI inspector: \(snapshot.route)").font(.headline)
            Text("Update \(snapshot.revision)").htmlClass("liveui-inspector-revision")
            if let root = snapshot.root {
                InspectorNodeView(node: root, revision: snapshot.revision)
            } else {
                Text("The page's graph is not readable.")
            }
            Text("_printChanges()").font(.headline)
            ForEach(Array(snapshot.changes.enumerated()), id: \.offset) { entry in
                Text(entry.element).htmlClass("liveui-inspector-changes")
            }
        }
        .htmlClass("liveui-inspector")
        .onAppear { feed.appeared() }
    }
}

/// One node and, indented under it, its children.
struct InspectorNodeView: View {
    let node: InspectorNode
    let revision: Int

    var body: some View {
        VStack(alignment: .leading) {
            Text(summary)
                .htmlClass("liveui-inspector-node")
                // Two identical animations by alternating name: a node changed in two updates in a row replays.
                .htmlClass(node.changed ? (revision % 2 == 0 ? "liveui-flash-a" : "liveui-flash-b") : "liveui-still")
            ForEach(node.state, id: \.self) { line in
                Text(line).htmlClass("liveui-inspector-state")
            }
            if !node.unsaved.isEmpty {
                Text("Not saved (not Codable, starts fresh on resume): " + node.unsaved.joined(separator: ", "))
                    .htmlClass("liveui-inspector-unsaved")
            }
            ForEach(node.children, id: \.identity) { child in
                InspectorNodeView(node: child, revision: revision)
            }
            .padding(.leading, 16)
        }
    }

    private var summary: String {
        var text = "\(node.type)  \(node.identity)"
        if let lid = node.lid { text += "  lid \(lid)" }
        if let evaluations = node.evaluations { text += "  body evaluations: \(evaluations)" }
        return text
    }
}

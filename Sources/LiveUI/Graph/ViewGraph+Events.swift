extension ViewGraph {
    /// Applies one client event and flushes. Throws before changing anything when the event cannot apply.
    func handle(_ event: ClientEvent) throws -> Update {
        mountIfNeeded()
        let (node, handler) = try resolve(event)
        if let eventTiming {
            eventTiming.noteEvent(type: event.type, target: event.target, viewType: typeName(node), ownerType: ownerTypeName(of: node))
        }
        sleepingRows?.noteEvent(in: node)
        eventOrigin = event.origin
        defer { eventOrigin = nil }
        try ThreadContext.run(on: self) {
            try runEventHandler { try handler(node, event.value) }
        }
        statistics.events += 1
        return flush(origin: event.origin)
    }

    /// The element and handler an event addresses: by `data-lid` first, then by accessibility identifier.
    private func resolve(_ event: ClientEvent) throws -> (GraphNode, EventHandler) {
        let target = event.target
        let node: GraphNode
        if let byLid = self.node(lid: target) ?? subElementOwner(target) {
            node = byLid
        } else if case let tagged = taggedNodes(target), !tagged.isEmpty {
            guard tagged.count == 1 else { throw LiveError.ambiguousTarget(tagged.compactMap(\.lid).sorted()) }
            node = tagged[0]
        } else {
            throw LiveError.unknownTarget(target)
        }
        // A control inside a hidden view cannot be used, as in SwiftUI: refused like a disabled one (the
        // element is still in the page, so the target is not unknown).
        if let handler = node.handlers[event.type] {
            guard !isHidden(node) else { throw LiveError.unsupportedEvent(target: target, type: event.type) }
            return (node, handler)
        }
        // An identifier on a container addresses the one control inside it that handles the event.
        var found: [GraphNode] = []
        collectHandlers(below: node, type: event.type, into: &found)
        if found.count == 1, let handler = found[0].handlers[event.type] {
            guard !isHidden(found[0]) else { throw LiveError.unsupportedEvent(target: target, type: event.type) }
            return (found[0], handler)
        }
        if found.count > 1 { throw LiveError.ambiguousTarget(found.compactMap(\.lid)) }
        throw LiveError.unsupportedEvent(target: target, type: event.type)
    }

    /// Whether `node` is inside a `.hidden()` view (checked only once the graph has one).
    private func isHidden(_ node: GraphNode) -> Bool { hasHiddenViews && node.environment.isHidden }

    /// The type of the nearest view with a body around `node`, if any.
    private func ownerTypeName(of node: GraphNode) -> String? {
        var owner = node.parent
        while let current = owner, current.kind != .composite { owner = current.parent }
        return owner.map(typeName)
    }

    /// The element nodes tagged `identifier`, the index built on first use.
    private func taggedNodes(_ identifier: String) -> ReferenceList<GraphNode> {
        if !accessibility.isBuilt {
            var tagged: [(identifier: String, node: GraphNode)] = []
            func walk(_ node: GraphNode) {
                if node.isElement, let id = currentSpec(node)?.accessibilityID { tagged.append((id, node)) }
                for child in node.children { walk(child) }
            }
            if let root { walk(root) }
            accessibility.build(tagged)
        }
        sleepingRows?.wakeRows(tagged: identifier)
        return accessibility[identifier]
    }

    private func collectHandlers(below node: GraphNode, type: String, into found: inout [GraphNode]) {
        wakeRows(of: node)
        for child in node.children {
            if child.handlers[type] != nil { found.append(child) }
            if found.count > 1 { return }
            collectHandlers(below: child, type: type, into: &found)
        }
    }

    /// The graph as JSON, for inspection.
    func treeJSON() -> String {
        guard let root else { return "null" }
        var out = ""
        writeJSON(root, into: &out)
        putRowsToSleep()
        return out
    }

    private func writeJSON(_ node: GraphNode, into out: inout String) {
        wakeRows(of: node)
        out += "{\"type\":" + JSONString(typeName(node))
        out += ",\"identity\":" + JSONString(node.identity.description)
        if let lid = node.lid { out += ",\"lid\":" + JSONString(lid) }
        if node.kind == .composite { out += ",\"bodyEvaluations\":\(node.evaluations)" }
        let state = StorageLinker.describe(node)
        if !state.isEmpty {
            out += ",\"state\":{" + state.map { JSONString($0.0) + ":" + JSONString($0.1) }.joined(separator: ",") + "}"
        }
        if let unsaved = persistence?.unsavedProperties(of: node), !unsaved.isEmpty {
            out += ",\"unsaved\":[" + unsaved.map(JSONString).joined(separator: ",") + "]"
        }
        out += ",\"children\":["
        for (i, child) in node.children.enumerated() {
            if i > 0 { out += "," }
            writeJSON(child, into: &out)
        }
        out += "]}"
    }
}

extension StorageLinker {
    /// What the inspector shows for a value a `SecureField` writes.
    static let redacted = "••••"

    /// The node's storage values as text, by property name (a `SecureField`'s as ``redacted``).
    static func describe(_ node: GraphNode) -> [(String, String)] {
        guard node.kind == .composite, !node.slots.isEmpty else { return [] }
        var result: [(String, String)] = []
        var index = 0
        for child in Mirror(reflecting: node.view).children where child.value is any StorageLinkable {
            defer { index += 1 }
            guard index < node.slots.count, let describable = node.slots[index] as? any StorageDescribable else { continue }
            let secret = node.graph.secretStorages.contains(ObjectIdentifier(node.slots[index]))
            result.append((child.label ?? "_\(index)", secret ? redacted : describable.storageDescription))
        }
        return result
    }
}

/// Storage that can show its value in the inspector.
protocol StorageDescribable {
    var storageDescription: String { get }
}

extension StateStorage: StorageDescribable {
    var storageDescription: String { String(describing: value) }
}

extension ViewStorageBox: StorageDescribable {
    var storageDescription: String { String(describing: value) }
}

extension ObjectStorage: StorageDescribable {
    var storageDescription: String { object.map { String(describing: type(of: $0)) } ?? "nil" }
}

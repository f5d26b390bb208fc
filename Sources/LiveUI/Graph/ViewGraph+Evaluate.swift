import Observation

extension ViewGraph {
    /// Evaluates `node` (its body, or its primitive content) and reconciles its children.
    func expand(_ node: GraphNode) {
        if node.hasSleepingRows { wakeRows(of: node) } else if node.keepsSleepRecord && !isWaking { sleepingRows?.forgetRecord(of: node) }
        var content: NodeContent
        switch node.kind {
        case .composite:
            expandComposite(node)
            return
        case .primitive:
            node.isDirty = false
            node.clearChanges()
            node.element?.handlers.removeAll()
            // A primitive's type info always has a content maker.
            content = node.withInfo { info in node.withView { info.makeContent?($0, node) } } ?? NodeContent(children: [])
        }
        // Taken out of the content, not copied: the content's copy would only be released later.
        if var spec = content.element.take() {
            for modifier in node.inherited { modifier.apply(to: &spec, node: node) }
            updateElement(node, consume spec)
        }
        // A constant from here on: the closure below borrows it instead of copying a variable's value.
        let expanded = consume content
        if expanded.children.readsInPlace {
            // The children are read from the node's value, which stays as it is while they are reconciled.
            node.withView { $0.withValuePointer { _ = reconcile(node, expanded, in: $0) } }
        } else {
            reconcile(node, expanded, in: nil)
        }
    }

    /// Records `spec` as `node`'s element for this flush's diff, unless it renders exactly as before.
    private func updateElement(_ node: GraphNode, _ spec: consuming ElementSpec) {
        if bypassesDiff {
            // A sleeping row's element, rebuilt: the client has it already; or the first mount's, which the
            // client gets as it is when the mount ends.
            accessibility.move(node, from: node.element?.accessibilityID, to: spec.accessibilityID)
            node.element?.spec = consume spec
            return
        }
        // Only an affected node can have a newer element waiting than the one the client has.
        // Compared in place: an element is expanded again far more often than it changes.
        if node.isAffected, let waiting = pendingSpecs.withValue(for: node, { (same: $0 == spec, id: $0.accessibilityID) }) {
            if waiting.same { return }
            accessibility.move(node, from: waiting.id, to: spec.accessibilityID)
        } else {
            if node.element?.rendersSame(as: spec) == true { return }
            accessibility.move(node, from: node.element?.accessibilityID, to: spec.accessibilityID)
        }
        pendingSpecs[node] = consume spec
        markAffected(node)
    }

    /// Links storage, evaluates `body` under observation tracking, logs why, and reconciles the body's
    /// view as the node's one child, read in place from where it was evaluated: an existing child takes
    /// it by assignment, and only a new one gets a copy.
    private func expandComposite(_ node: GraphNode) {
        ThreadContext.withCurrent { expandComposite(node, in: $0) }
    }

    private func expandComposite(_ node: GraphNode, in context: ThreadContext) {
        let first = node.evaluations == 0
        // The environment the properties and the body read is noted, so that a later environment
        // changes the node only if a value it read changed.
        let previousReads = context.environmentReads
        context.environmentReads = EnvironmentDependencies()
        func endReads() {
            if node.readsEnvironment, let reads = context.environmentReads {
                environmentDependencies[node] = reads
            }
            context.environmentReads = previousReads
        }
        StorageLinker.link(node)
        // Taken out of the graph's table, not copied and then removed.
        let changes = node.takeChanges()
        // A first evaluation's reasons (`@self`, `@identity` and the dynamic properties) are spelled out
        // only if `_printChanges()` asks.
        let reasons = first ? ChangeNames() : changes
        node.isDirty = false
        node.evaluations += 1
        guard node.failure == nil, node.info.kind == .composite else {
            endReads()
            let failure = node.failure ?? "\(node.info.name) has no body"
            changeLog.write("LiveUI error: \(failure)")
            reconcile(node, NodeContent(child: .part(0), ErrorBox(message: failure)), in: nil)
            return
        }
        // A waking row's body runs again only to rebuild what the client has: not an evaluation to count.
        if !isWaking { countEvaluation(node) }
        let reference = WeakNode(node)
        // The body is evaluated on the view where the node keeps it.
        node.withInfo { info in node.withView { view in
            info.withBody?(view, { evaluate in
                let previousNode = context.evaluating
                let previousReasons = context.reasons
                context.evaluating = node
                context.reasons = reasons
                withObservationTracking(evaluate) {
                    reference.invalidateFromAnyThread("@dependencies")
                }
                context.evaluating = previousNode
                context.reasons = previousReasons
                endReads()
            }) { body, block in
                // Reconciled after the evaluation's context ended, as a primitive's children are.
                reconcile(node, NodeContent(children: ContentChildren(block)), in: body, consumable: true)
            }
        } }
    }

    /// The environment and inherited modifiers `node` hands to its children after an expansion.
    func childInputs(_ node: GraphNode, _ content: NodeContent) -> (EnvironmentValues, [any AttributeModifier]) {
        let environment = content.environment ?? node.environment
        // An element consumes the modifiers it inherited; it may hand new ones to its children.
        let base = node.isElement ? [] : node.inherited
        guard content.hasModifier, let modifier = content.modifier else { return (environment, base) }
        return (environment, base + [modifier])
    }

    /// Ends `node`'s identity and its subtree's: behaviors stop, storage is released, the lid is freed.
    func unmount(_ node: GraphNode) {
        guard node.isMounted else { return }
        if let persistence { persistence.end(node) }
        // Rows asleep end with the container, their `@State` too.
        if node.hasSleepingRows || node.keepsSleepRecord { sleepingRows?.end(node) }
        node.isMounted = false
        node.isDirty = false
        for child in node.children { unmount(child) }
        for behavior in node.behaviors.values { behavior.unmount(node) }
        node.behaviors.removeAll()
        if let element = node.element { lids[element.lidNumber] = nil }
        // The index holds the newest element's identifier: the one waiting to be diffed, if any.
        let pending = node.isAffected ? pendingSpecs.removeValue(for: node) : nil
        accessibility.move(node, from: pending.map { $0.accessibilityID } ?? node.element?.accessibilityID, to: nil)
        node.failure = nil
        node.clearChanges()
        environmentDependencies[node] = nil
        StorageLinker.release(node)
        node.children.removeAll()
        node.element?.handlers = EventHandlers()
        node.view = EmptyView()
        node.clearHandle()
        statistics.liveNodes -= 1
    }
}

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

    /// Matches new child views to existing nodes by identity step and type; mounts and unmounts the rest.
    /// `base` is the node's value, when the children are read from it in place. With `consumable`, a
    /// child that is the whole value at `base` (a body) may be moved out of it instead of copied;
    /// returns whether it was (the caller then must not destroy it).
    @discardableResult
    private func reconcile(
        _ node: GraphNode, _ nodeContent: NodeContent, in base: UnsafeRawPointer?, consumable: Bool = false
    ) -> Bool {
        // A leaf (a text, a control) that stays one: nothing to match, mount or end.
        if nodeContent.children.count == 0 && node.children.isEmpty { return false }
        var consumed = false
        let (environment, modifiers) = childInputs(node, nodeContent)
        // The children are read where the content keeps them (a copy of the list is a retain and a release).
        let old = node.children
        var structural = old.count != nodeContent.children.count
        // Old children by key, for a long list, built on the first child that is not where it was: an
        // expansion that keeps its children in place (a parent's new value, typing above a list) hashes none.
        var byKey: [ChildKey: GraphNode]?
        // The new child list is built only from the first child that differs from the old list: an
        // expansion that keeps every child in place (most of them) keeps the old list as it is.
        var result: NodeChildren?
        var created: [GraphNode] = []
        // A child is matched in this pass when its mark equals the flipped pass: marks from the last pass
        // are unmatched ones now, without a loop to clear them.
        let pass = !node.childPass
        node.childPass = pass
        // Old children matched so far (each is matched at most once): when all are, none ends.
        var matchedOld = 0
        // Whether this iteration's existing node is the old child at its index.
        var existingInPlace = false
        /// Keeps `existing` as the child at `index` (the new list is started where it moved).
        func keep(_ existing: GraphNode, at index: Int) {
            existing.matched = pass
            matchedOld += 1
            if !existingInPlace {
                structural = true
                if result == nil { result = Self.prefix(of: old, count: index, capacity: nodeContent.children.count) }
            }
            result?.append(existing)
        }
        for index in 0..<nodeContent.children.count {
            let key = nodeContent.children.key(at: index)
            // The child at the same place, if it has the key (read once: each read is a retain).
            var existing = index < old.count ? old[index] : nil
            existingInPlace = existing?.key == key
            if !existingInPlace {
                if matchedOld == old.count {
                    // Every old child is matched already (past the end of a list that grew in place): there
                    // is none left to find, and nothing to hash.
                    existing = nil
                } else if old.count > 8 {
                    if byKey == nil { byKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }) }
                    existing = byKey?[key]
                } else {
                    existing = old.first { $0.key == key }
                }
            }
            // Whether the new view is known to differ from the existing node's (it was compared in place).
            var viewChanged = false
            let place = nodeContent.children.place(at: index, in: base)
            if let existing, existing.matched != pass, let place {
                switch keepsInPlace(existing, place.pointer, place.part, environment, modifiers) {
                case .keep:
                    keep(existing, at: index)
                    continue
                case .viewChanged: viewChanged = true
                case .sameModifiers(let inner, let changed):
                    // The node keeps its modifier list; only its view is copied out.
                    keep(existing, at: index)
                    update(existing, .at(inner), environment, existing.inherited, viewChanged: changed)
                    continue
                case .undecided: break
                }
            }
            var childModifiers = modifiers
            var folded: UInt8 = 0
            // The type information of the child's view when it had to be looked up (a new node reuses it).
            var info: ViewTypeInfo?
            // The child's view: read in place (its innermost view's place), or a value of its own.
            var new: NewView
            let viewType: ObjectIdentifier
            if let place {
                // Attribute-modifier layers get no nodes: their content inherits them at this identity
                // step. Unwrapped in place: an existing node takes the innermost view by assignment, a new
                // one gets a copy.
                var pointer = place.pointer
                var type = place.part.type
                if existing?.viewType != type {
                    let innermost = unwrapLayers(
                        at: pointer, place.part.info(pointer), into: &childModifiers, count: &folded)
                    pointer = innermost.pointer
                    info = innermost.info
                    type = innermost.info.id
                }
                new = consumable && folded == 0 && pointer == base ? .moving(pointer) : .at(pointer)
                viewType = type
            } else {
                var view = nodeContent.children.view(at: index, in: nil)
                // A child seen through attribute layers that is the same view with the same modifiers keeps
                // its node as it is, without its layers being unwrapped (boxed) and compared again.
                if let existing, existing.matched != pass, keepsFoldedChild(existing, view, environment, modifiers) {
                    keep(existing, at: index)
                    continue
                }
                if existing?.viewType != ObjectIdentifier(type(of: view)) {
                    // Unwrapped as a view read in place is, through the value's own storage.
                    let outer = ViewTypeInfo.of(view)
                    if outer.unwrapAt != nil {
                        view = view.withValuePointer { pointer in
                            let innermost = unwrapLayers(at: pointer, outer, into: &childModifiers, count: &folded)
                            info = innermost.info
                            return innermost.info.read(innermost.pointer)
                        }
                    } else {
                        info = outer
                    }
                }
                viewType = ObjectIdentifier(type(of: view))
                new = .value(consume view)
            }
            if let existing, existing.matched != pass, existing.viewType == viewType {
                keep(existing, at: index)
                existing.ownModifierCount = folded
                if update(existing, new, environment, childModifiers, viewChanged: viewChanged) { consumed = true }
            } else {
                let view: any View
                switch new {
                case .value(let value): view = value
                // Read in place: through the innermost view's type information when it was unwrapped.
                case .at(let pointer): view = info.map { $0.read(pointer) } ?? place?.part.read(pointer) ?? EmptyView()
                case .moving(let pointer):
                    // The whole value at `base` (a body): moved into the new node.
                    view = (info ?? place?.part.info(pointer) ?? ViewTypeInfo.of(EmptyView())).take(UnsafeMutableRawPointer(mutating: pointer))
                    consumed = true
                case .none: view = EmptyView()
                }
                let fresh = GraphNode(
                    graph: self, parent: node, key: key, view: view, info: info, environment: environment)
                fresh.inherited = childModifiers
                fresh.ownModifierCount = folded
                fresh.matched = pass
                attach(fresh)
                if result == nil { result = Self.prefix(of: old, count: index, capacity: nodeContent.children.count) }
                result?.append(fresh)
                created.append(fresh)
                structural = true
            }
        }
        if result == nil && nodeContent.children.count < old.count {
            result = Self.prefix(of: old, count: nodeContent.children.count, capacity: nodeContent.children.count)
        }
        if let result {
            // The client's children of the element above are kept before the tree below it changes (rows
            // waking up are what the client has; at the first mount it has nothing).
            if !bypassesDiff, let host = host(of: node) { captureClientChildren(of: host) }
            node.children = result
        }
        // New identities are created before old ones end, as in SwiftUI (the seed's init/deinit order).
        for fresh in created { expand(fresh) }
        if matchedOld < old.count {
            for child in old where child.matched != pass {
                structural = true
                unmount(child)
            }
        }
        if structural, !bypassesDiff, let host = host(of: node) { markAffected(host) }
        return consumed
    }

    /// What comparing a child view in place found.
    private enum InPlaceComparison {
        /// The node needs nothing from the new value: keep it as it is.
        case keep
        /// The node's view differs from the new one.
        case viewChanged
        /// The node folded the same attribute modifiers as the new view has, around the view at
        /// `content` (of the node's type); `viewChanged` when that view differs from the node's.
        case sameModifiers(content: UnsafeRawPointer, viewChanged: Bool)
        /// The node takes the long way (its inputs changed, or its view is not compared in place).
        case undecided
    }

    /// Whether `node` needs nothing from its parent's new value, whose view at `pointer` (read in place)
    /// is the node's view, or its view in the node's own attribute layers: the same view with the same
    /// modifiers and environment, nothing pending. Nothing is copied to find out; a ``LateBoundActions``
    /// view takes the newest closures in place.
    private func keepsInPlace(
        _ node: GraphNode, _ pointer: UnsafeRawPointer, _ part: TupleParts.Part, _ environment: EnvironmentValues,
        _ modifiers: [any AttributeModifier]
    ) -> InPlaceComparison {
        if node.ownModifierCount > 0 {
            return compareFolded(node, pointer, part.info(pointer), environment, modifiers)
        }
        // As in `update`: a primitive with children is expanded again rather than compared.
        guard node.viewType == part.type, node.kind == .composite || (node.children.isEmpty && !node.hasSleepingRows),
            let same = node.viewEquals(at: pointer)
        else { return .undecided }
        guard same else { return .viewChanged }
        guard !node.isDirty, node.environment == environment, ViewComparison.modifiersEqual(node.inherited, modifiers)
        else { return .undecided }
        if node.info.bindsActionsLate { node.view.assign(from: pointer) }
        // Equal modifiers, but a late-bound one's handler must find the newest closures (none to take
        // when both lists are empty).
        if !(modifiers.isEmpty && node.inherited.isEmpty) { node.inherited = modifiers }
        return .keep
    }

    /// How the view at `pointer` (of the type `info` describes), in attribute layers, compares with
    /// `node`, which folded its own: the same view with the same modifiers and inputs (`keep`; a
    /// ``LateBoundActions`` view then takes the newest closures in place), the same modifiers around
    /// another view or with other inputs (`sameModifiers`), or something else (`undecided`).
    private func compareFolded(
        _ node: GraphNode, _ pointer: UnsafeRawPointer, _ info: ViewTypeInfo, _ environment: EnvironmentValues,
        _ modifiers: [any AttributeModifier]
    ) -> InPlaceComparison {
        // The node's list is then its own modifiers alone, and can be kept as it is.
        guard modifiers.isEmpty, node.inherited.count == Int(node.ownModifierCount), let match = info.keepsFoldedNode
        else { return .undecided }
        switch match(pointer, node, 0) {
        case .same(let content):
            // Something else changed (the environment, a pending change): the long way, without unwrapping.
            if isUnchangedFoldedNode(node, environment, modifiers) { return .keep }
            return .sameModifiers(content: content, viewChanged: false)
        case .sameModifiers(let content, let changed):
            return .sameModifiers(content: content, viewChanged: changed)
        case .different:
            return .undecided
        }
    }

    /// Whether `node`, whose view came folded out of attribute-modifier layers, needs nothing from its
    /// parent's new `view` (those layers around it): ``compareFolded`` through the value's storage.
    private func keepsFoldedChild(
        _ node: GraphNode, _ view: any View, _ environment: EnvironmentValues, _ modifiers: [any AttributeModifier]
    ) -> Bool {
        guard node.ownModifierCount > 0 else { return false }
        let info = ViewTypeInfo.of(view)
        return view.withValuePointer {
            if case .keep = compareFolded(node, $0, info, environment, modifiers) { return true }
            return false
        }
    }

    /// Splits the attribute-modifier layers of the view at `pointer` (described by `info`), outermost
    /// first, appending their modifiers to `modifiers` and counting them; returns where the innermost
    /// view is and its type information. Nothing but the modifiers is copied.
    func unwrapLayers(
        at pointer: UnsafeRawPointer, _ info: ViewTypeInfo, into modifiers: inout [any AttributeModifier],
        count: inout UInt8
    ) -> (pointer: UnsafeRawPointer, info: ViewTypeInfo) {
        var (pointer, info) = (pointer, info)
        while let unwrap = info.unwrapAt {
            let layer = unwrap(pointer)
            pointer = layer.content
            modifiers.append(layer.modifier)
            count += 1
            info = layer.info
        }
        return (pointer, info)
    }

    /// Whether a folded node whose layers compare the same needs nothing else: no modifiers from above,
    /// the same environment, nothing pending.
    private func isUnchangedFoldedNode(
        _ node: GraphNode, _ environment: EnvironmentValues, _ modifiers: [any AttributeModifier]
    ) -> Bool {
        modifiers.isEmpty && node.inherited.count == Int(node.ownModifierCount) && !node.isDirty
            && node.environment == environment
            // As in `update`: a primitive with children is expanded again rather than compared.
            && (node.kind == .composite || (node.children.isEmpty && !node.hasSleepingRows) || node.info.isEquatableView)
    }

    /// The first `count` nodes of `children`, in a list with room for `capacity`.
    private static func prefix(of children: NodeChildren, count: Int, capacity: Int) -> NodeChildren {
        var list = NodeChildren(capacity: capacity)
        for index in 0..<count { list.append(children[index]) }
        return list
    }

    /// A child's new view as `update` gets it.
    private enum NewView {
        /// None: the node keeps its own view (only inputs from above are being passed down).
        case none
        /// A value of its own.
        case value(any View)
        /// The view at a pointer into its parent's value (read in place), of the node's type: the node
        /// takes it by assignment into its own value, which keeps its storage.
        case at(UnsafeRawPointer)
        /// The same for a value the node may take by moving it out (a body evaluated for this pass).
        case moving(UnsafeRawPointer)

        /// Makes the view `node`'s view (of the node's type); returns whether it was moved out of its place.
        @discardableResult
        func store(in node: GraphNode) -> Bool {
            switch self {
            case .none: return false
            case .value(let view): node.view = view
            case .at(let pointer): node.view.assign(from: pointer)
            case .moving(let pointer):
                node.view.assign(movingFrom: UnsafeMutableRawPointer(mutating: pointer))
                return true
            }
            return false
        }
    }

    /// Gives an existing node its new view value and inputs; evaluates it only if something it depends on changed.
    /// `viewChanged`: the caller already found the new view to differ from the node's.
    /// Returns whether the node moved the new view out of its place (``NewView/moving(_:)``).
    @discardableResult
    private func update(
        _ node: GraphNode, _ new: NewView, _ environment: EnvironmentValues, _ modifiers: [any AttributeModifier],
        viewChanged knownChanged: Bool = false
    ) -> Bool {
        // Sleeping rows wake as they were, before the node takes its new value (which they may not keep).
        wakeRows(of: node)
        if node.keepsSleepRecord { sleepingRows?.forgetRecord(of: node) }
        let viewChanged: Bool
        if knownChanged {
            viewChanged = true
        } else if case .none = new {
            viewChanged = false
        } else if node.kind == .primitive && !node.children.isEmpty && !node.info.isEquatableView {
            // A primitive with children is cheaper to expand again than to compare: its value holds the
            // whole subtree, which its children compare again, piece by piece, anyway.
            viewChanged = true
        } else {
            // `reconcile` matched the node by type, so both values are of the node's type.
            switch new {
            case .at(let pointer), .moving(let pointer):
                if let same = node.viewEquals(at: pointer) {
                    viewChanged = !same
                } else {
                    viewChanged = !node.info.equal(node.view, node.info.read(pointer))
                }
            case .value(let view):
                // Compared where the value is (its box), as a child read in place is: nothing is copied.
                if let equalAt = node.info.equalAt {
                    viewChanged = !view.withValuePointer { pointer in node.withView { equalAt(pointer, $0) } }
                } else {
                    viewChanged = !node.info.equal(node.view, view)
                }
            case .none:
                viewChanged = false
            }
        }
        let environmentChanged = node.environment != environment
        let modifiersChanged = !ViewComparison.modifiersEqual(node.inherited, modifiers)
        let takesModifiers = modifiersChanged || ViewComparison.mustTakeEqualModifiers(modifiers, over: node.inherited)
        guard viewChanged || environmentChanged || modifiersChanged || node.isDirty else {
            // The same view and modifiers, but handlers must find the newest closures.
            let moved = node.info.bindsActionsLate && new.store(in: node)
            if takesModifiers { node.inherited = modifiers }
            return moved
        }
        let moved = new.store(in: node)
        node.environment = environment
        if takesModifiers { node.inherited = modifiers }
        // Only a body's evaluation reports why it ran (`_printChanges()`); a primitive needs no record.
        if viewChanged, node.kind == .composite, !node.changes.contains("@self") { node.changes.prepend("@self") }
        if node.kind == .primitive || viewChanged || node.isDirty || (environmentChanged && readChangedEnvironment(node, environment)) {
            expand(node)
            return moved
        }
        // Only the environment or the modifiers changed: pass them on without evaluating the body.
        node.clearChanges()
        for child in node.children {
            update(child, .none, environment, child.ownModifierCount == 0 ? modifiers : modifiers + child.ownModifiers)
        }
        return moved
    }

    /// Whether `node`'s body read a value that `environment` holds differently (an environment-reading
    /// node never evaluated, or whose reads were not noted, counts as changed).
    private func readChangedEnvironment(_ node: GraphNode, _ environment: EnvironmentValues) -> Bool {
        guard node.readsEnvironment else { return false }
        guard let reads = environmentDependencies[node] else { return true }
        return reads.changed(in: environment)
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

/// A sendable handle on a node, for callbacks that may arrive on any thread (observation, publishers).
///
/// It holds no reference that keeps the node alive: the node clears it when its identity ends or it is
/// released, so a late callback finds nothing.
struct WeakNode: @unchecked Sendable {
    // Safe to send: `handle.node` is only read on the node's graph queue (`invalidateFromAnyThread` hops
    // there first), and `handle` itself is only written there.
    let handle: NodeHandle

    init(_ node: GraphNode) { handle = node.handle }

    var node: GraphNode? { handle.node }

    func invalidateFromAnyThread(_ reason: String) {
        if ThreadContext.isRunning(graph: handle.graphSerial) {
            handle.node?.invalidate(reason)
        } else {
            let reference = self
            handle.scheduler.enqueue { reference.node?.invalidate(reason) }
        }
    }
}

/// The node behind a ``WeakNode``; cleared when the node's identity ends.
final class NodeHandle {
    /// Only read and written on the graph's queue. Exclusivity unchecked here as in ``GraphNode`` (measured with it).
    @exclusivity(unchecked) unowned var node: GraphNode?
    /// What callbacks need of the node's graph, shared by all its handles (two words fewer per handle).
    private let link: GraphLink
    /// The node's storage slots (``GraphNode/slots``): only read and written on the graph's queue.
    @exclusivity(unchecked) var slots = ReferenceList<AnyObject>()
    /// How many times the node's body was evaluated (``GraphNode/evaluations``), on the graph's queue.
    @exclusivity(unchecked) var evaluations: Int32 = 0
    /// The names of the node's dynamic properties by storage slot, set when they are first linked.
    @exclusivity(unchecked) var propertyNames: [String] = []

    init(_ node: GraphNode) {
        self.node = node
        self.link = node.graph.link
    }

    /// The node's graph's ``ViewGraph/serial``: whether the current thread runs that graph.
    var graphSerial: UInt64 { link.serial }
    /// Where work for the node goes from other threads.
    var scheduler: any GraphScheduler { link.scheduler }

    /// The name of the property that storage slot `slot` belongs to (`_count`), as linking returns it.
    func propertyName(slot: Int) -> String { slot < propertyNames.count ? propertyNames[slot] : "_\(slot)" }

    /// Ends the storage of the handle's identity: subscriptions are cancelled, objects released, and
    /// `@State` written later keeps its value without evaluating anything.
    func endStorage() {
        for slot in slots { (slot as? any ReleasableStorage)?.release() }
        slots.removeAll()
    }
}

/// A graph's serial number and scheduler, for handles that may outlive the graph.
final class GraphLink: Sendable {
    let serial: UInt64
    let scheduler: any GraphScheduler

    init(serial: UInt64, scheduler: any GraphScheduler) {
        self.serial = serial
        self.scheduler = scheduler
    }
}

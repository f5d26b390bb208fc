extension ViewGraph {
    /// Evaluates what is dirty, runs lifecycle callbacks until quiet, and returns the patches; the update is
    /// stamped with `origin` (the ``ClientEvent/origin`` of the event being handled, if any). Then rows the
    /// client has sleep, unless `puttingRowsToSleep` is false (the caller renders them next, and puts them
    /// to sleep after).
    package func flush(origin: String? = nil, puttingRowsToSleep: Bool = true) -> Update {
        mountIfNeeded()
        return ThreadContext.run(on: self) {
            inTransaction = true
            defer { inTransaction = false }
            settlePasses()
            releaseSpareSideTables()
            let patches = diffAffected()
            if !patches.isEmpty { version += 1 }
            var update = Update(version: version, patches: patches)
            update.origin = origin
            if let pending = pendingAnimation {
                pendingAnimation = nil
                if !patches.isEmpty { update.animate(pending.animation, scope: pending.scope) }
            }
            if !patches.isEmpty {
                statistics.flushes += 1
                statistics.patches += patches.count
                statistics.patchBytes += update.patchBytes
            }
            if !patches.isEmpty { onUpdate(update) }
            if puttingRowsToSleep { putRowsToSleep(keepingWoken: true) }
            return update
        }
    }

    /// The flush a task's state write asked for.
    package func flushFromTask() {
        flushRequested = false
        guard !isClosed else { return }
        _ = flush()
    }

    /// Evaluates dirty nodes top-down, then runs after-pass work, until nothing is left (bounded).
    func settlePasses() {
        var rounds = 0
        while !dirty.isEmpty || !afterPass.isEmpty {
            while !dirty.isEmpty {
                rounds += 1
                // A body or callback that keeps changing what it depends on would loop forever.
                if rounds > 100 {
                    let culprits = Set(dirty.map { typeName($0) }).sorted().joined(separator: ", ")
                    changeLog.write("LiveUI warning: state keeps changing during updates (\(culprits)); stopped after 100 passes")
                    dirty.forEach { $0.isDirty = false }
                    dirty.removeAll()
                    afterPass.removeAll()
                    return
                }
                let batch = dirty
                dirty.removeAll()
                // Dirty nodes are those whose state may have changed: noted once per pass, not per write.
                if let persistence { persistence.touch(batch) }
                // Parents first; a single node (the common case) needs no sorted copy.
                if batch.count == 1 {
                    expandIfDirty(batch[0])
                } else {
                    for node in Self.parentsFirst(batch) { expandIfDirty(node) }
                }
            }
            let actions = afterPass
            afterPass.removeAll()
            for action in actions { action() }
        }
    }

    /// Gives back the storage of the transient side tables that a large update filled.
    private func releaseSpareSideTables() {
        changes.releaseSpareCapacity()
        behaviors.releaseSpareCapacity()
    }

    private func expandIfDirty(_ node: GraphNode) {
        if node.isDirty && node.isMounted { expand(node) }
    }

    /// Ends the graph: every identity ends (onDisappear runs, tasks are cancelled, storage is released).
    package func close() {
        guard !isClosed else { return }
        ThreadContext.run(on: self) {
            inTransaction = true
            // The identities end with the process's copy of the session, not in its saved state.
            persistence?.isClosing = true
            if let root { unmount(root) }
            let actions = afterPass
            afterPass.removeAll()
            for action in actions { action() }
            afterPass.removeAll()
            dirty.removeAll()
            affected.removeAll()
            pendingSpecs.removeAll()
            failures.removeAll()
            changes.removeAll()
            behaviors.removeAll()
            lazyWindows.removeAll()
            environmentDependencies.removeAll()
            sleepingRows = nil
            isClosed = true
            inTransaction = false
        }
    }
}

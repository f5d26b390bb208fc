extension LiveSession {
    /// Creates a session that saves its state by identity, restoring `persistence.restoring`: an identity
    /// that appears takes its saved values instead of its initial ones (a value that no longer decodes as
    /// its property's type starts fresh), and a `@StateObject` saved by `Codable` is decoded instead of
    /// made by its autoclosure. ``takeStateChanges()`` then reports what to write.
    ///
    /// Without `persistence` (the other initializers) nothing is tracked and nothing costs anything.
    public convenience init<Root: View>(
        request: Request = Request(), changeLog: ChangeLog = .standardOutput,
        sleepingRowMinimum: Int = LiveSession.defaultSleepingRowMinimum, persistence: StatePersistence,
        @ViewBuilder _ root: () -> Root
    ) {
        self.init(
            changeLog: changeLog, sleepingRowMinimum: sleepingRowMinimum, persistence: persistence,
            environment: { $0.request = request }, root)
    }

    /// The changes to the saved state since the last call (the first call: everything saved since the
    /// session started, minus what it restored unchanged): keys whose value is new or changed, and keys
    /// whose identity ended. Runs as one of the session's jobs, after every job queued before it, so that
    /// a store writing what it returns has every event answered before the call. Empty when the session
    /// does not save state.
    public nonisolated(nonsending) func takeStateChanges() async -> StateChanges {
        await perform(Self.takeChanges)
    }

    /// Calls `completion` with ``takeStateChanges()``'s result, from the session's queue.
    public func takeStateChanges(completion: @escaping @Sendable (StateChanges) -> Void) {
        run(Self.takeChanges, completion: completion)
    }

    /// ``takeStateChanges()`` taken right here, for a caller already inside one of the session's jobs: the
    /// completion of ``send(_:completion:)``, of ``sendOnCallerIfIdle(_:ifLastTookAtMostNanoseconds:completion:)``
    /// or of ``html(completion:)``, which run inside the job that applied the event or rendered the page. The
    /// changes are then exactly those of the jobs up to that one, and a store can write them before the
    /// event is answered. Called anywhere else it would race with the session's jobs.
    package func takeStateChangesInsideJob() -> StateChanges { Self.takeChanges(graph.value) }

    /// ``takeStateChangesInsideJob()``, handed to `body` as the graph keeps them (valid only during the call):
    /// a store's commit is encoded straight from them. `body` gets nil when the session does not save state.
    package func takeStateChangesInsideJob<R>(_ body: (PendingStateChanges?) -> R) -> R {
        let graph = graph.value
        guard let persistence = graph.persistence else { return body(nil) }
        Self.collect(graph, persistence)
        return persistence.take(body)
    }

    /// The whole saved state as it is now (what a store holds once it wrote every change taken); empty when
    /// the session does not save state. Does not take the changes.
    public nonisolated(nonsending) func savedState() async -> SavedState {
        await perform { graph in
            guard let persistence = graph.persistence else { return SavedState() }
            Self.collect(graph, persistence)
            return SavedState(values: persistence.savedValues)
        }
    }

    /// The types of the state that is not saved (not `Codable`) met so far, by name, in the order first met:
    /// such state starts fresh when the session resumes.
    public nonisolated(nonsending) func unsavedStateTypes() async -> [String] {
        await perform { graph in
            guard let persistence = graph.persistence else { return [] }
            Self.collect(graph, persistence)
            return persistence.unsavedTypes
        }
    }

    private static func takeChanges(_ graph: ViewGraph) -> StateChanges {
        guard let persistence = graph.persistence else { return StateChanges() }
        collect(graph, persistence)
        return persistence.take()
    }

    private static func collect(_ graph: ViewGraph, _ persistence: GraphPersistence) {
        // Writes not flushed yet (a task's) are saved as they are.
        persistence.touch(graph.dirty)
        persistence.collect(rootMounted: graph.root != nil)
    }
}

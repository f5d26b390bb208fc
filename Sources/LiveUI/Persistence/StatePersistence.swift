/// What a session that saves its state starts from: the graph's saved state, and the containers of its
/// `@SceneStorage` and `@AppStorage` values.
///
/// ```swift
/// let session = LiveSession(persistence: StatePersistence(restoring: saved, sceneStorage: scene)) { Page() }
/// _ = await session.html()                       // identities that appear get their saved values
/// let changes = await session.takeStateChanges() // what to write: only what changed
/// ```
public struct StatePersistence: Sendable {
    /// The saved state to restore (empty: a fresh graph that saves from now on).
    public var restoring: SavedState
    /// The scene's (browser session's) `@SceneStorage` values, shared by all the session's graphs.
    public var sceneStorage: StoredValues
    /// The browser's `@AppStorage` values, shared by all the browser's sessions.
    public var appStorage: StoredValues

    /// Persistence restoring `restoring`, with the given containers (fresh, empty ones unless given).
    public init(
        restoring: SavedState = SavedState(), sceneStorage: StoredValues = StoredValues(),
        appStorage: StoredValues = StoredValues()
    ) {
        self.restoring = restoring
        self.sceneStorage = sceneStorage
        self.appStorage = appStorage
    }
}

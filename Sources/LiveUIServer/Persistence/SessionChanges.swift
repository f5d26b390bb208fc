/// One session's changes since its last save, as the server hands them to the store. Committing it
/// (even with nothing changed) also extends the session's expiry to the store's session TTL from now.
package struct SessionChanges: Sendable, Equatable {
    /// The session's id.
    package var session: String
    /// Its token, saved with it so that a resumed session accepts the same token.
    package var token: String
    /// The browser whose app storage it uses (the long-lived cookie), if known.
    package var browser: String?
    /// Per route (a concrete path, `/items/7`), the graph's saved state that changed.
    package var routes: [String: KeyChanges]
    /// Routes whose saved state is dropped whole before `routes` is applied (their graph ended).
    package var droppedRoutes: Set<String>
    /// The session's scene storage (`@SceneStorage`).
    package var scene: KeyChanges
    /// Per tab, its highest `seq` answered, so that a retry after a resume is recognised.
    package var tabSeqs: [String: Int]
    /// Other small facts the server keeps with the session.
    package var metadata: KeyChanges
    /// The changes as ``RedisStateStore`` encodes them, made where they were taken, in place of `routes`,
    /// `droppedRoutes`, `scene`, `tabSeqs` and `metadata` (then empty): only that store commits such changes,
    /// the others never receive them.
    package var encoded: RedisEncodedChanges?

    /// Changes of session `session` (token `token`); empty unless given.
    package init(
        session: String, token: String, browser: String? = nil, routes: [String: KeyChanges] = [:],
        droppedRoutes: Set<String> = [], scene: KeyChanges = KeyChanges(), tabSeqs: [String: Int] = [:],
        metadata: KeyChanges = KeyChanges()
    ) {
        self.session = session
        self.token = token
        self.browser = browser
        self.routes = routes
        self.droppedRoutes = droppedRoutes
        self.scene = scene
        self.tabSeqs = tabSeqs
        self.metadata = metadata
    }

    /// Every key change of these changes in the order a store applies them: drops, then per scope
    /// removals and writes (a key written and removed in one change ends removed).
    var scopedChanges: (drops: [String], written: [(scope: String, key: String, bytes: [UInt8])],
                        removed: [(scope: String, key: String)]) {
        var written: [(String, String, [UInt8])] = []
        var removed: [(String, String)] = []
        func add(_ scope: String, _ changes: KeyChanges) {
            for (key, bytes) in changes.written where !changes.removed.contains(key) { written.append((scope, key, bytes)) }
            for key in changes.removed { removed.append((scope, key)) }
        }
        for (route, changes) in routes { add(StateScope.route(route), changes) }
        add(StateScope.scene, scene)
        add(StateScope.metadata, metadata)
        for (tab, seq) in tabSeqs { written.append((StateScope.tabSeq, tab, Array(String(seq).utf8))) }
        return (droppedRoutes.map(StateScope.route), written, removed)
    }
}

/// One browser's app storage changes (`@AppStorage`); committing them extends its expiry to the store's
/// app-storage TTL from now.
package struct AppStorageChanges: Sendable, Equatable {
    /// The browser's id (its long-lived cookie, or the app's user key).
    package var browser: String
    /// The keys that changed.
    package var changes: KeyChanges

    /// Changes of `browser`'s app storage.
    package init(browser: String, changes: KeyChanges) {
        self.browser = browser
        self.changes = changes
    }
}

/// Changes of many sessions and browsers written together in one transaction (a group commit).
package struct StateBatch: Sendable, Equatable {
    /// The instance writing: when set, only sessions whose lease it holds are written. Nil writes without
    /// looking at leases (one process alone on its store).
    package var holder: String?
    /// Session changes, applied in this order (several for one session are applied one after another).
    package var sessions: [SessionChanges]
    /// App storage changes, applied in this order.
    package var appStorage: [AppStorageChanges]

    /// A batch of `sessions` and `appStorage` written for `holder`.
    package init(holder: String? = nil, sessions: [SessionChanges] = [], appStorage: [AppStorageChanges] = []) {
        self.holder = holder
        self.sessions = sessions
        self.appStorage = appStorage
    }
}

import Combine

/// A ``StateStore`` in an SQLite database file (`sqlite:PATH`): the embedded store of one machine.
///
/// WAL journal with `synchronous=NORMAL`: a commit has reached the operating system's file (the WAL)
/// before it returns, so it survives `kill -9` of the process; only a crash of the machine itself can
/// lose the last commits (`synchronous=FULL`, an `fsync` per commit, would cover that; see
/// docs/state-stores.md). Readers never wait for the writer. Expiry is an `expires_at` column (wall
/// clock): expired rows are never loaded and ``sweepExpired()`` deletes them. A commit extends a session's
/// expiry only once it lags a thousandth of the TTL behind (the session may expire that much early), so that
/// most commits write nothing but the changed values. Several processes on one
/// machine may share the file (leases then keep each session in one of them).
package final class SQLiteStateStore: StateStore {
    /// The schema, created on first open. Values and app storage go with their session or browser
    /// (`ON DELETE CASCADE`).
    static let schema = """
        CREATE TABLE IF NOT EXISTS sessions(
            id TEXT PRIMARY KEY, token TEXT NOT NULL, browser TEXT, expires_at REAL NOT NULL) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions(expires_at);
        CREATE TABLE IF NOT EXISTS session_values(
            session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            scope TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
            PRIMARY KEY(session, scope, key)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS browsers(id TEXT PRIMARY KEY, expires_at REAL NOT NULL) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS browsers_expiry ON browsers(expires_at);
        CREATE TABLE IF NOT EXISTS app_values(
            browser TEXT NOT NULL REFERENCES browsers(id) ON DELETE CASCADE,
            key TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY(browser, key)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS leases(
            session TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at REAL NOT NULL) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS leases_holder ON leases(holder);
        """

    /// How commits reach the disk.
    package enum Synchronous: String, Sendable {
        /// Written to the operating system before a commit returns: survives a crash of the process.
        case normal = "NORMAL"
        /// Also `fsync`ed before a commit returns: survives a crash of the machine.
        case full = "FULL"
    }

    private let path: String
    private let clock: StoreClock
    private let sessionTTL: Double
    private let appStorageTTL: Double
    private let busyTimeout: Double
    private let synchronous: Synchronous
    private let maxPageCount: Int?
    /// How far a session's saved expiry may lag behind "TTL from its last commit" before a commit rewrites
    /// it: a thousandth of the TTL (3.6 s of an hour), so that a session expires at most that much early.
    private var expirySlack: Double { sessionTTL / 1000 }
    /// Per session, a time before which its row cannot expire: the expiry a commit of this store wrote or
    /// left in place (at least the TTL less the slack from then). Commits only ever move a row's expiry
    /// later (`max`, even from a process with a shorter TTL), so while that time is ahead the commit skips
    /// the statement that clears an expired row.
    /// Entries go with ``delete(session:)`` and once passed, in ``sweepExpired()``.
    private let liveUntil = Locked<[String: Double]>([:])
    /// The connection, opened on first use and again after a failure that broke it.
    private let connection = Locked<SQLiteConnection?>(nil)

    /// A store in the file at `path`, opened on first use (a path that cannot be opened yet fails each
    /// operation with ``StateStoreError/unavailable(_:)`` until it can).
    /// - Parameters:
    ///   - busyTimeout: seconds an operation waits for another process's lock on the file.
    ///   - maxPageCount: a cap on the file's size in pages (4 KiB): a commit that would grow it past the
    ///     cap fails as full and changes nothing (nil: no cap but the disk's).
    package init(
        path: String, clock: StoreClock = .system, sessionTTL: Double, appStorageTTL: Double,
        busyTimeout: Double = 2, synchronous: Synchronous = .normal, maxPageCount: Int? = nil
    ) {
        self.maxPageCount = maxPageCount
        self.path = path
        self.clock = clock
        self.sessionTTL = sessionTTL
        self.appStorageTTL = appStorageTTL
        self.busyTimeout = busyTimeout
        self.synchronous = synchronous
    }

    /// Runs `body` on the open connection, opening it first if needed; a failure that leaves the
    /// connection unusable closes it, so that the next call opens it again.
    private func withConnection<T>(_ body: (SQLiteConnection) throws(StateStoreError) -> T) throws(StateStoreError) -> T {
        let result: Result<T, StateStoreError> = connection.withLock { slot in
            do throws(StateStoreError) {
                let db: SQLiteConnection
                if let current = slot { db = current } else { db = try open() }
                slot = db
                do throws(StateStoreError) {
                    return .success(try body(db))
                } catch {
                    if SQLiteConnection.isFatal(db.lastErrorCode) { slot = nil }
                    return .failure(error)
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func open() throws(StateStoreError) -> SQLiteConnection {
        let db = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=\(synchronous.rawValue); PRAGMA foreign_keys=ON;")
        try db.execute(Self.schema)
        if let maxPageCount { try db.execute("PRAGMA max_page_count=\(maxPageCount);") }
        return db
    }

    package func load(session: String) throws(StateStoreError) -> StoredSession? {
        let now = clock.now()
        return try withConnection { db throws(StateStoreError) in
            try db.transaction(readOnly: true) { () throws(StateStoreError) -> StoredSession? in
                var stored: StoredSession?
                try db.run(
                    "SELECT token, browser FROM sessions WHERE id = ? AND expires_at > ?", [.text(session), .real(now)]
                ) { row in
                    stored = StoredSession(session: session, token: row.text(0), browser: row.optionalText(1))
                }
                guard var found = stored else { return nil }
                try db.run("SELECT scope, key, value FROM session_values WHERE session = ?", [.text(session)]) { row in
                    StateScope.restore(scope: row.text(0), key: row.text(1), bytes: row.blob(2), into: &found)
                }
                return found
            }
        }
    }

    package func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]] {
        let now = clock.now()
        return try withConnection { db throws(StateStoreError) in
            var values: [String: [UInt8]] = [:]
            try db.run(
                """
                SELECT key, value FROM app_values JOIN browsers ON browsers.id = app_values.browser
                WHERE browser = ? AND browsers.expires_at > ?
                """, [.text(browser), .real(now)]
            ) { row in values[row.text(0)] = row.blob(1) }
            return values
        }
    }

    package func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        let now = clock.now()
        let refused = try withConnection { db throws(StateStoreError) in
            try db.transaction { () throws(StateStoreError) -> Set<String> in
                var refused: Set<String> = []
                for changes in batch.sessions {
                    precondition(changes.encoded == nil, "changes encoded for Redis were committed to another store")
                    let id = SQLiteValue.text(changes.session)
                    if let holder = batch.holder, try !Self.holds(db, changes.session, holder, now) {
                        refused.insert(changes.session)
                        continue
                    }
                    // An expired session that was not swept yet starts empty, as if it had been.
                    let live = liveUntil.withLock { $0[changes.session] }.map { $0 > now } ?? false
                    if !live {
                        try db.run("DELETE FROM sessions WHERE id = ? AND expires_at <= ?", [id, .real(now)])
                    }
                    // The row is rewritten only when its token or browser changes or its expiry lags behind by
                    // more than `expirySlack`: a stream of clicks then leaves the row and the expiry index
                    // alone, and a commit writes only the pages of the values that changed.
                    try db.run(
                        """
                        INSERT INTO sessions(id, token, browser, expires_at) VALUES(?1, ?2, ?3, ?4)
                        ON CONFLICT(id) DO UPDATE SET token = excluded.token,
                            browser = coalesce(excluded.browser, browser), expires_at = max(expires_at, excluded.expires_at)
                        WHERE token IS NOT excluded.token OR browser IS NOT coalesce(excluded.browser, browser)
                            OR expires_at < excluded.expires_at - ?5
                        """,
                        [id, .text(changes.token), changes.browser.map(SQLiteValue.text) ?? .null, .real(now + sessionTTL),
                         .real(expirySlack)])
                    let (drops, written, removed) = changes.scopedChanges
                    for scope in drops {
                        try db.run("DELETE FROM session_values WHERE session = ? AND scope = ?", [id, .text(scope)])
                    }
                    for (scope, key) in removed {
                        try db.run(
                            "DELETE FROM session_values WHERE session = ? AND scope = ? AND key = ?",
                            [id, .text(scope), .text(key)])
                    }
                    for (scope, key, bytes) in written {
                        try db.run(
                            """
                            INSERT INTO session_values(session, scope, key, value) VALUES(?, ?, ?, ?)
                            ON CONFLICT(session, scope, key) DO UPDATE SET value = excluded.value
                            """, [id, .text(scope), .text(key), .blob(bytes)])
                    }
                }
                for app in batch.appStorage {
                    let browser = SQLiteValue.text(app.browser)
                    try db.run("DELETE FROM browsers WHERE id = ? AND expires_at <= ?", [browser, .real(now)])
                    try db.run(
                        """
                        INSERT INTO browsers(id, expires_at) VALUES(?, ?)
                        ON CONFLICT(id) DO UPDATE SET expires_at = excluded.expires_at
                        """, [browser, .real(now + appStorageTTL)])
                    for key in app.changes.removed {
                        try db.run("DELETE FROM app_values WHERE browser = ? AND key = ?", [browser, .text(key)])
                    }
                    for (key, bytes) in app.changes.written where !app.changes.removed.contains(key) {
                        try db.run(
                            """
                            INSERT INTO app_values(browser, key, value) VALUES(?, ?, ?)
                            ON CONFLICT(browser, key) DO UPDATE SET value = excluded.value
                            """, [browser, .text(key), .blob(bytes)])
                    }
                }
                return refused
            }
        }
        // Committed: each session written has a row whose expiry is at least the TTL less the slack from now.
        let until = now + sessionTTL - expirySlack
        liveUntil.withLock { live in
            for changes in batch.sessions where !refused.contains(changes.session) { live[changes.session] = until }
        }
        return refused
    }

    package func delete(session: String) throws(StateStoreError) {
        liveUntil.withLock { $0[session] = nil }
        try withConnection { db throws(StateStoreError) in
            try db.transaction { () throws(StateStoreError) in
                try db.run("DELETE FROM sessions WHERE id = ?", [.text(session)])
                try db.run("DELETE FROM leases WHERE session = ?", [.text(session)])
            }
        }
    }

    package func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult {
        let now = clock.now()
        return try withConnection { db throws(StateStoreError) in
            try db.transaction { () throws(StateStoreError) -> LeaseResult in
                var current: (holder: String, expiresAt: Double)?
                try db.run("SELECT holder, expires_at FROM leases WHERE session = ?", [.text(session)]) { row in
                    current = (row.text(0), row.real(1))
                }
                if let current, current.expiresAt > now, current.holder != holder {
                    return .heldElsewhere(holder: current.holder, expiresIn: current.expiresAt - now)
                }
                try db.run(
                    "INSERT OR REPLACE INTO leases(session, holder, expires_at) VALUES(?, ?, ?)",
                    [.text(session), .text(holder), .real(now + ttl)])
                return .granted
            }
        }
    }

    package func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool {
        let now = clock.now()
        return try withConnection { db throws(StateStoreError) in
            try db.run(
                "UPDATE leases SET expires_at = ? WHERE session = ? AND holder = ? AND expires_at > ?",
                [.real(now + ttl), .text(session), .text(holder), .real(now)]) == 1
        }
    }

    package func releaseLease(session: String, holder: String) throws(StateStoreError) {
        try withConnection { db throws(StateStoreError) in
            _ = try db.run("DELETE FROM leases WHERE session = ? AND holder = ?", [.text(session), .text(holder)])
        }
    }

    package func releaseAllLeases(holder: String) throws(StateStoreError) -> Int {
        try withConnection { db throws(StateStoreError) in
            try db.run("DELETE FROM leases WHERE holder = ?", [.text(holder)])
        }
    }

    package func sweepExpired() throws(StateStoreError) -> Int {
        let now = clock.now()
        liveUntil.withLock { $0 = $0.filter { $0.value > now } }
        return try withConnection { db throws(StateStoreError) in
            try db.transaction { () throws(StateStoreError) -> Int in
                let sessions = try db.run("DELETE FROM sessions WHERE expires_at <= ?", [.real(now)])
                try db.run("DELETE FROM browsers WHERE expires_at <= ?", [.real(now)])
                try db.run("DELETE FROM leases WHERE expires_at <= ?", [.real(now)])
                return sessions
            }
        }
    }

    private static func holds(_ db: SQLiteConnection, _ session: String, _ holder: String, _ now: Double)
        throws(StateStoreError) -> Bool
    {
        var held = false
        try db.run(
            "SELECT 1 FROM leases WHERE session = ? AND holder = ? AND expires_at > ?",
            [.text(session), .text(holder), .real(now)]
        ) { _ in held = true }
        return held
    }
}

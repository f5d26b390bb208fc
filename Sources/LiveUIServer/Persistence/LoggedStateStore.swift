import Dispatch
import Foundation
import Synchronization

/// A ``StateStore`` in front of a database store (``SQLiteStateStore``) that one process owns: a commit is
/// appended to a ``CommitLog`` (one record copied into its mapped file) and acknowledged; a thread of its own writes
/// what the log holds into the database in one transaction every ``checkpointInterval`` (a checkpoint),
/// each session's changes since the last one coalesced into one, so that a stream of clicks costs the
/// database one row per session and checkpoint rather than a transaction per click.
///
/// Durability is the database's with `synchronous=NORMAL`: a record is in the operating system's page
/// cache before the commit returns, so it survives `kill -9` of the process (not a crash of the machine).
/// The first use of the store replays whatever the log holds into the database (what a process that died
/// had acknowledged) before anything else. Every other operation (a load, a delete, a lease, a sweep)
/// first checkpoints everything committed before it, so it sees the database as if every commit had been
/// written there.
///
/// One process per database file: the log is this process's, kept beside the file, which is why the server
/// uses this store only under the file's lock (``FileLock``). A commit with a lease holder is written
/// straight to the database (after a checkpoint), as is a record too large for the log.
///
/// When the database cannot be written, checkpoints fail and the log fills; once neither of its files has
/// room, commits fail as unavailable (nothing written) until a checkpoint succeeds. A log that cannot be
/// opened fails commits as unavailable, nothing of them kept.
package final class LoggedStateStore: StateStore {
    /// Coalesced changes, per session and per browser, waiting for a checkpoint.
    private struct Pending {
        var sessions: [String: SessionChanges] = [:]
        var appStorage: [String: AppStorageChanges] = [:]

        var isEmpty: Bool { sessions.isEmpty && appStorage.isEmpty }

        mutating func add(_ batch: StateBatch) {
            for changes in batch.sessions { add(changes) }
            for app in batch.appStorage { add(app) }
        }

        /// Merged in place into what the session has pending, or moved in as it is.
        mutating func add(_ changes: consuming SessionChanges) {
            if let known = sessions.index(forKey: changes.session) {
                sessions.values[known].merge(changes)
            } else {
                sessions[changes.session] = changes
            }
        }

        mutating func add(_ app: consuming AppStorageChanges) {
            if let known = appStorage.index(forKey: app.browser) {
                appStorage.values[known].changes.merge(app.changes)
            } else {
                appStorage[app.browser] = app
            }
        }

        var batch: StateBatch { StateBatch(sessions: Array(sessions.values), appStorage: Array(appStorage.values)) }
    }

    /// What commits touch: the log (nil until opened and replayed) and what its active file holds.
    private struct Appending {
        var log: CommitLog?
        var pending = Pending()
        /// Why the last checkpoint failed, while it does.
        var failure: String?
    }

    /// A file whose records wait to be written to the database, and what they hold, coalesced.
    private struct Retired {
        var file: Int
        var batch: StateBatch
    }

    /// The database.
    package let inner: any StateStore
    private let path: String
    /// Seconds between checkpoints.
    package let checkpointInterval: Double
    /// Bytes of each of the log's two files: a checkpoint starts early once the active one is half full.
    private let fileBytes: Int
    /// Told when a checkpoint fails (the first failure after a success) and when they succeed again.
    private let report: @Sendable (String) -> Void
    // Lock order: `checkpointing`, then `appending`. Commits take `appending` alone, for the time of one write.
    private let checkpointing = Locked<Retired?>(nil)
    private let appending = Locked(Appending())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let closed = Locked(false)
    private let checkpoints = Atomic<Int>(0)

    /// A store that logs commits beside `path` (`path.log1`, `path.log2`, `fileBytes` each) and checkpoints
    /// them into `inner`, the database at `path`, every `checkpointInterval` seconds, or sooner once the
    /// active file is half full. Starts the checkpoint thread; opens the log on first use.
    package init(
        inner: any StateStore, path: String, checkpointInterval: Double = 1, fileBytes: Int = 16 << 20,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.inner = inner
        self.path = path
        self.checkpointInterval = checkpointInterval
        self.fileBytes = fileBytes
        self.report = report
        let (wake, finished, closed) = (wake, finished, closed)
        // The thread holds the store weakly: a store dropped without ``close()`` lets its thread end.
        let thread = Thread { [weak self] in
            while !closed.withLock({ $0 }) {
                _ = wake.wait(timeout: .now() + checkpointInterval)
                guard let store = self, !closed.withLock({ $0 }) else { break }
                try? store.checkpoint()
            }
            finished.signal()
        }
        thread.name = "liveui-checkpoint"
        thread.start()
    }

    /// Checkpoints so far (tests).
    package var checkpointCount: Int { checkpoints.load(ordering: .relaxed) }

    // MARK: Commits

    package func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        guard batch.holder == nil else { return try exclusive { () throws(StateStoreError) in try inner.commit(batch) } }
        var record = [UInt8](repeating: 0, count: CommitLog.recordHeaderSize)
        record.reserveCapacity(256)
        BatchCoding.encode(batch, into: &record)
        try append(&record, direct: batch) { $0.add(batch) }
        return []
    }

    /// ``commit(_:)`` of one session's changes and one browser's app storage, which it takes over: what the
    /// server commits for an event, without a batch made for it.
    package func commit(_ changes: consuming SessionChanges, appStorage: consuming AppStorageChanges?) throws(StateStoreError) {
        var record = [UInt8](repeating: 0, count: CommitLog.recordHeaderSize)
        record.reserveCapacity(256)
        BatchCoding.encode(changes, appStorage: appStorage, into: &record)
        var moving = Optional((changes, appStorage))
        try append(&record, direct: nil) { pending in
            guard let (changes, appStorage) = moving.take() else { return }
            pending.add(changes)
            if let appStorage { pending.add(appStorage) }
        }
        if let (changes, appStorage) = moving.take() {
            // The record went straight to the database (too large for the log).
            let batch = StateBatch(sessions: [changes], appStorage: appStorage.map { [$0] } ?? [])
            _ = try exclusive { () throws(StateStoreError) in try inner.commit(batch) }
        }
    }

    /// Appends `record` to the log and, under the same lock, lets `pending` take its changes; a record that
    /// would take most of a file is left to the caller (`pending` not called) unless `direct` is given, which
    /// is then committed straight to the database.
    private func append(
        _ record: inout [UInt8], direct: StateBatch?, pending: (inout Pending) -> Void
    ) throws(StateStoreError) {
        // A record that would take most of a file goes straight to the database.
        guard record.count <= fileBytes / 4 else {
            if let direct { _ = try exclusive { () throws(StateStoreError) in try inner.commit(direct) } }
            return
        }
        enum Outcome { case appended(early: Bool), closed, full(String?) }
        var checkpointed = false
        while true {
            let outcome = appending.withLock { a -> Outcome in
                guard let log = a.log else { return .closed }
                do throws(CommitLog.AppendError) {
                    try log.append(&record)
                } catch {
                    return .full(a.failure)
                }
                pending(&a.pending)
                return .appended(early: log.activeBytes >= log.capacity / 2)
            }
            switch outcome {
            case .appended(let early):
                if early { wake.signal() }
                return
            case .closed:
                // Not opened yet: open it (replaying what it holds), then append.
                try exclusive { () throws(StateStoreError) in }
            case .full(let failure):
                // No room in the active file: a checkpoint switches to the other one once it is free.
                guard !checkpointed else {
                    throw .unavailable("sqlite: the commit log is full: its commits wait for the database (\(failure ?? "checkpoint behind"))")
                }
                checkpointed = true
                try? checkpoint()
            }
        }
    }

    // MARK: Checkpoints

    /// Writes what the log holds into the database: first the file waiting from a checkpoint that failed,
    /// else the active file's records (the other file takes the commits meanwhile). Throws, leaving them to
    /// the next checkpoint, when the database fails.
    package func checkpoint() throws(StateStoreError) {
        let result: Result<Void, StateStoreError> = checkpointing.withLock { retired in
            do throws(StateStoreError) {
                if retired == nil {
                    let switched: Result<Retired?, StateStoreError> = appending.withLock { a in
                        guard let log = a.log, !a.pending.isEmpty else { return .success(nil) }
                        let file = log.switchFiles()
                        defer { a.pending = Pending() }
                        return .success(Retired(file: file, batch: a.pending.batch))
                    }
                    retired = try switched.get()
                }
                guard let waiting = retired else { return .success(()) }
                try write(waiting.batch)
                appending.withLock { $0.log?.clear(waiting.file) }
                retired = nil
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Commits `batch` to the database, noting a failure (reported once) or a recovery.
    private func write(_ batch: StateBatch) throws(StateStoreError) {
        do throws(StateStoreError) {
            _ = try inner.commit(batch)
            checkpoints.add(1, ordering: .relaxed)
        } catch {
            let first = appending.withLock { a -> Bool in
                defer { a.failure = "\(error)" }
                return a.failure == nil
            }
            if first { report("checkpoint into \(path) failed, commits stay in its log until it works: \(error)") }
            throw error
        }
        let recovered = appending.withLock { a -> Bool in
            defer { a.failure = nil }
            return a.failure != nil
        }
        if recovered { report("checkpoint into \(path) works again") }
    }

    /// Runs `body` once everything committed before is in the database, with commits held until it returns:
    /// opens the log first if needed (replaying what it holds), writes the file waiting from a failed
    /// checkpoint and the active file's records, and empties the log.
    private func exclusive<T>(_ body: () throws(StateStoreError) -> T) throws(StateStoreError) -> T {
        let result: Result<T, StateStoreError> = checkpointing.withLock { retired in
            appending.withLock { a in
                do throws(StateStoreError) {
                    let log: CommitLog
                    if let open = a.log {
                        log = open
                    } else {
                        log = try CommitLog(path: path, capacity: fileBytes)
                        var replayed = Pending()
                        for payload in log.read() {
                            // A whole record that does not decode was written by an unknown version: refuse to go on
                            // rather than drop acknowledged commits.
                            guard let batch = try? BatchCoding.decode(payload) else {
                                throw .unavailable("sqlite: a record of the commit log \(path).log* does not decode")
                            }
                            replayed.add(batch)
                        }
                        if !replayed.isEmpty { _ = try inner.commit(replayed.batch) }
                        log.restart()
                        a.log = log
                        retired = nil
                    }
                    if let waiting = retired {
                        _ = try inner.commit(waiting.batch)
                        log.clear(waiting.file)
                        retired = nil
                    }
                    if !a.pending.isEmpty {
                        _ = try inner.commit(a.pending.batch)
                        a.pending = Pending()
                        log.restart()
                    }
                    return .success(try body())
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Stops the checkpoint thread and writes everything logged into the database (a clean stop leaves the
    /// log empty). Commits after this still work, checkpointed only by the next operation.
    package func close() {
        guard !closed.withLock({ was in defer { was = true }; return was }) else { return }
        wake.signal()
        finished.wait()
        if appending.withLock({ $0.log != nil }) { try? exclusive { () throws(StateStoreError) in } }
    }

    // MARK: Everything else, on the database once it holds every commit

    package func load(session: String) throws(StateStoreError) -> StoredSession? {
        try exclusive { () throws(StateStoreError) in try inner.load(session: session) }
    }

    package func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]] {
        try exclusive { () throws(StateStoreError) in try inner.loadAppStorage(browser: browser) }
    }

    package func delete(session: String) throws(StateStoreError) {
        try exclusive { () throws(StateStoreError) in try inner.delete(session: session) }
    }

    package func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult {
        try exclusive { () throws(StateStoreError) in try inner.acquireLease(session: session, holder: holder, ttl: ttl) }
    }

    package func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool {
        try exclusive { () throws(StateStoreError) in try inner.renewLease(session: session, holder: holder, ttl: ttl) }
    }

    package func releaseLease(session: String, holder: String) throws(StateStoreError) {
        try exclusive { () throws(StateStoreError) in try inner.releaseLease(session: session, holder: holder) }
    }

    package func releaseAllLeases(holder: String) throws(StateStoreError) -> Int {
        try exclusive { () throws(StateStoreError) in try inner.releaseAllLeases(holder: holder) }
    }

    package func sweepExpired() throws(StateStoreError) -> Int {
        try exclusive { () throws(StateStoreError) in try inner.sweepExpired() }
    }
}

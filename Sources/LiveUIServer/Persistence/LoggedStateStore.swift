import Dispatch
import Foundation
import Synchronization

/// A ``StateStore`` in front of a database store (``SQLiteStateStore``) that one process owns: a commit is
/// appended to a ``CommitLog`` (one record copied into its mapped file) and acknowledged; a thread of its own
/// writes what the log holds into the database in one transaction every ``checkpointInterval`` (a
/// checkpoint), each session's changes since the last one coalesced into one (``LogCoalescer``), so that a
/// stream of clicks costs the database one row per session and checkpoint rather than a transaction per
/// click.
///
/// Durability is the database's with `synchronous=NORMAL`: a record is in the operating system's page
/// cache before the commit returns, so it survives `kill -9` of the process (not a crash of the machine).
/// The first use of the store replays whatever the log holds into the database (what a process that died
/// had acknowledged) before anything else. Every other operation (a load, a delete, a lease, a sweep)
/// first writes everything committed before it into the database, so it sees the database as if every
/// commit had been written there.
///
/// One process per database file: the log is this process's, kept beside the file, which is why the server
/// uses this store only under the file's lock (``FileLock``). A commit with a lease holder is written
/// straight to the database (after everything before it), as is a record too large for the log.
///
/// When the database cannot be written, checkpoints fail and the log fills; once neither of its files has
/// room, commits fail as unavailable (nothing written) until a checkpoint succeeds. A log that cannot be
/// opened fails commits as unavailable, nothing of them kept.
package final class LoggedStateStore: StateStore {
    /// What commits touch: the log, nil until opened and replayed.
    private struct Appending {
        var log: CommitLog?
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
    // Lock order: `checkpointing`, then `appending`. Commits take `appending` alone, for the time of one copy.
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
        var record = Self.recordStart()
        BatchCoding.encode(batch, into: &record)
        try commit(record: &record)
        return []
    }

    /// Room for a record's header, to append its payload to (``BatchCoding``) before ``commit(record:)``.
    package static func recordStart() -> [UInt8] {
        var record: [UInt8] = []
        startRecord(&record)
        return record
    }

    /// Empties `record` (keeping its storage) down to ``recordStart()``'s room for the header.
    package static func startRecord(_ record: inout [UInt8]) {
        record.removeAll(keepingCapacity: true)
        record.reserveCapacity(256)
        record.append(contentsOf: CommitLog.emptyRecordHeader)
    }

    /// Commits the batch `record` encodes after ``recordStart()``'s room: what the server commits for an
    /// event, encoded from its parts (``BatchCoding/encodeEvent(session:token:browser:route:changes:scene:metadata:tab:seq:appStorage:into:)``).
    package func commit(record: inout [UInt8]) throws(StateStoreError) {
        // A record that would take most of a file goes straight to the database.
        guard record.count <= fileBytes / 4 else {
            guard let batch = try? BatchCoding.decode(record[CommitLog.recordHeaderSize...]) else {
                throw .unavailable("sqlite: a commit does not encode")
            }
            _ = try exclusive { () throws(StateStoreError) in try inner.commit(batch) }
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
                    // Switched under `appending`; the retired file is read after, as no commit touches it.
                    let switched = appending.withLock { a -> (CommitLog, Int)? in
                        guard let log = a.log, log.activeBytes > CommitLog.headerSize else { return nil }
                        return (log, log.switchFiles())
                    }
                    if let (log, file) = switched {
                        var coalescer = LogCoalescer()
                        do throws(BatchCoding.Malformed) {
                            try log.records(in: file, upTo: log.retiredBytes) { record throws(BatchCoding.Malformed) in try coalescer.add(record) }
                        } catch {
                            throw .unavailable("sqlite: a record of the commit log does not decode")
                        }
                        retired = Retired(file: file, batch: coalescer.batch())
                    }
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
                        var replayed = LogCoalescer()
                        do throws(BatchCoding.Malformed) {
                            try log.read { record throws(BatchCoding.Malformed) in try replayed.add(record) }
                        } catch {
                            // A whole record that does not decode was written by an unknown version: refuse to go on
                            // rather than drop acknowledged commits.
                            throw .unavailable("sqlite: a record of the commit log \(path).log* does not decode")
                        }
                        if !replayed.isEmpty { _ = try inner.commit(replayed.batch()) }
                        log.restart()
                        a.log = log
                        retired = nil
                    }
                    if let waiting = retired {
                        _ = try inner.commit(waiting.batch)
                        log.clear(waiting.file)
                        retired = nil
                    }
                    if log.activeBytes > CommitLog.headerSize {
                        var pending = LogCoalescer()
                        do throws(BatchCoding.Malformed) {
                            try log.records(in: log.active, upTo: log.activeBytes) { record throws(BatchCoding.Malformed) in
                                try pending.add(record)
                            }
                        } catch {
                            throw .unavailable("sqlite: a record of the commit log does not decode")
                        }
                        _ = try inner.commit(pending.batch())
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

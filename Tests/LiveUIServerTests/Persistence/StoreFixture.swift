import Foundation
@testable import LiveUIServer

/// A wall clock the test moves.
final class ManualStoreClock: Sendable {
    private let seconds = Shared<Double>(1_700_000_000)

    /// The clock to give a store.
    var clock: StoreClock { StoreClock { [self] in seconds.withLock { $0 } } }

    /// Moves the clock `delta` seconds on.
    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
}

/// The stores the behaviour suite runs against; `logged` is SQLite behind its commit log, as the server
/// runs it (``LoggedStateStore``, checkpointing only when another operation needs the database).
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, sqlite, logged, redis

    var description: String { rawValue }
}

/// A fresh, empty store of one kind with the means to let its time pass: a manual clock for memory and
/// SQLite, real (short) time for Redis, whose TTLs run on its own clock.
struct StoreFixture: Sendable {
    let kind: StoreKind
    let store: any StateStore
    /// The store's clock, nil for Redis.
    let clock: ManualStoreClock?
    /// The SQLite file, if any.
    let path: String?

    /// A store of `kind` whose sessions live `sessionTTL` s and app storage `appStorageTTL` s.
    init(_ kind: StoreKind, sessionTTL: Double = 600, appStorageTTL: Double = 6000) throws {
        self.kind = kind
        switch kind {
        case .memory:
            let clock = ManualStoreClock()
            self.clock = clock
            path = nil
            store = MemoryStateStore(clock: clock.clock, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
        case .sqlite:
            let clock = ManualStoreClock()
            self.clock = clock
            let path = Self.temporaryPath()
            self.path = path
            store = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
        case .logged:
            let clock = ManualStoreClock()
            self.clock = clock
            let path = Self.temporaryPath()
            self.path = path
            let database = SQLiteStateStore(path: path, clock: clock.clock, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
            store = LoggedStateStore(inner: database, path: path, checkpointInterval: 3600)
        case .redis:
            let server = try RedisServer.shared.get()
            clock = nil
            path = nil
            store = RedisStateStore(
                host: "127.0.0.1", port: server.port, prefix: "test:\(SecureToken.hex()):", sessionTTL: sessionTTL,
                appStorageTTL: appStorageTTL)
        }
    }

    /// For Redis, a second store on the same keys whose sessions live `sessionTTL` seconds: committing
    /// through it shortens a session's remaining life without the wait for it depending on how soon the
    /// test reads after its first commit. Nil for the stores with a manual clock.
    func shortLived(sessionTTL: Double) -> (any StateStore)? {
        guard let redis = store as? RedisStateStore else { return nil }
        return redis.withSessionTTL(sessionTTL)
    }

    /// A fresh SQLite file path in a directory of its own.
    static func temporaryPath() -> String {
        let directory = NSTemporaryDirectory() + "liveui-store-" + SecureToken.hex()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/state.db"
    }

    /// Runs `body` with the store on a thread of its own (store calls block on I/O; never on the
    /// cooperative pool).
    func run<T: Sendable>(_ body: @escaping @Sendable (any StateStore) throws -> T) async throws -> T {
        let store = store
        return try await blocking { try body(store) }
    }

    /// Lets `seconds` pass for the store: moves the manual clock, or for Redis (whose TTLs run on its own
    /// clock) waits until `condition` holds, polling with a deadline. Returns whether `condition` holds.
    func pass(_ seconds: Double, until condition: @escaping @Sendable (any StateStore) throws -> Bool) async throws -> Bool {
        if let clock {
            clock.advance(seconds)
            return try await run(condition)
        }
        let store = store
        return try await blocking {
            let deadline = Date().addingTimeInterval(seconds + 10)
            while Date() < deadline {
                if try condition(store) { return true }
                usleep(20_000)
            }
            return false
        }
    }
}

/// Bytes of `text`.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Mutable state that closures on several threads share, behind a pthread mutex: ThreadSanitizer sees
/// its hand-overs, where a contended `Synchronization.Mutex` is handed over in the kernel and reported
/// as a race that is not there.
final class Shared<Value: Sendable>: @unchecked Sendable {  // `value` is only touched while `lock` is held
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

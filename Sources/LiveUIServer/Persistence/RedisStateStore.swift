import Combine
import LiveUI

/// A ``StateStore`` on a Redis server (`redis://HOST:PORT[/DB]`): shared by several instances on several
/// machines. Hand-written RESP client over one blocking socket (docs/state-stores.md says why).
///
/// Keys, under `prefix` (default `liveui:`): `s:<session>` a hash (`t` token, `b` browser, and each saved
/// value under `<length of scope>:<scope><key>`) with the session TTL; `l:<session>` the lease, a string
/// naming its holder with the lease TTL; `h:<holder>` the set of sessions a holder has leased;
/// `a:<browser>` a hash of app storage with its own TTL. A commit is one call of one script for the whole
/// batch (every session's lease check and writes, the app storage: atomic) in one round trip. Acknowledged when Redis has
/// applied it: how it survives a crash of Redis itself is Redis's `appendonly`/`appendfsync` setting.
package final class RedisStateStore: StateStore {
    private struct Link {
        let connection: RESPConnection
        /// Digests of ``RedisScripts/all``, in order.
        let scripts: [[UInt8]]
    }


    private let host: String
    private let port: Int
    private let database: Int
    let prefix: String
    private let sessionTTL: Double
    private let appStorageTTL: Double
    private let timeout: Double
    /// The prefixes of a session's hash, its lease and a browser's app storage.
    private let sessionKeyPrefix: String
    private let leaseKeyPrefix: String
    private let appKeyPrefix: String
    /// The TTLs as a commit sends them: milliseconds, in decimal.
    private let sessionTTLText: String
    private let appStorageTTLText: String
    /// The connection, made on first use and again after a failure broke it. One operation at a time
    /// uses it: the group writer sends one batch per round trip, and loads are rare (a resume).
    private let link = Locked<Link?>(nil)
    /// Per session, the time (``monotonicSeconds()``) before which the hash does not expire, from the last
    /// commit of this store that set its TTL. While that is less than a thousandth of the TTL behind
    /// "TTL from now", a commit leaves the TTL as it is (one call fewer per session in Redis) unless it
    /// makes the hash afresh; so a session may expire that thousandth early, as with SQLite.
    private let ttlSetUntil = Locked<[String: Double]>([:])
    private var expirySlack: Double { sessionTTL / 1000 }

    /// A store on the Redis at `host:port`, database `database`, its keys under `prefix`; every
    /// connect, read and write gives up after `timeout` seconds. Connects on first use.
    package init(
        host: String, port: Int, database: Int = 0, prefix: String = "liveui:", sessionTTL: Double,
        appStorageTTL: Double, timeout: Double = 2
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.prefix = prefix
        self.sessionTTL = sessionTTL
        self.appStorageTTL = appStorageTTL
        self.timeout = timeout
        sessionKeyPrefix = prefix + "s:"
        leaseKeyPrefix = prefix + "l:"
        appKeyPrefix = prefix + "a:"
        sessionTTLText = String(max(1, Int((sessionTTL * 1000).rounded())))
        appStorageTTLText = String(max(1, Int((appStorageTTL * 1000).rounded())))
    }

    private func key(_ kind: String, _ id: String) -> [UInt8] { Array((prefix + kind + id).utf8) }
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func milliseconds(_ seconds: Double) -> [UInt8] { bytes(String(max(1, Int((seconds * 1000).rounded())))) }

    /// The field a saved value lives in: its scope, length-prefixed so that no scope is a prefix of another.
    static func field(scope: String, key: String) -> [UInt8] { bytes(scopePrefix(scope) + key) }
    static func scopePrefix(_ scope: String) -> String { "\(scope.utf8.count):\(scope)" }

    /// Sends `commands` in one round trip over the connection (connecting first if needed); `scripts`
    /// are the loaded scripts' digests.
    private func pipeline(_ commands: ([[UInt8]]) -> [[[UInt8]]]) throws(StateStoreError) -> [RESPValue] {
        let result: Result<[RESPValue], StateStoreError> = link.withLock { slot in
            do throws(StateStoreError) {
                let current: Link
                if let open = slot { current = open } else { current = try connect() }
                slot = current
                defer { if current.connection.isBroken { slot = nil } }
                let replies = try current.connection.pipeline(commands(current.scripts))
                // A script flushed from the server (SCRIPT FLUSH, a failover): connect again, loading them.
                if replies.contains(where: { if case .error(let m) = $0 { m.hasPrefix("NOSCRIPT") } else { false } }) {
                    slot = nil
                    throw .unavailable("redis: scripts were flushed; reloading")
                }
                return .success(replies)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func connect() throws(StateStoreError) -> Link {
        let connection = try RESPConnection(host: host, port: port, database: database, timeout: timeout)
        let replies = try connection.pipeline(RedisScripts.all.map { [Self.bytes("SCRIPT"), Self.bytes("LOAD"), Self.bytes($0)] })
        var digests: [[UInt8]] = []
        for reply in replies {
            guard case .bulk(let digest?) = reply else { throw .unavailable("redis: SCRIPT LOAD failed: \(reply)") }
            digests.append(digest)
        }
        return Link(connection: connection, scripts: digests)
    }

    /// The one reply of a one-command pipeline, an error reply thrown.
    private func single(_ command: @escaping ([[UInt8]]) -> [[UInt8]]) throws(StateStoreError) -> RESPValue {
        let reply = try pipeline { [command($0)] }[0]
        if case .error(let message) = reply { throw .unavailable("redis: \(message)") }
        return reply
    }

    package func load(session: String) throws(StateStoreError) -> StoredSession? {
        let reply = try single { _ in [Self.bytes("HGETALL"), self.key("s:", session)] }
        guard case .array(let items?) = reply else { return nil }
        var stored = StoredSession(session: session, token: "")
        var hasToken = false
        var i = 0
        while i + 1 < items.count {
            defer { i += 2 }
            guard case .bulk(let field?) = items[i], case .bulk(let value?) = items[i + 1] else { continue }
            if field == [UInt8(ascii: "t")] {
                stored.token = String(decoding: value, as: UTF8.self)
                hasToken = true
            } else if field == [UInt8(ascii: "b")] {
                stored.browser = String(decoding: value, as: UTF8.self)
            } else if let (scope, key) = Self.split(field) {
                StateScope.restore(scope: scope, key: key, bytes: value, into: &stored)
            }
        }
        return hasToken ? stored : nil
    }

    /// The scope and key of a value's field (`<length>:<scope><key>`); nil if it is not one.
    static func split(_ field: [UInt8]) -> (String, String)? {
        guard let colon = field.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon <= 6,
            let length = Int(String(decoding: field[..<colon], as: UTF8.self)), colon + 1 + length <= field.count
        else { return nil }
        let scope = String(decoding: field[(colon + 1)..<(colon + 1 + length)], as: UTF8.self)
        return (scope, String(decoding: field[(colon + 1 + length)...], as: UTF8.self))
    }

    package func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]] {
        let reply = try single { _ in [Self.bytes("HGETALL"), self.key("a:", browser)] }
        guard case .array(let items?) = reply else { return [:] }
        var values: [String: [UInt8]] = [:]
        var i = 0
        while i + 1 < items.count {
            if case .bulk(let field?) = items[i], case .bulk(let value?) = items[i + 1] {
                values[String(decoding: field, as: UTF8.self)] = value
            }
            i += 2
        }
        return values
    }

    package func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        guard !batch.sessions.isEmpty || !batch.appStorage.isEmpty else { return [] }
        // Taken before sending: Redis sets a TTL a little later, so the hash lives at least this long.
        let sent = Self.monotonicSeconds()
        let due = sent + sessionTTL - expirySlack
        let refreshes: [Bool]
        if batch.sessions.allSatisfy({ $0.encoded != nil }) {
            refreshes = batch.sessions.map { ($0.encoded?.head.ttlSetUntil ?? -.infinity) < due }
        } else {
            refreshes = ttlSetUntil.withLock { until in
                batch.sessions.map { ($0.encoded?.head.ttlSetUntil ?? until[$0.session] ?? -.infinity) < due }
            }
        }
        let reply = try commitScript(batch, refreshes: refreshes)
        guard case .bulk(let written?) = reply, written.count == batch.sessions.count else {
            if case .error(let message) = reply { throw .unavailable("redis: \(message)") }
            throw .unavailable("redis: unexpected reply to a commit")
        }
        var refused: Set<String> = []
        for (changes, mark) in zip(batch.sessions, written) where mark != UInt8(ascii: "1") {
            if mark == UInt8(ascii: "0") {
                refused.insert(changes.session)
            } else if let head = changes.encoded?.head {
                // Its pairs added fields (the hash may be new): the next commit sends the token and sets the TTL.
                head.ttlSetUntil = -.infinity
            }
        }
        if refreshes.contains(true) {
            var plain: [String] = []
            for (changes, refresh) in zip(batch.sessions, refreshes) where refresh && !refused.contains(changes.session) {
                if let head = changes.encoded?.head { head.ttlSetUntil = sent + sessionTTL } else { plain.append(changes.session) }
            }
            if !plain.isEmpty { ttlSetUntil.withLock { until in for session in plain { until[session] = sent + sessionTTL } } }
        }
        return refused
    }

    /// Sends the whole batch as one call of ``RedisScripts/commit`` (atomic, one round trip) and returns its
    /// reply; `refreshes` says, per session, whether to set its TTL.
    private func commitScript(_ batch: StateBatch, refreshes: [Bool]) throws(StateStoreError) -> RESPValue {
        let result: Result<RESPValue, StateStoreError> = link.withLock { slot in
            do throws(StateStoreError) {
                let current: Link
                if let open = slot { current = open } else { current = try connect() }
                slot = current
                defer { if current.connection.isBroken { slot = nil } }
                var command = RESPCommand()
                command.append("EVALSHA")
                command.append(current.scripts[0])
                command.append(2 * batch.sessions.count + batch.appStorage.count)
                for changes in batch.sessions {
                    if let head = changes.encoded?.head {
                        command.append(encoded: head.hashKey, count: 1)
                    } else {
                        command.append(sessionKeyPrefix, changes.session)
                    }
                }
                for changes in batch.sessions {
                    if let head = changes.encoded?.head {
                        command.append(encoded: head.leaseKey, count: 1)
                    } else {
                        command.append(leaseKeyPrefix, changes.session)
                    }
                }
                for app in batch.appStorage { command.append(appKeyPrefix, app.browser) }
                command.append(batch.holder ?? "")
                command.append(sessionTTLText)
                command.append(appStorageTTLText)
                command.append(batch.sessions.count)
                for (changes, refresh) in zip(batch.sessions, refreshes) {
                    if let encoded = changes.encoded {
                        // The token and browser go with the commit that sets the TTL (a hash made afresh gets them from
                        // the next one: ``commit(_:)``).
                        let identity = refresh ? encoded.head.identityPairs : 0
                        Self.header(
                            refresh: refresh, dropped: encoded.dropped, removed: encoded.removed, written: encoded.written + identity,
                            into: &command)
                        encoded.arguments.withUnsafeBufferPointer { arguments in
                            command.append(encoded: arguments[..<encoded.writtenStart], count: encoded.dropped + encoded.removed)
                            if refresh { command.append(encoded: encoded.head.identity[...], count: 2 * identity) }
                            command.append(encoded: arguments[encoded.writtenStart...], count: 2 * encoded.written)
                        }
                    } else {
                        Self.arguments(of: changes, refresh: refresh, into: &command)
                    }
                }
                for app in batch.appStorage {
                    command.append(app.changes.removed.count)
                    for key in app.changes.removed { command.append(key) }
                    command.append(app.changes.written.count { !app.changes.removed.contains($0.key) })
                    for (key, bytes) in app.changes.written where !app.changes.removed.contains(key) {
                        command.append(key)
                        command.append(bytes)
                    }
                }
                var out: [UInt8] = []
                command.encode(into: &out)
                let reply = try current.connection.roundTrip(out, replies: 1)[0]
                // A script flushed from the server (SCRIPT FLUSH, a failover): connect again, loading them.
                if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
                    slot = nil
                    throw .unavailable("redis: scripts were flushed; reloading")
                }
                return .success(reply)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A session's header in ``RedisScripts/commit``'s arguments: how many field/value pairs it sets alone, or,
    /// when it also drops, deletes or sets its TTL, `+` and whether to set the TTL and the three counts.
    private static func header(refresh: Bool, dropped: Int, removed: Int, written: Int, into command: inout RESPCommand) {
        if !refresh && dropped == 0 && removed == 0 {
            command.append(written)
            return
        }
        command.append("+")
        command.append(refresh ? "1" : "")
        command.append(dropped)
        command.append(removed)
        command.append(written)
    }

    /// A session's part of ``RedisScripts/commit``'s arguments: its header, then the field prefixes of its
    /// dropped routes, its removed fields, and its written fields with their values, the token and browser
    /// first. A key both written and removed is removed.
    private static func arguments(of changes: SessionChanges, refresh: Bool, into command: inout RESPCommand) {
        var removed = changes.scene.removed.count + changes.metadata.removed.count
        var written = 1 + changes.tabSeqs.count + (changes.browser == nil ? 0 : 1)
        for keys in changes.routes.values { removed += keys.removed.count }
        func countWritten(_ keys: KeyChanges) {
            written += keys.removed.isEmpty ? keys.written.count : keys.written.count { !keys.removed.contains($0.key) }
        }
        for keys in changes.routes.values { countWritten(keys) }
        countWritten(changes.scene)
        countWritten(changes.metadata)
        header(refresh: refresh, dropped: changes.droppedRoutes.count, removed: removed, written: written, into: &command)
        for route in changes.droppedRoutes { command.appendField(scope: "r:", route, key: "") }
        for (route, keys) in changes.routes {
            for key in keys.removed { command.appendField(scope: "r:", route, key: key) }
        }
        for key in changes.scene.removed { command.appendField(scope: StateScope.scene, key: key) }
        for key in changes.metadata.removed { command.appendField(scope: StateScope.metadata, key: key) }
        command.append("t")
        command.append(changes.token)
        if let browser = changes.browser {
            command.append("b")
            command.append(browser)
        }
        for (route, keys) in changes.routes {
            for (key, bytes) in keys.written where keys.removed.isEmpty || !keys.removed.contains(key) {
                command.appendField(scope: "r:", route, key: key)
                command.append(bytes)
            }
        }
        for (key, bytes) in changes.scene.written where !changes.scene.removed.contains(key) {
            command.appendField(scope: StateScope.scene, key: key)
            command.append(bytes)
        }
        for (key, bytes) in changes.metadata.written where !changes.metadata.removed.contains(key) {
            command.appendField(scope: StateScope.metadata, key: key)
            command.append(bytes)
        }
        for (tab, seq) in changes.tabSeqs {
            command.appendField(scope: StateScope.tabSeq, key: tab)
            command.append(seq)
        }
    }

    package func delete(session: String) throws(StateStoreError) {
        ttlSetUntil.withLock { $0[session] = nil }
        _ = try single { _ in [Self.bytes("DEL"), self.key("s:", session), self.key("l:", session)] }
    }

    package func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult {
        let reply = try single { scripts in
            [Self.bytes("EVALSHA"), scripts[1], Self.bytes("2"), self.key("l:", session), self.key("h:", holder),
             Self.bytes(holder), Self.milliseconds(ttl), Self.bytes(session)]
        }
        guard case .array(let items?) = reply, let first = items.first else {
            throw .unavailable("redis: unexpected reply to a lease")
        }
        if first == .integer(1) { return .granted }
        let other = items.count > 1 ? items[1].text ?? "" : ""
        var left = 0
        if items.count > 2, case .integer(let ms) = items[2] { left = max(ms, 0) }
        return .heldElsewhere(holder: other, expiresIn: Double(left) / 1000)
    }

    package func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool {
        try single { scripts in
            [Self.bytes("EVALSHA"), scripts[2], Self.bytes("2"), self.key("l:", session), self.key("h:", holder),
             Self.bytes(holder), Self.milliseconds(ttl)]
        } == .integer(1)
    }

    package func releaseLease(session: String, holder: String) throws(StateStoreError) {
        _ = try single { scripts in
            [Self.bytes("EVALSHA"), scripts[3], Self.bytes("2"), self.key("l:", session), self.key("h:", holder),
             Self.bytes(holder), Self.bytes(session)]
        }
    }

    package func releaseAllLeases(holder: String) throws(StateStoreError) -> Int {
        let reply = try single { scripts in
            [Self.bytes("EVALSHA"), scripts[4], Self.bytes("1"), self.key("h:", holder), Self.bytes(self.prefix + "l:"),
             Self.bytes(holder)]
        }
        guard case .integer(let count) = reply else { return 0 }
        return count
    }

    /// Redis removes expired keys itself; this forgets the TTLs set on them that have run out.
    package func sweepExpired() -> Int {
        let now = Self.monotonicSeconds()
        ttlSetUntil.withLock { $0 = $0.filter { $0.value > now } }
        return 0
    }

    /// Seconds on the monotonic clock (it does not jump with the wall clock).
    private static func monotonicSeconds() -> Double { Double(MonotonicClock.nanoseconds()) / 1e9 }
}

extension RedisStateStore {
    /// The Redis server's own CPU seconds so far (`INFO cpu`: user + system), for measuring; nil if
    /// the server cannot be asked.
    package func serverCPUSeconds() -> Double? {
        guard let reply = try? single({ _ in [Self.bytes("INFO"), Self.bytes("cpu")] }), let text = reply.text else { return nil }
        var total = 0.0
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":")
            if parts.count == 2, parts[0] == "used_cpu_sys" || parts[0] == "used_cpu_user", let value = Double(parts[1]) {
                total += value
            }
        }
        return total
    }
}

extension RedisStateStore {
    /// A store on the same server and keys whose commits give sessions `sessionTTL` seconds.
    package func withSessionTTL(_ sessionTTL: Double) -> RedisStateStore {
        RedisStateStore(
            host: host, port: port, database: database, prefix: prefix, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL,
            timeout: timeout)
    }
}

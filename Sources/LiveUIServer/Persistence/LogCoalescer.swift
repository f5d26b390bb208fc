import Foundation

/// Merges ``CommitLog`` records, read where they lie in its mapped files, into one batch for a checkpoint:
/// committing the batch leaves a store as committing the records one after another would. Keys, values and
/// ids are compared as the bytes they are in the log; only what survives (each key's last value, each
/// session's last token) is copied out, so a stream of clicks on one counter costs the checkpoint one
/// hash lookup per click and one row in the end.
///
/// The records must stay where they are until ``batch()`` has been made.
struct LogCoalescer {
    /// Bytes in the log (an id, a key, a value), compared and hashed by content.
    private struct Bytes: Hashable {
        // Unsafe: a range of the mapped log, read in place; copying each record's texts out as Strings cost the
        // checkpoint more than the click's whole commit.
        let range: UnsafeRawBufferPointer

        static func == (a: Bytes, b: Bytes) -> Bool {
            guard a.range.count == b.range.count else { return false }
            guard let x = a.range.baseAddress, let y = b.range.baseAddress else { return true }
            return memcmp(x, y, a.range.count) == 0
        }

        /// A word at a time, then one word for the hasher: SipHash over every byte cost more than the rest of a
        /// record's merge.
        func hash(into hasher: inout Hasher) {
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
            var offset = 0
            while range.count - offset >= 8 {
                hash = (hash ^ range.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                offset += 8
            }
            while offset < range.count {
                hash = (hash ^ UInt64(range[offset])) &* 0x94D0_49BB_1331_11EB
                offset += 1
            }
            hasher.combine(hash)
        }

        var string: String { String(decoding: range, as: UTF8.self) }
        var array: [UInt8] { Array(range) }
    }

    /// A map's keys and their last value; nil: removed. The keys in the order first met, with a table of their
    /// places: a record that writes the key the previous one wrote (a stream of clicks on one counter) finds it
    /// by comparing bytes, without hashing.
    private struct Keys {
        private var places: [Bytes: Int] = [:]
        private var entries: [(key: Bytes, value: Bytes?)] = []
        /// The place of the key written last.
        private var last = -1

        var isEmpty: Bool { entries.isEmpty }

        mutating func apply(_ reader: inout BatchCoding.Reader) throws(BatchCoding.Malformed) {
            let written = try reader.count()
            for _ in 0..<written {
                let key = Bytes(range: try reader.range())
                set(key, Bytes(range: try reader.range()))
            }
            for _ in 0..<(try reader.count()) { set(Bytes(range: try reader.range()), nil) }
        }

        private mutating func set(_ key: Bytes, _ value: Bytes?) {
            if last >= 0 && entries[last].key == key {
                entries[last].value = value
                return
            }
            if let place = places[key] {
                entries[place].value = value
                last = place
            } else {
                last = entries.count
                places[key] = last
                entries.append((key, value))
            }
        }

        var changes: KeyChanges {
            var changes = KeyChanges()
            for (key, value) in entries {
                if let value { changes.written[key.string] = value.array } else { changes.removed.insert(key.string) }
            }
            return changes
        }
    }

    private struct Route {
        let name: Bytes
        /// Dropped whole before `keys`.
        var dropped = false
        var keys = Keys()
    }

    private struct Session {
        var token: Bytes
        var browser: Bytes?
        /// The routes in the order first met, with a table of their places; the one written last is found by
        /// comparing bytes.
        var routes: [Route] = []
        var routePlaces: [Bytes: Int] = [:]
        var lastRoute = -1
        var scene = Keys()
        var metadata = Keys()
        var tabSeqs: [Bytes: Int] = [:]

        /// The place of `name` in ``routes``, added if new.
        mutating func route(_ name: Bytes) -> Int {
            if lastRoute >= 0 && routes[lastRoute].name == name { return lastRoute }
            if let place = routePlaces[name] {
                lastRoute = place
            } else {
                lastRoute = routes.count
                routePlaces[name] = lastRoute
                routes.append(Route(name: name))
            }
            return lastRoute
        }
    }

    private var sessions: [Bytes: Session] = [:]
    private var appStorage: [Bytes: Keys] = [:]

    /// Whether nothing was added.
    var isEmpty: Bool { sessions.isEmpty && appStorage.isEmpty }

    /// Adds the record `payload` (a ``BatchCoding`` encoding), after those added before.
    mutating func add(_ payload: UnsafeRawBufferPointer) throws(BatchCoding.Malformed) {
        var reader = BatchCoding.Reader(payload)
        for _ in 0..<(try reader.count()) {
            let id = Bytes(range: try reader.range())
            let token = Bytes(range: try reader.range())
            let browser = try reader.byte() == 1 ? Bytes(range: try reader.range()) : nil
            let index: Dictionary<Bytes, Session>.Index
            if let known = sessions.index(forKey: id) {
                index = known
                sessions.values[index].token = token
                if let browser { sessions.values[index].browser = browser }
            } else {
                sessions[id] = Session(token: token, browser: browser)
                guard let made = sessions.index(forKey: id) else { throw BatchCoding.Malformed() }
                index = made
            }
            // A dropped route loses what came before; what this record writes to it comes after the drop.
            for _ in 0..<(try reader.count()) {
                let place = sessions.values[index].route(Bytes(range: try reader.range()))
                sessions.values[index].routes[place].dropped = true
                sessions.values[index].routes[place].keys = Keys()
            }
            for _ in 0..<(try reader.count()) {
                let place = sessions.values[index].route(Bytes(range: try reader.range()))
                try sessions.values[index].routes[place].keys.apply(&reader)
            }
            try sessions.values[index].scene.apply(&reader)
            try sessions.values[index].metadata.apply(&reader)
            for _ in 0..<(try reader.count()) {
                let tab = Bytes(range: try reader.range())
                sessions.values[index].tabSeqs[tab] = try reader.count()
            }
        }
        for _ in 0..<(try reader.count()) {
            let browser = Bytes(range: try reader.range())
            try appStorage[browser, default: Keys()].apply(&reader)
        }
        guard reader.atEnd else { throw BatchCoding.Malformed() }
    }

    /// One batch of everything added, copied out of the log.
    func batch() -> StateBatch {
        var batch = StateBatch()
        batch.sessions.reserveCapacity(sessions.count)
        for (id, session) in sessions {
            var changes = SessionChanges(session: id.string, token: session.token.string, browser: session.browser?.string)
            for route in session.routes {
                if route.dropped { changes.droppedRoutes.insert(route.name.string) }
                if !route.keys.isEmpty { changes.routes[route.name.string] = route.keys.changes }
            }
            changes.scene = session.scene.changes
            changes.metadata = session.metadata.changes
            for (tab, seq) in session.tabSeqs { changes.tabSeqs[tab.string] = seq }
            batch.sessions.append(changes)
        }
        for (browser, keys) in appStorage {
            batch.appStorage.append(AppStorageChanges(browser: browser.string, changes: keys.changes))
        }
        return batch
    }
}

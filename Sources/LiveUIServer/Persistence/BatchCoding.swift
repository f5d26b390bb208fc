import LiveUI

/// A ``StateBatch``'s sessions and app storage as bytes, for ``CommitLog``'s records, and back. Every count
/// and length is a LEB128 varint, every string and value its bytes after their length; the holder is not
/// kept (a log is one process's, which writes without one).
///
/// ```swift
/// var bytes: [UInt8] = []
/// BatchCoding.encode(batch, into: &bytes)
/// let same = try BatchCoding.decode(bytes)   // nil holder
/// ```
enum BatchCoding {
    /// Bytes that do not decode (cut short, a length past the end, text that is not UTF-8).
    struct Malformed: Error {}

    /// Appends `batch`'s encoding to `out`.
    static func encode(_ batch: StateBatch, into out: inout [UInt8]) {
        varint(batch.sessions.count, &out)
        for index in batch.sessions.indices { encode(batch.sessions[index], &out) }
        varint(batch.appStorage.count, &out)
        for index in batch.appStorage.indices {
            text(batch.appStorage[index].browser, &out)
            encode(batch.appStorage[index].changes, &out)
        }
    }

    /// Appends the encoding of the batch an event of one session commits, made from its parts as they are
    /// taken (no ``SessionChanges`` is made for it): `changes` of `route`, the session's `scene` storage,
    /// `metadata`, the `seq` of `tab` if any, and the browser's `appStorage` if it has a browser. It encodes
    /// the same batch as `encode(_:into:)` of those changes.
    static func encodeEvent(
        session: String, token: String, browser: String?, route: String, changes: some StateChangesReading,
        scene: StateChanges, metadata: KeyChanges, tab: String?, seq: Int?, appStorage: StateChanges, into out: inout [UInt8]
    ) {
        out.append(contentsOf: eventHead(session: session, token: token, browser: browser))
        encodeEvent(
            browser: browser, route: route, changes: changes, scene: scene, metadata: metadata, tab: tab, seq: seq,
            appStorage: appStorage, into: &out)
    }

    /// The start of every event encoding of one session (``encodeEvent(browser:route:changes:scene:metadata:tab:seq:appStorage:into:)``
    /// appends the rest): the same for all its events, so a session encodes it once.
    static func eventHead(session: String, token: String, browser: String?) -> [UInt8] {
        var out: [UInt8] = [1]
        text(session, &out)
        text(token, &out)
        if let browser {
            out.append(1)
            text(browser, &out)
        } else {
            out.append(0)
        }
        out.append(0)  // dropped routes
        return out
    }

    /// Appends the rest of an event's encoding after its session's ``eventHead(session:token:browser:)``.
    static func encodeEvent(
        browser: String?, route: String, changes: some StateChangesReading, scene: StateChanges, metadata: KeyChanges,
        tab: String?, seq: Int?, appStorage: StateChanges, into out: inout [UInt8]
    ) {
        if changes.isEmpty {
            out.append(0)
        } else {
            out.append(1)
            text(route, &out)
            varint(changes.writtenCount, &out)
            changes.forEachWritten { key, bytes in
                text(key, &out)
                varint(bytes.count, &out)
                // Copied at once (appending a `Data` as a sequence goes byte by byte).
                bytes.withUnsafeBytes { out.append(contentsOf: $0) }
            }
            varint(changes.removed.count, &out)
            for key in changes.removed { text(key, &out) }
        }
        encode(scene, &out)
        encode(metadata, &out)
        if let seq, let tab {
            out.append(1)
            text(tab, &out)
            varint(seq, &out)
        } else {
            out.append(0)
        }
        if let browser, !appStorage.isEmpty {
            out.append(1)
            text(browser, &out)
            encode(appStorage, &out)
        } else {
            out.append(0)
        }
    }

    private static func encode(_ changes: SessionChanges, _ out: inout [UInt8]) {
        precondition(changes.encoded == nil, "changes encoded for Redis were committed to another store")
        text(changes.session, &out)
        text(changes.token, &out)
        if let browser = changes.browser {
            out.append(1)
            text(browser, &out)
        } else {
            out.append(0)
        }
        varint(changes.droppedRoutes.count, &out)
        for route in changes.droppedRoutes { text(route, &out) }
        varint(changes.routes.count, &out)
        for (route, keys) in changes.routes {
            text(route, &out)
            encode(keys, &out)
        }
        encode(changes.scene, &out)
        encode(changes.metadata, &out)
        varint(changes.tabSeqs.count, &out)
        for (tab, seq) in changes.tabSeqs {
            text(tab, &out)
            varint(seq, &out)
        }
    }

    /// The batch `bytes` encode.
    static func decode(_ bytes: some Collection<UInt8>) throws(Malformed) -> StateBatch {
        let copy = Array(bytes)
        let result: Result<StateBatch, Malformed> = copy.withUnsafeBytes { raw in
            do throws(Malformed) {
                return .success(try decode(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decode(_ raw: UnsafeRawBufferPointer) throws(Malformed) -> StateBatch {
        var reader = Reader(raw)
        var batch = StateBatch()
        for _ in 0..<(try reader.count()) {
            var changes = SessionChanges(session: try reader.text(), token: try reader.text())
            if try reader.byte() == 1 { changes.browser = try reader.text() }
            for _ in 0..<(try reader.count()) { changes.droppedRoutes.insert(try reader.text()) }
            for _ in 0..<(try reader.count()) {
                let route = try reader.text()
                changes.routes[route] = try reader.keyChanges()
            }
            changes.scene = try reader.keyChanges()
            changes.metadata = try reader.keyChanges()
            for _ in 0..<(try reader.count()) {
                let tab = try reader.text()
                changes.tabSeqs[tab] = try reader.count()
            }
            batch.sessions.append(changes)
        }
        for _ in 0..<(try reader.count()) {
            let browser = try reader.text()
            batch.appStorage.append(AppStorageChanges(browser: browser, changes: try reader.keyChanges()))
        }
        guard reader.atEnd else { throw Malformed() }
        return batch
    }

    /// No key written, none removed.
    private static let emptyChanges: [UInt8] = [0, 0]

    private static func encode(_ keys: KeyChanges, _ out: inout [UInt8]) {
        guard !keys.written.isEmpty || !keys.removed.isEmpty else { return out.append(contentsOf: emptyChanges) }
        encode(written: keys.written, removed: keys.removed, &out)
    }

    /// A graph's or container's changes, encoded as the ``KeyChanges`` they make.
    private static func encode(_ changes: StateChanges, _ out: inout [UInt8]) {
        guard !changes.isEmpty else { return out.append(contentsOf: emptyChanges) }
        encode(written: changes.written, removed: changes.removed, &out)
    }

    /// Written keys with their bytes, then removed keys.
    private static func encode<Bytes: Collection<UInt8>>(
        written: [String: Bytes], removed: Set<String>, _ out: inout [UInt8]
    ) {
        varint(written.count, &out)
        for (key, bytes) in written {
            text(key, &out)
            varint(bytes.count, &out)
            out.append(contentsOf: bytes)
        }
        varint(removed.count, &out)
        for key in removed { text(key, &out) }
    }

    private static func text(_ string: String, _ out: inout [UInt8]) {
        let utf8 = string.utf8
        varint(utf8.count, &out)
        // A native string's bytes are copied at once; another (bridged) one byte by byte.
        if utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil { out.append(contentsOf: utf8) }
    }

    /// Non-negative integers only (counts, lengths, seqs); a negative seq is kept as 0.
    private static func varint(_ number: Int, _ out: inout [UInt8]) {
        if number >= 0 && number < 0x80 {
            out.append(UInt8(truncatingIfNeeded: number))
            return
        }
        var value = UInt64(max(0, number))
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    /// Reads an encoding where it lies: texts and values come back as ranges of it.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        private var position = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func byte() throws(Malformed) -> UInt8 {
            guard position < bytes.count else { throw Malformed() }
            defer { position += 1 }
            return bytes[position]
        }

        /// A varint that fits an `Int`.
        mutating func count() throws(Malformed) -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 63 else { throw Malformed() }
                value |= UInt64(next & 0x7F) << shift
                if next & 0x80 == 0 { break }
                shift += 7
            }
            guard value <= UInt64(Int.max) else { throw Malformed() }
            return Int(value)
        }

        /// The next length-prefixed bytes, as a range of the encoding.
        mutating func range() throws(Malformed) -> UnsafeRawBufferPointer {
            let length = try count()
            guard length <= bytes.count - position else { throw Malformed() }
            defer { position += length }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<position + length])
        }

        mutating func text() throws(Malformed) -> String {
            guard let string = String(validating: try range(), as: UTF8.self) else { throw Malformed() }
            return string
        }

        mutating func keyChanges() throws(Malformed) -> KeyChanges {
            var keys = KeyChanges()
            for _ in 0..<(try count()) {
                let key = try text()
                keys.written[key] = Array(try range())
            }
            for _ in 0..<(try count()) { keys.removed.insert(try text()) }
            return keys
        }
    }
}

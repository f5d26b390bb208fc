import LiveUI

// Unsafe pointers and `Unmanaged` here are C interop (libmicrohttpd's callbacks, their context pointers and
// C strings), not a speed claim.

/// The request paths as sent, for the requests whose path libmicrohttpd decodes before the handler sees
/// it (those with `%` escapes or bytes outside ASCII): the URI log keeps them here by connection, the
/// access handler takes them on its first call. Route parameters are decoded from these, once, so that
/// `%2F` stays inside its segment and a bad escape or invalid UTF-8 is refused instead of repaired.
enum RawPaths {
    /// A path as sent: its text, or nil when its bytes are not UTF-8.
    private static let table = Locked<[UInt: String?]>([:])
    /// Entries kept at most: a request whose headers libmicrohttpd refuses after the URI log never reaches
    /// the handler to take its entry, so the table is emptied when it grows past this.
    static let capacity = 1024

    /// Whether the path part of `uri` (before `?`) must be kept as sent: it holds `%` or a byte over 0x7F.
    static func needsKeeping(_ uri: UnsafePointer<CChar>) -> Bool {
        var k = 0
        while true {
            let byte = UInt8(bitPattern: uri[k])
            if byte == 0 || byte == UInt8(ascii: "?") { return false }
            if byte == UInt8(ascii: "%") || byte >= 0x80 { return true }
            k += 1
        }
    }

    /// Keeps the path part of `uri` for the request on `connection`.
    static func keep(_ uri: UnsafePointer<CChar>, connection: OpaquePointer) {
        var count = 0
        while uri[count] != 0 && UInt8(bitPattern: uri[count]) != UInt8(ascii: "?") { count += 1 }
        let bytes = UnsafeRawBufferPointer(start: uri, count: count)
        let path = String(validating: bytes, as: UTF8.self)
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        table.withLock { table in
            if table.count >= capacity { table.removeAll() }
            table[key] = .some(path)
        }
    }

    /// Takes the path kept for the request on `connection`: `.some(nil)` when it was not UTF-8, nil when
    /// nothing is kept (the table was emptied).
    static func take(connection: OpaquePointer) -> String?? {
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        return table.withLock { $0.removeValue(forKey: key) }
    }
}

import CSQLite

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case text(String)
    case blob([UInt8])
    case real(Double)
    case null
}

/// One row of a result, read by column index while the statement is on it.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Column `index` as text ("" if NULL).
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        return String(cString: bytes)
    }

    /// Column `index` as text, nil if NULL.
    func optionalText(_ index: Int32) -> String? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : text(index)
    }

    /// Column `index` as bytes.
    func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let base = sqlite3_column_blob(statement, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Column `index` as a floating-point number.
    func real(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }
}

/// One connection to an SQLite database, its prepared statements kept for reuse. Not thread-safe (opened
/// without SQLite's own mutex): its owner serialises every use.
final class SQLiteConnection {
    private let db: OpaquePointer
    /// Prepared statements by their SQL literal's address: one integer to hash per use, not the whole text.
    private var statements: [UInt: OpaquePointer] = [:]

    /// Opens (creating if needed) the database at `path`; `busyTimeout` seconds is how long a statement
    /// waits for another connection's lock before failing with "database is locked".
    init(path: String, busyTimeout: Double) throws(StateStoreError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(handle)
            throw .unavailable("sqlite: cannot open \(path): \(message)")
        }
        db = handle
        sqlite3_busy_timeout(db, Int32(min(busyTimeout * 1000, Double(Int32.max))))
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// Runs `sql` (one or more statements without parameters: pragmas, schema).
    func execute(_ sql: String) throws(StateStoreError) {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw failure(rc) }
    }

    /// Runs `sql` with `bindings`, calling `row` for every result row. `sql` is a literal: its statement is
    /// prepared once and kept.
    /// - Returns: rows changed by an INSERT, UPDATE or DELETE.
    @discardableResult
    func run(_ sql: StaticString, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) -> Void = { _ in })
        throws(StateStoreError) -> Int
    {
        let statement = try prepared(sql)
        // Every parameter is bound afresh below, so only a call binding fewer than the statement has needs
        // the earlier values cleared.
        let stale = Int(sqlite3_bind_parameter_count(statement)) > bindings.count
        defer {
            sqlite3_reset(statement)
            if stale { sqlite3_clear_bindings(statement) }
        }
        if stale { sqlite3_clear_bindings(statement) }
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .text(let text):
                // `withCString` lends a native string's own bytes; passing `text` as the argument copied it
                // into a new array first.
                rc = text.withCString { sqlite3_bind_text(statement, index, $0, -1, liveui_sqlite_transient()) }
            case .blob(let bytes):
                // An empty array may have no buffer, and a nil pointer would bind NULL: bind an empty blob.
                rc = bytes.isEmpty
                    ? sqlite3_bind_zeroblob(statement, index, 0)
                    : bytes.withUnsafeBytes { raw in
                        sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), liveui_sqlite_transient())
                    }
            case .real(let number): rc = sqlite3_bind_double(statement, index, number)
            case .null: rc = sqlite3_bind_null(statement, index)
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_ROW {
                row(SQLiteRow(statement: statement))
            } else if rc == SQLITE_DONE {
                return Int(sqlite3_changes(db))
            } else {
                throw failure(rc)
            }
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT` (the write lock taken up front, so a writing
    /// transaction never fails halfway for want of it) or, for reads, `BEGIN` … `COMMIT` (one snapshot,
    /// no lock that would hold writers back); rolls back if anything throws.
    func transaction<T>(readOnly: Bool = false, _ body: () throws(StateStoreError) -> T) throws(StateStoreError) -> T {
        try run(readOnly ? "BEGIN" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // After a failed COMMIT the transaction may still be open; ROLLBACK ends it (its own error,
            // when there is no transaction left, changes nothing).
            _ = sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    private func prepared(_ sql: StaticString) throws(StateStoreError) -> OpaquePointer {
        let key = UInt(bitPattern: sql.utf8Start)
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        // Unsafe: a literal's bytes read as C chars; keying by address cut the lookup 3,300 → 800 instructions per click.
        let rc = sql.utf8Start.withMemoryRebound(to: CChar.self, capacity: sql.utf8CodeUnitCount) { text in
            sqlite3_prepare_v3(db, text, Int32(sql.utf8CodeUnitCount), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        }
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        statements[key] = statement
        return statement
    }

    /// Whether the last failure means the connection itself is unusable and should be reopened.
    static func isFatal(_ code: Int32) -> Bool {
        let primary = code & 0xFF
        return primary == SQLITE_IOERR || primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
            || primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY
    }

    /// The result code of the last failure on this connection.
    var lastErrorCode: Int32 { sqlite3_extended_errcode(db) }

    private func failure(_ rc: Int32) -> StateStoreError {
        .unavailable("sqlite: \(String(cString: sqlite3_errmsg(db))) (code \(rc))")
    }
}

/// Where the `store` setting says session state is saved: `memory`, `sqlite:PATH` or
/// `redis://HOST:PORT[/DB]`.
///
/// ```swift
/// let location = try StoreLocation.parse("redis://127.0.0.1:6379/2")  // .redis(host: "127.0.0.1", port: 6379, database: 2)
/// let store = location.open(sessionTTL: 1800)
/// ```
package enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// In the process's memory: nothing outlives it.
    case memory
    /// An SQLite database file at `path` (relative to the working directory unless absolute).
    case sqlite(path: String)
    /// A Redis server; `database` is the number `SELECT` takes.
    case redis(host: String, port: Int, database: Int)

    /// The port of `redis://HOST` without one.
    package static let defaultRedisPort = 6379

    /// The setting's spelling of this location.
    package var description: String {
        switch self {
        case .memory: "memory"
        case .sqlite(let path): "sqlite:\(path)"
        case .redis(let host, let port, let database):
            "redis://\(host.contains(":") ? "[\(host)]" : host):\(port)\(database == 0 ? "" : "/\(database)")"
        }
    }

    /// The location the `store` setting `text` names.
    /// - Throws: ``StoreLocationError`` saying what is wrong and which forms are accepted.
    package static func parse(_ text: String) throws(StoreLocationError) -> StoreLocation {
        if text == "memory" { return .memory }
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreLocationError(text, "sqlite: needs a file path, as in sqlite:/var/lib/liveui/state.db") }
            guard !path.utf8.contains(0) else { throw StoreLocationError(text, "the path holds a NUL byte") }
            guard !path.hasSuffix("/") else { throw StoreLocationError(text, "the path names a directory, not a file") }
            return .sqlite(path: path)
        }
        if text.hasPrefix("redis://") { return try parseRedis(text, String(text.dropFirst("redis://".count))) }
        throw StoreLocationError(text, "unknown store")
    }

    private static func parseRedis(_ text: String, _ rest: String) throws(StoreLocationError) -> StoreLocation {
        var authority = Substring(rest)
        var database = 0
        if let slash = authority.firstIndex(of: "/") {
            let digits = authority[authority.index(after: slash)...]
            authority = authority[..<slash]
            if !digits.isEmpty {
                guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count <= 5, let number = Int(digits)
                else { throw StoreLocationError(text, "the database must be a number, as in redis://127.0.0.1:6379/2") }
                database = number
            }
        }
        guard !authority.contains("@") else {
            throw StoreLocationError(text, "credentials in the URL are not supported; run Redis on a private network")
        }
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw StoreLocationError(text, "unclosed [ in the host") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw StoreLocationError(text, "expected :PORT after ]") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw StoreLocationError(text, "no host, as in redis://127.0.0.1:6379") }
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"/?#[]".unicodeScalars.contains($0) })
        else { throw StoreLocationError(text, "the host holds characters a host name cannot") }
        var port = defaultRedisPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(portText), (1...65535).contains(number)
            else { throw StoreLocationError(text, "the port must be a number from 1 to 65535") }
            port = number
        }
        return .redis(host: String(host), port: port, database: database)
    }

    /// A store at this location whose sessions expire `sessionTTL` seconds after their last commit and
    /// whose app storage expires `appStorageTTL` seconds (default: 400 days) after its last commit.
    /// Connects or opens on first use, so this never fails: a store that is down fails its operations.
    package func open(sessionTTL: Double, appStorageTTL: Double = 400 * 86400) -> any StateStore {
        switch self {
        case .memory: MemoryStateStore(sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
        case .sqlite(let path): SQLiteStateStore(path: path, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
        case .redis(let host, let port, let database):
            RedisStateStore(host: host, port: port, database: database, sessionTTL: sessionTTL, appStorageTTL: appStorageTTL)
        }
    }
}

/// A `store` setting that names no store this server knows.
package struct StoreLocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting as given.
    package let text: String
    /// What is wrong with it.
    package let reason: String

    init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    /// `store "…": <reason> (expected memory, sqlite:PATH or redis://HOST:PORT[/DB])`.
    package var description: String {
        "store \"\(Logger.escapingControls(text))\": \(reason) (expected memory, sqlite:PATH or redis://HOST:PORT[/DB])"
    }
}

import Foundation

/// Every setting of a LiveUI server. Defaults equal `config/liveui.json`; `load()` applies the file,
/// then `LIVEUI_<KEY>` environment variables, then command-line flags. Each setting's key, names, checks and
/// documentation are listed once, in ``settings``.
public struct Configuration: Sendable, Equatable {
    /// Numeric address to bind (`0.0.0.0` in containers).
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (see `LiveServer.start()`).
    public var port = 8080
    /// libmicrohttpd worker threads.
    public var threads = 4
    /// Seconds without requests (and without open streams) after which a session ends.
    public var sessionIdleTTL: Double = 900
    /// Sessions alive at once; creating one more answers 503.
    public var maxSessions = 10_000
    /// Largest accepted request body in bytes (413 above).
    public var maxBodyBytes = 65_536
    /// Updates kept per graph for `Last-Event-ID` replay.
    public var patchLogLength = 256
    /// The app's own static files, served under `/public/` beside LiveUI's client (compiled into the library,
    /// whose names win). Relative to the working directory; a directory that does not exist serves nothing.
    public var publicDirectory = "Public"
    /// `debug`, `info`, `warning` or `error`.
    public var logLevel = LogLevel.info
    /// `development` (the inspector on) or `production` (the inspector off); other settings keep their values.
    public var mode = Mode.development
    /// Whether `GET /liveui/tree` is served (always behind the session's token); `nil` (`"auto"`, JSON
    /// `null`) follows ``mode``. See ``inspectorEnabled``.
    public var inspector: Bool? = nil
    /// Adds `Secure` to the session cookie and expects `https` origins.
    public var behindHTTPS = false
    /// Seconds between heartbeat comments on open event streams.
    public var heartbeatSeconds: Double = 15
    /// Open connections at once (libmicrohttpd `CONNECTION_LIMIT`, which closes the ones above it
    /// unanswered): room for several offices' worth of addresses at ``perIPConnectionLimit`` each.
    public var connectionLimit = 4096
    /// Open connections per client address; the first request of one more is answered 429
    /// `too_many_connections` and its connection closed. 1,024 serves 200 tabs behind one address (each
    /// holds an event stream and a kept-alive connection, and opens a third now and then). libmicrohttpd
    /// closes connections above a quarter more than this unanswered, as a last line; 0 = no limit
    /// (behind a reverse proxy, where every client has the proxy's address).
    public var perIPConnectionLimit = 1024
    /// New sessions one client address may start at once (its budget's size); 429 `too_many_sessions`
    /// with `Retry-After` when the budget is spent. 0 = no limit (behind a reverse proxy).
    public var sessionBurstPerAddress = 300
    /// New sessions per second refilling an address's budget.
    public var sessionsPerSecondPerAddress: Double = 2
    /// Seconds a session that never received an event lives without requests and open streams (a page
    /// loaded and left, or a session made and abandoned); at most ``sessionIdleTTL``.
    public var unusedSessionTTL: Double = 60
    /// Event streams one session may hold open; one more answers 429 `too_many_streams`.
    public var maxStreamsPerSession = 32
    /// Memory per connection in bytes (`CONNECTION_MEMORY_LIMIT`); bounds header and URL size (about
    /// 15.5 KiB of headers fit in the default, as in Node.js's 16 KiB limit; 32768 lets about 31 KiB in).
    /// libmicrohttpd zeroes the whole of it after each request of a kept-alive connection, so a larger
    /// value costs CPU on every request (16 KiB instead of 32 KiB: 6–8 % less server CPU per request).
    public var connectionMemoryLimit = 16_384
    /// Seconds of inactivity before an idle connection is closed (`CONNECTION_TIMEOUT`).
    public var connectionTimeout = 30
    /// Sustained events per second one session may post (429 above); 0 turns the limit off.
    public var eventsPerSecond: Double = 50
    /// Events a session may post in a burst before `eventsPerSecond` applies.
    public var eventBurst = 100
    /// Whether an event for an idle session whose last event took under a millisecond runs on the
    /// libmicrohttpd thread that read it, rather than being handed to a LiveUI worker and back (about a
    /// fifth less CPU per event). A slow event holds up that thread's other connections once: the
    /// session's next event goes to a worker. `false` keeps every event off libmicrohttpd's threads.
    public var eventsOnServerThreads = true
    /// With `eventsOnServerThreads`, how long (µs) a session's event may take for its next event to run on
    /// the server thread too; after a slower one, the next goes to a LiveUI worker. 1,000 (a millisecond)
    /// by default; a profiler that runs the server a hundred times slower raises it so that events run
    /// where they run at full speed.
    public var quickEventMicroseconds = 1_000
    /// How long (seconds) an event may run before it is logged with its view type and target; the session's
    /// later events then never run on the server's threads. A LiveUI worker running one job this long counts
    /// as stuck, and while every worker is, `/healthz` answers 503.
    public var slowEventSeconds: Double = 1
    /// The rows a `ForEach` whose rows keep nothing of their own but `@State` must have for them to sleep while
    /// idle (each row element's lid and a hash, and the rows' `@State`, kept instead of the rows' nodes: ≈ 100 KB instead of 1.2 MB for 1,000 rows of a text
    /// and a button; they are rebuilt when an event, a new value or a render needs them); 0 keeps every row
    /// awake. Sessions a route creates with a number of their own keep theirs.
    public var sleepingRowMinimum = LiveSession.standardSleepingRowMinimum
    /// Where session state is saved so that it outlives the process (docs/state-stores.md): `memory` (nothing
    /// is saved), `sqlite:PATH` (one machine) or `redis://HOST:PORT[/DB]` (several instances).
    public var store = StoreSetting.memory

    /// The defaults.
    public init() {}

    /// Every key, as spelled in `liveui.json` (``settings``' keys, in order).
    public static let keys = settings.map(\.key)

    /// How the server is deployed; chooses defaults that differ between a developer's machine and the
    /// open Internet.
    public enum Mode: String, Sendable, CaseIterable {
        /// `make run`: the inspector (`GET /liveui/tree`) is served.
        case development
        /// The Docker image (`LIVEUI_MODE=production`): the inspector is off unless `inspector` is `true`.
        case production
    }

    /// Whether `GET /liveui/tree` is served: ``inspector`` if set, else whether ``mode`` is `development`.
    public var inspectorEnabled: Bool { inspector ?? (mode == .development) }

    /// Sets `key` from its text form (as found in the environment or a flag).
    /// - Throws: `ConfigurationError` naming the key if it is unknown or the value is invalid.
    public mutating func set(_ key: String, _ text: String, source: String) throws(ConfigurationError) {
        guard let setting = Self.setting(key) else { throw .unknownKey(key, source: source) }
        try setting.apply(text, to: &self, source: source)
    }

    /// The setting whose key is `key`, if there is one.
    static func setting(_ key: String) -> Setting? { settingsByKey[key] }

    private static let settingsByKey = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
}

/// Why the configuration could not be loaded; the message names the key and where it came from.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key that is not a setting.
    case unknownKey(String, source: String)
    /// A value of the wrong type or out of range.
    case invalidValue(key: String, value: String, expected: String, source: String)
    /// A value the setting's own parser refused, with its reason (a `store` that names no store).
    case invalidSetting(key: String, value: String, reason: String, source: String)
    /// The configuration file is missing or not a JSON object.
    case unreadableFile(path: String, reason: String)
    /// A command-line flag without its value, or an argument that is not a flag.
    case badArgument(String)

    /// The message to print at start-up, naming the key and where its value came from.
    public var description: String {
        switch self {
        case .unknownKey(let key, let source): "unknown configuration key '\(key)' in \(source)"
        case .invalidValue(let key, let value, let expected, let source):
            "invalid value '\(value)' for '\(key)' in \(source): expected \(expected)"
        case .invalidSetting(let key, _, let reason, let source): "invalid value for '\(key)' in \(source): \(reason)"
        case .unreadableFile(let path, let reason): "cannot read configuration file \(path): \(reason)"
        case .badArgument(let arg): "bad command-line argument '\(arg)' (use --key value, e.g. --port 9000)"
        }
    }
}

extension Configuration {
    /// Every setting, in the order of `config/README.md` and `config/liveui.json`: the one place a key is spelled.
    ///
    /// The file's keys, the `LIVEUI_<KEY>` environment variables, the `--<key>` flags, the checks of their
    /// values, `config/liveui.json` and the table of `config/README.md` are all read off this list. To add a
    /// setting, add its stored property (with its default) to ``Configuration`` and one entry here, then run
    /// `make config-docs` to regenerate `config/liveui.json` and `config/README.md`:
    ///
    /// ```swift
    /// .integer("maxWidgets", \.maxWidgets, 1...1_000, "widgets one session may hold"),
    /// .value("store", \.store, "where session state is saved: `memory`, `sqlite:PATH` or `redis://HOST:PORT[/DB]`"),
    /// ```
    ///
    /// A value richer than a number, a boolean or one word of an enumeration conforms to ``ConfigurationText``
    /// and is listed with `.value`.
    static let settings: [Setting] = [
        .text("host", \.host, expected: "a numeric IPv4 or IPv6 address", isValid: Configuration.isNumericAddress,
            "numeric IPv4/IPv6 address to bind (`0.0.0.0` in containers)"),
        .integer("port", \.port, 0...65_535, "TCP port; `0` picks a free one"),
        .integer("threads", \.threads, 1...256, "libmicrohttpd epoll worker threads"),
        .seconds("sessionIdleTTL", \.sessionIdleTTL,
            "seconds without requests and without open streams before a session ends (its graphs close: `onDisappear`, tasks cancelled)"),
        .integer("maxSessions", \.maxSessions, 1...10_000_000,
            """
            sessions alive at once; a new one ends the least recently active session without an open stream, and \
            answers 503 (with `Retry-After`) only when every session has a stream open
            """),
        .seconds("unusedSessionTTL", \.unusedSessionTTL,
            """
            seconds without requests and without open streams before a session that never received an event ends (a \
            page loaded and left, a session made by a script); at most `sessionIdleTTL`
            """),
        .integer("sessionBurstPerAddress", \.sessionBurstPerAddress, 0...10_000_000,
            """
            new sessions one client address may start at once (an IPv6 client counts by its /64); past it, 429 \
            `too_many_sessions` with `Retry-After`. 300 lets an office behind one address open 200 tabs at once; `0` \
            = no limit (behind a reverse proxy, where every client has the proxy's address)
            """),
        .number("sessionsPerSecondPerAddress", \.sessionsPerSecondPerAddress, .positive,
            "how fast an address's budget of new sessions refills"),
        .integer("maxBodyBytes", \.maxBodyBytes, 1...(1 << 30), "largest request body; larger answers 413 before any decoding"),
        .integer("patchLogLength", \.patchLogLength, 0...100_000,
            "updates kept per graph for `Last-Event-ID` replay (older → `event: reset`)"),
        .text("publicDirectory", \.publicDirectory, expected: "a directory path", isValid: { !$0.isEmpty },
            """
            the app's own static files, served under `/public/` beside LiveUI's client (which is compiled into the \
            library and wins for its names: `docs/client-assets.md`); relative to the working directory; optional (a \
            missing one is logged once at start-up)
            """),
        .choice("logLevel", \.logLevel, "`debug` (one line per request), `info` (start, stop, sessions), `warning`, `error`"),
        .choice("mode", \.mode,
            """
            `development` (`make run`: the inspector on) or `production` (the Docker image sets \
            `LIVEUI_MODE=production`: the inspector off)
            """),
        .automaticBoolean("inspector", \.inspector,
            """
            serve `GET /liveui/tree` (`true`/`false`; `null` or `auto`: as `mode` says). It always requires the \
            session's token (`X-LiveUI-Token`) and shows `SecureField` text as `••••`
            """),
        .boolean("behindHTTPS", \.behindHTTPS, "add `Secure` to the cookie; expect `https://` origins"),
        .seconds("heartbeatSeconds", \.heartbeatSeconds, "`: ping` comment on every open stream, so vanished clients are noticed"),
        .integer("connectionLimit", \.connectionLimit, 1...1_000_000,
            """
            open connections at once (streams included); the first request of one more is answered 503 and its \
            connection closed. libmicrohttpd closes connections a sixteenth (at least 64) above it without an \
            answer, as a last line; the server raises its soft open-file limit to fit
            """),
        .integer("perIPConnectionLimit", \.perIPConnectionLimit, 0...1_000_000,
            """
            open connections per client address (an IPv6 client counts by its /64); the first request of one more is \
            answered 429 `too_many_connections` and its connection closed. 1,024 serves 200 tabs behind one address \
            (a stream and a kept-alive connection each). libmicrohttpd closes connections a quarter above it without \
            an answer; `0` = none (use 0 behind a reverse proxy, where every client has the proxy's address)
            """),
        .integer("maxStreamsPerSession", \.maxStreamsPerSession, 1...100_000,
            """
            event streams one session may hold open (a browser's tabs of one site share a session); one more answers \
            429 `too_many_streams`
            """),
        .integer("connectionMemoryLimit", \.connectionMemoryLimit, 16_384...(64 << 20),
            """
            bytes per connection; bounds header and URL size (431/414 above; about 15.5 KiB of headers fit, 31 KiB \
            with `32768`); libmicrohttpd zeroes all of it after every kept-alive request, so more costs CPU per \
            request
            """),
        .integer("connectionTimeout", \.connectionTimeout, 0...86_400,
            "seconds of inactivity before an idle connection closes (streams are kept alive by the heartbeat)"),
        .number("eventsPerSecond", \.eventsPerSecond, .zeroForNoLimit,
            "sustained events per session; faster answers 429 `rate_limited`; `0` = no limit"),
        .integer("eventBurst", \.eventBurst, 1...1_000_000, "events a session may post at once before `eventsPerSecond` applies"),
        .boolean("eventsOnServerThreads", \.eventsOnServerThreads,
            """
            an idle session's event runs on the libmicrohttpd thread that read it when the session's last event took \
            at most `quickEventMicroseconds` (a millisecond; no hand-off to a LiveUI worker and back: about a fifth \
            less CPU per event); a slow event holds up that thread's other connections once, and the session's next \
            event goes to a worker; `false` runs every event on LiveUI's workers
            """),
        .integer("quickEventMicroseconds", \.quickEventMicroseconds, 0...60_000_000,
            """
            with `eventsOnServerThreads`, how long a session's event may take (0–60,000,000 µs) for its next event \
            to run on the server thread too; after a slower one the next goes to a LiveUI worker. A profiler that \
            slows the server a hundredfold (callgrind: `bench/instructions.py` sets a minute) raises it so that \
            events run where they run at full speed
            """),
        .integer("sleepingRowMinimum", \.sleepingRowMinimum, 0...1_000_000,
            """
            the rows a `ForEach` must have, when its rows keep nothing of their own but `@State` (primitive views, \
            and views whose `body` has no dynamic property other than `@State` and read nothing observable; no \
            lifecycle modifier), for them to sleep while idle: each row element's lid and a hash, and each row's \
            `@State` as it is, are kept instead of the rows' nodes (≈ 80–120 KB instead of 1.2 MB for 1,000 rows of \
            a text and a button, ≈ 350 KB instead of 1.7 MB when each row also has a `@State`), and the rows are \
            rebuilt when an event, a new value or a render needs them (≈ 3.5–4 ms more for 1,000 rows); `0` keeps \
            every row awake
            """),
        .seconds("slowEventSeconds", \.slowEventSeconds,
            """
            an event running longer is logged (its type, target and view type) while it runs, and its session's \
            later events never run on the server's threads again; while every LiveUI worker (at their most) has been \
            running one job this long, `/healthz` answers 503
            """),
        .value("store", \.store,
            """
            where session state is saved so that it outlives the process (docs/state-stores.md): `memory` (nothing \
            is saved: a restart ends every session), `sqlite:PATH` (one machine, one server process per file; \
            `make run` and the image use it) or `redis://HOST:PORT[/DB]` (several instances, each session held by \
            one at a time). An event is answered only once its changes are saved; with the store down, 503
            """),
    ]

    /// Whether `text` is a numeric IPv4 or IPv6 address (hex digits, dots and colons), never a host name.
    static func isNumericAddress(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
    }
}

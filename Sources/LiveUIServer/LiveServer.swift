import Dispatch
import Foundation
import Synchronization

/// A LiveUI application served over HTTP by libmicrohttpd: a list of routes, each a root view.
///
/// ```swift
/// try LiveServer(configuration: .load()) {
///     Route("/") { Gallery() }
///     Route("/counter") { CounterPage() }
/// }.run()
/// ```
public final class LiveServer: Sendable {
    /// The settings the server runs with.
    public let configuration: Configuration
    let context: ServerContext
    private let http: HTTPServer
    private let timers = Locked<[TimerBox]>([])
    private let stopped = Atomic<Bool>(false)

    /// A server for `routes`; nothing listens until `start()` or `run()`.
    ///
    /// - Parameters:
    ///   - configuration: the settings (`Configuration.load()` reads them from the file, environment and flags).
    ///   - head: what every page's `<head>` holds besides LiveUI's own elements: its default title, icons,
    ///     stylesheets, metadata (see ``HeadElement``).
    ///   - authorize: decides, for each request that opens a page or a session, whether it may
    ///     (``Authorization``): it can refuse, redirect to a sign-in page, or hand values (the signed-in
    ///     user) to the page's environment. A hook that throws answers 500; the error is logged.
    ///   - sharedObjects: objects every page of every session reads with `@EnvironmentObject` or
    ///     `@Environment(T.self)` (a board, a chat room). Each is used from many sessions' threads at once,
    ///     hence `Sendable`: ``SharedModel`` is one, changed under its lock and announced to every page that
    ///     shows it.
    ///   - sessionObjects: makes the objects of one session (a cart), read the same way by all of that
    ///     session's pages; called once per session, when its first page opens. A session's pages run on
    ///     threads of their own, so these are `Sendable` too.
    ///   - routes: the pages (``Route``), ``Endpoint``s and the ``NotFound`` page.
    /// - Throws: ``RouteError`` naming the first route that cannot be served (a pattern that does not
    ///   parse, a reserved path, two declarations of one path).
    public convenience init(
        configuration: Configuration = Configuration(), head: [HeadElement] = [],
        authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil,
        @RouteBuilder routes: () -> [Route]
    ) throws(RouteError) {
        try self.init(
            configuration: configuration, routes: routes(),
            app: AppOptions(head: head, authorize: authorize, sharedObjects: sharedObjects, sessionObjects: sessionObjects))
    }

    /// The server with what tests inject: a clock, a log sink, the stuck-workers probe, and a state store to
    /// save sessions to whatever `configuration.store` says (`leases`: whether sessions are held by leases).
    init(
        configuration: Configuration, routes: [Route], app: AppOptions = AppOptions(), clock: ServerClock = .system,
        logSink: @escaping @Sendable (String) -> Void = Logger.standardError,
        workersStuck: @escaping @Sendable () -> Bool = { EventWatch.shared.workersStuck },
        durableStore: (store: any StateStore, leases: Bool)? = nil
    ) throws(RouteError) {
        self.configuration = configuration
        let logger = Logger(level: configuration.logLevel, sink: logSink)
        let metrics = Metrics()
        let budget = AddressBudget(
            burst: configuration.sessionBurstPerAddress, rate: configuration.sessionsPerSecondPerAddress)
        // With `memory` nothing is made: the event path stays as it is.
        let durable: DurableSessions?
        if let durableStore {
            durable = DurableSessions(
                setting: configuration.store, sessionTTL: configuration.sessionIdleTTL, clock: clock, logger: logger,
                store: durableStore.store, leases: durableStore.leases)
        } else if configuration.store.isDurable {
            durable = DurableSessions(
                setting: configuration.store, sessionTTL: configuration.sessionIdleTTL, clock: clock, logger: logger)
        } else {
            durable = nil
        }
        let store = SessionStore(
            clock: clock, idleTTL: configuration.sessionIdleTTL, unusedTTL: configuration.unusedSessionTTL,
            maxSessions: configuration.maxSessions, budget: budget, durable: durable
        ) { session, reason in
            logger.info("session \(session.id.prefix(8)) ended (\(reason))")
            if reason == "expired" { metrics.sessionExpired() }
            // An expired session ends for good; any other leaves its state for a later resume.
            if reason == "expired" { durable?.deleteLater(session.id) } else if reason != "shutdown" { durable?.releaseLater(session.id) }
        }
        let context = try ServerContext(
            configuration: configuration, routes: routes, app: app, store: store, metrics: metrics, logger: logger,
            workersStuck: workersStuck)
        self.context = context
        let router = Router(context: context)
        var settings = HTTPServerSettings()
        settings.host = configuration.host
        settings.port = UInt16(clamping: configuration.port)
        settings.threads = configuration.threads
        settings.connectionLimit = configuration.connectionLimit
        settings.perIPConnectionLimit = configuration.perIPConnectionLimit
        settings.connectionMemoryLimit = configuration.connectionMemoryLimit
        settings.connectionTimeoutSeconds = configuration.connectionTimeout
        settings.maxBodyBytes = configuration.maxBodyBytes
        http = HTTPServer(
            settings: settings,
            observer: { record in
                metrics.response(status: record.status, bytes: record.bytes)
                logger.debug(
                    "\(record.line.method) \(record.line.path.prefix(200)) \(record.status) \(record.bytes)B "
                        + "\(String(format: "%.1f", record.seconds * 1000))ms \(record.line.remoteAddress)")
            },
            libraryLog: { message in logger.debug("libmicrohttpd: \(message)") },
            handler: { request, respond in router.handle(request, respond: respond) })
    }

    /// Starts listening and returns the bound port (the real one when the configured port is 0).
    /// - Throws: `HTTPServerStartError` if the address cannot be bound.
    @discardableResult
    public func start() throws -> Int {
        EventWatch.shared.setLimit(.seconds(min(configuration.slowEventSeconds, 86_400)))
        let store = context.store
        let durable = store.durable
        try durable?.claim()
        let port = Int(try http.start())
        let heartbeat = TimerBox(every: configuration.heartbeatSeconds) {
            for stream in store.streams { stream.comment("ping") }
        }
        let sweeping = SweepFlag()
        let idleTTL = configuration.sessionIdleTTL
        let shortestTTL = min(configuration.sessionIdleTTL, configuration.unusedSessionTTL)
        let sweep = TimerBox(every: min(30, max(0.05, shortestTTL / 4))) {
            guard !sweeping.running.exchange(true, ordering: .acquiringAndReleasing) else { return }
            Task {
                await store.expireIdle()
                if let durable {
                    durable.sweepLater()
                    let now = store.clock.now()
                    let streaming = store.sessions.filter { $0.inUse(now: now, within: 0) }.compactMap(\.durability)
                    durable.refreshLater(streaming.filter { $0.savedLongerAgo(than: idleTTL / 2) })
                }
                sweeping.running.store(false, ordering: .releasing)
            }
        }
        var leases: [TimerBox] = []
        if let durable, durable.holder != nil {
            leases.append(TimerBox(every: DurableSessions.renewSeconds) { Self.renewLeases(store, durable) })
        }
        timers.withLock { $0 = [heartbeat, sweep] + leases }
        let saved = durable.map { " (sessions saved to \($0.setting))" } ?? ""
        context.logger.info(
            "LiveUI listening on http://\(configuration.host):\(port) (\(context.routes.pages.count) pages)\(saved)")
        return port
    }

    /// Stops cleanly: stops accepting, ends every event stream with a last `shutdown` event, drains
    /// in-flight requests, stops the daemon, then closes every session's graphs. Safe to call twice.
    public func stop() async {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for timer in timers.withLock({ t -> [TimerBox] in defer { t = [] }; return t }) { timer.cancel() }
        let http = http
        let store = context.store
        // On a thread of its own: the drain and the daemon's stop block for as long as requests take, and
        // on Linux libdispatch's global queue is Swift's cooperative pool (a thread per core), where the
        // answers of async routes being drained may be waiting to run.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                http.stop(endStreams: {
                    for stream in store.streams { stream.finish(event: "shutdown", data: "{\"reason\":\"server stopping\"}") }
                })
                done.resume()
            }.start()
        }
        if let durable = store.durable {
            await Self.saveAll(store)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    durable.shutdown()
                    done.resume()
                }.start()
            }
        }
        await store.closeAll(reason: "shutdown")
        context.logger.info("LiveUI stopped")
    }

    /// Every durable session's graphs' unsaved changes (made by tasks since their last event), committed.
    private static func saveAll(_ store: SessionStore) async {
        var pending: [(SessionDurability, String, StateChanges)] = []
        for session in store.sessions {
            guard let durability = session.durability, !durability.failed else { continue }
            for host in session.openGraphs {
                let changes = await withCheckedContinuation { (done: CheckedContinuation<StateChanges, Never>) in
                    host.graph.takeStateChanges { done.resume(returning: $0) }
                }
                pending.append((durability, host.route, changes))
            }
        }
        guard !pending.isEmpty else { return }
        let work = pending
        // Commits block: on a thread of their own, not on the cooperative pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for (durability, route, changes) in work { _ = durability.save(route: route, changes, tab: nil, seq: nil) }
                done.resume()
            }.start()
        }
    }

    /// Renews the leases of the durable sessions in use (a request or an open stream within the lease's time
    /// less one renewal); the others are dropped from memory and their leases given up, so that another
    /// instance may take them over at once. A session whose lease another instance holds now is dropped.
    static func renewLeases(_ store: SessionStore, _ durable: DurableSessions) {
        let now = store.clock.now()
        var renew: [ServerSession] = []
        for session in store.sessions where session.durability != nil {
            if session.inUse(now: now, within: DurableSessions.leaseSeconds - DurableSessions.renewSeconds) {
                renew.append(session)
            } else {
                store.drop(session, reason: "idle")
            }
        }
        durable.renewLater(renew) { lost in store.drop(lost, reason: "moved") }
    }

    /// Starts, then blocks until SIGINT or SIGTERM, stops cleanly and exits the process with status 0.
    /// A second signal while stopping exits at once with status 1.
    public func run() throws -> Never {
        try start()
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [self] in
                if stopped.load(ordering: .acquiring) { exit(1) }
                context.logger.info("signal \(number): stopping")
                Task {
                    await self.stop()
                    exit(0)
                }
            }
            source.resume()
            return source
        }
        withExtendedLifetime(signals) { dispatchMain() }
    }

    /// Loads the configuration (`config/liveui.json`, `LIVEUI_*`, command-line flags), then serves `routes`
    /// until SIGINT/SIGTERM. `--print-config-table` or `--print-config-file` alone prints the settings' table of
    /// `config/README.md` or the default `config/liveui.json` instead, and exits. A configuration or start-up error (a route that cannot be served included) is
    /// printed to standard error naming the key or the route, and the process exits with status 2; a clean
    /// stop exits with 0. The other parameters are
    /// ``init(configuration:head:authorize:sharedObjects:sessionObjects:routes:)``'s.
    ///
    /// ```swift
    /// // main.swift
    /// LiveServer.launch {
    ///     Route("/") { Gallery() }
    ///     Route("/items/:id") { request in ItemPage(id: request.parameters["id"] ?? "") }
    /// }
    /// ```
    public static func launch(
        head: [HeadElement] = [], authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil,
        @RouteBuilder routes: () -> [Route]
    ) -> Never {
        let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "liveui"
        if let text = Configuration.generatedText(arguments: Array(CommandLine.arguments.dropFirst())) {
            print(text, terminator: "")
            exit(0)
        }
        do {
            let configuration = try Configuration.load(warnings: { Logger.standardError("\(name): warning: \($0)") })
            try LiveServer(
                configuration: configuration, routes: routes(),
                app: AppOptions(head: head, authorize: authorize, sharedObjects: sharedObjects, sessionObjects: sessionObjects)
            ).run()
        } catch {
            Logger.standardError("\(name): \(error)")
            exit(2)
        }
    }

    /// Ends sessions idle for `sessionIdleTTL` now (the sweep timer calls this too); returns how many ended.
    @discardableResult
    func expireIdleSessions() async -> Int { await context.store.expireIdle() }
}

/// Whether an expiry sweep is running (sweeps never overlap).
private final class SweepFlag: Sendable {
    let running = Atomic<Bool>(false)
}

/// A repeating timer on a private queue. The dispatch source is created and resumed in `init` and
/// afterwards only cancelled, which libdispatch allows from any thread (listed in ``UncheckedSendable``).
final class TimerBox: Sendable {
    private let timer: UncheckedSendable<any DispatchSourceTimer>

    init(every seconds: Double, _ action: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "liveui.timer"))
        source.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(Int(seconds * 100)))
        source.setEventHandler(handler: action)
        source.resume()
        timer = UncheckedSendable(source)
    }

    func cancel() { timer.value.cancel() }
}

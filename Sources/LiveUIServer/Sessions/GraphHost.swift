import LiveUI
import Synchronization

/// One view graph of one session (one per session and route): answers events with `seq` replay,
/// keeps the patch log for stream replay, and fans updates out to every open stream (every tab).
final class GraphHost: Sendable {
    /// Answers remembered per tab for `seq` retries.
    static let keptAnswers = 64
    /// Tabs whose `seq`s a graph remembers; beyond it, the tab that sent an event longest ago (and has none
    /// waiting for its answer) is forgotten.
    static let keptTabs = 32

    fileprivate struct Listener {
        let stream: SSEStream
        /// The tab the stream serves (``TabName``), if it named one: the updates of that tab's own events
        /// are not sent here (their answers carry them).
        var tab: String? = nil
        /// Non-nil while a `reset` is being prepared: updates wait here.
        var waiting: [(version: Int, json: String)]?
    }

    /// The `seq`s of one tab (``TabName``; `nil` for events that name none): each tab numbers its events
    /// itself, so one tab's `seq` never finds another tab's answer.
    fileprivate struct TabSeqs {
        let tab: String?
        /// The last `keptAnswers` answers, for retries.
        var answers = AnswerRing(capacity: GraphHost.keptAnswers)
        /// The events being applied, each with the retries waiting for its answer; never trimmed (an event
        /// leaves it when answered). Searched in order: it holds one event or none, but for a burst.
        var waiting: [(seq: Int, retries: [@Sendable (HTTPResponse) -> Void])] = []
        var highestSeq: Int?
        /// The highest seq the store had answered when a resumed session rebuilt the graph: a retry at or
        /// below it lost its answer with the process that gave it.
        var restoredSeq: Int?
        /// When the tab last sent a numbered event, in ``State/uses``.
        var lastUse = 0
    }

    fileprivate struct State {
        /// Per tab, at most `keptTabs` (more only while every one has an event in progress). Searched in
        /// order: a graph usually has one tab.
        var tabs: [TabSeqs] = []
        /// Numbered events received, the clock of ``TabSeqs/lastUse``.
        var uses = 0
        var log: PatchLog
        var version: Int
        var listeners: [Int: Listener] = [:]
        var cancel: (@Sendable () -> Void)?
        var closed = false
    }

    /// The concrete path this graph renders (canonical form).
    let route: String
    /// Who the page was opened for (the `authorize` hook's identity); nil for everyone.
    let identity: String?
    /// The graph.
    let graph: any HostedGraph
    /// Whether an event may run on the thread that read it (see
    /// ``HostedGraph/sendOnCallerIfIdle(_:ifLastTookAtMostNanoseconds:completion:)``).
    let eventsOnCaller: Bool
    /// How long the graph's last event may have taken for the next one to run on the thread that read it,
    /// in nanoseconds.
    let quickEventNanoseconds: UInt64
    /// The most bytes of patches a reconnecting stream is replayed; beyond it the stream gets a `reset`.
    let replayLimit: Int
    /// With `eventsOnCaller`, how many of the server's threads events running too long may hold before
    /// events stop running on the server's threads: one fewer than there are.
    let callerThreadLimit: Int
    /// Saves the graph's changes before each answer leaves (nil with the `memory` store).
    let saver: RouteSaver?
    private let state: Locked<State>

    /// Hosts `graph` and subscribes to its updates; with `eventsOnCaller`, an event for an idle graph whose
    /// last event took at most `quickEventLimit` runs on the thread that read it. A reconnecting stream is
    /// replayed at most `replayLimit` bytes of patches; beyond them it gets a `reset` with the full HTML.
    /// Events stop running on the server's `serverThreads` threads while all but one are held by events
    /// running too long (``EventWatch/callerThreadsHeld``).
    init(
        route: String, graph: any HostedGraph, logLength: Int, eventsOnCaller: Bool = false,
        quickEventLimit: Duration = LiveSession.quickEventLimit, identity: String? = nil,
        replayLimit: Int = SSEStream.maxPendingBytes / 2, serverThreads: Int = 2, saver: RouteSaver? = nil
    ) {
        self.route = route
        self.saver = saver
        self.identity = identity
        self.replayLimit = replayLimit
        callerThreadLimit = serverThreads - 1
        self.graph = graph
        self.eventsOnCaller = eventsOnCaller
        quickEventNanoseconds = EventTiming.nanoseconds(quickEventLimit)
        state = Locked(State(log: PatchLog(capacity: logLength), version: graph.version))
        let host = WeakReference(self)
        let cancel = graph.subscribeUpdates { update in host.object?.broadcast(update) }
        state.withLock { $0.cancel = cancel }
    }

    /// The version of the last update seen.
    var version: Int { state.withLock { $0.version } }

    /// Streams listening now.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    // MARK: Events

    /// Applies `event`, or replays the stored answer if its `seq` was already answered. Each answer is
    /// counted by `meter` as it is handed to `respond`.
    func handle(_ event: ClientEvent, meter: Metrics.EventMeter, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        guard let seq = event.seq else {
            if let refusal = saver?.admit(tab: event.origin, seq: nil) {
                Self.deliver(refusal.response, meter, respond)
                return
            }
            apply(event, seq: nil, meter, respond)
            return
        }
        enum Decision { case replay(HTTPResponse), wait, stale, lost, apply(previous: Int?) }
        let tab = event.origin
        let restored = saver?.restoredSeqs
        let decision = state.withLock { s -> Decision in
            let t = s.tabIndex(tab, restored: restored)
            s.uses += 1
            s.tabs[t].lastUse = s.uses
            // Only a seq seen before can have an answer or be in progress: a new one (the usual event)
            // looks nothing up.
            if let highest = s.tabs[t].highestSeq, seq <= highest {
                if let response = s.tabs[t].answers.response(for: seq) { return .replay(response) }
                if let index = s.tabs[t].waiting.firstIndex(where: { $0.seq == seq }) {
                    s.tabs[t].waiting[index].retries.append { response in Self.deliver(response, meter, respond) }
                    return .wait
                }
                if let restored = s.tabs[t].restoredSeq, seq <= restored { return .lost }
                return .stale
            }
            let previous = s.tabs[t].highestSeq
            s.tabs[t].highestSeq = seq
            s.tabs[t].waiting.append((seq, []))
            return .apply(previous: previous)
        }
        switch decision {
        case .replay(let response): Self.deliver(response, meter, respond)
        case .wait: break
        case .stale: Self.deliver(ServerError.staleSeq(seq).response, meter, respond)
        case .lost: answerWithPage(seq: seq, meter, respond)
        case .apply(let previous):
            if let refusal = saver?.admit(tab: tab, seq: seq) {
                refuse(seq: seq, tab: tab, previous: previous, refusal.response, meter, respond)
                return
            }
            apply(event, seq: seq, meter, respond)
        }
    }

    /// Answers a retry of an event applied and saved by a process that is gone (its answer went with it):
    /// applied already, it is not applied again; the answer carries the page as it is now (`html`), which the
    /// client puts in place of its own, as after a stream's `reset`.
    private func answerWithPage(seq: Int, _ meter: Metrics.EventMeter, _ respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let graph = graph
        graph.html { html in
            let body = "{\"version\":\(graph.version),\"seq\":\(seq),\"patches\":[],\"html\":\(JSONString(html))}"
            Self.deliver(.json(body), meter, respond)
        }
    }

    /// Answers event `seq` of `tab` with `response` without applying it (the store is down, or the event
    /// keeps stopping the server): the seq is forgotten, so that the client's retry is applied afresh.
    private func refuse(
        seq: Int, tab: String?, previous: Int?, _ response: HTTPResponse, _ meter: Metrics.EventMeter,
        _ respond: @Sendable (HTTPResponse) -> Void
    ) {
        let waiters = state.withLock { s -> [@Sendable (HTTPResponse) -> Void] in
            guard let t = s.tabs.firstIndex(where: { $0.tab == tab }) else { return [] }
            if s.tabs[t].highestSeq == seq { s.tabs[t].highestSeq = previous }
            guard let index = s.tabs[t].waiting.firstIndex(where: { $0.seq == seq }) else { return [] }
            return s.tabs[t].waiting.remove(at: index).retries
        }
        Self.deliver(response, meter, respond)
        for waiter in waiters { waiter(response) }
    }

    /// Applies `event` on this thread when events may run here and the graph is idle (the completion then
    /// does not escape: no closure object is made for it), else on the graph's own thread.
    private func apply(
        _ event: ClientEvent, seq: Int?, _ meter: Metrics.EventMeter, _ respond: @escaping @Sendable (HTTPResponse) -> Void
    ) {
        // Never on the last of the server's threads that events running too long do not hold: that one
        // stays free to answer (a handler that never returns holds its thread for good).
        if eventsOnCaller, EventWatch.shared.callerThreadsHeld < callerThreadLimit,
            graph.sendOnCallerIfIdle(event, ifLastTookAtMostNanoseconds: quickEventNanoseconds, completion: {
                Self.answered($0, seq: seq, tab: event.origin, self, self.saver, meter, respond)
            })
        {
            return
        }
        let host = WeakReference(self)
        let tab = event.origin
        // The saver is held here, not through the host: an answer given must have been saved.
        let saver = saver
        let graph = graph
        graph.send(event) { result in
            Self.answered(result, seq: seq, tab: tab, host.object, saver, meter, respond, graph: graph)
        }
    }

    /// Delivers the answer to `respond`. For an event numbered `seq` by `tab`, first records the answer in
    /// `host` (if it is still there) for that tab's retries, and delivers it to the retries that waited too.
    private static func answered(
        _ result: Result<Update, LiveError>, seq: Int?, tab: String?, _ host: GraphHost?, _ saver: RouteSaver?,
        _ meter: Metrics.EventMeter, _ respond: @escaping @Sendable (HTTPResponse) -> Void, graph: (any HostedGraph)? = nil
    ) {
        // With a store, what the event changed is durable before its answer leaves: taken and queued inside the
        // job that applied it (so that the session's commits are in the order of its events), answered once the
        // commit completes (on this thread when it led the commit, else on the thread that committed it).
        if let saver, case .success = result, let graph = graph ?? host?.graph {
            if saver.savesInPlace {
                let error = saver.save(graph, tab: tab, seq: seq)
                finish(error?.response ?? answer(result, seq: seq), seq: seq, tab: tab, host, meter, respond)
                return
            }
            saver.save(graph, tab: tab, seq: seq) { error in
                finish(error?.response ?? answer(result, seq: seq), seq: seq, tab: tab, host, meter, respond)
            }
            return
        }
        finish(answer(result, seq: seq), seq: seq, tab: tab, host, meter, respond)
    }

    private static func finish(
        _ response: HTTPResponse, seq: Int?, tab: String?, _ host: GraphHost?, _ meter: Metrics.EventMeter,
        _ respond: @Sendable (HTTPResponse) -> Void
    ) {
        guard let seq else {
            deliver(response, meter, respond)
            return
        }
        let waiters =
            host?.state.withLock { s -> [@Sendable (HTTPResponse) -> Void] in
                // The tab is still there: it is not forgotten while its event is in progress.
                guard let t = s.tabs.firstIndex(where: { $0.tab == tab }) else { return [] }
                s.tabs[t].answers.append(seq: seq, response)
                guard let index = s.tabs[t].waiting.firstIndex(where: { $0.seq == seq }) else { return [] }
                return s.tabs[t].waiting.remove(at: index).retries
            } ?? []
        deliver(response, meter, respond)
        for waiter in waiters { waiter(response) }
    }

    /// Counts `response` as an event's answer with `meter`, then hands it to `respond`.
    private static func deliver(
        _ response: HTTPResponse, _ meter: Metrics.EventMeter, _ respond: @Sendable (HTTPResponse) -> Void
    ) {
        meter.answered(response)
        respond(response)
    }

    /// `{"version","seq","patches"}` or the error's JSON.
    static func answer(_ result: Result<Update, LiveError>, seq: Int?) -> HTTPResponse {
        switch result {
        case .success(let update):
            return .eventAnswer(update, seq: seq)
        case .failure(let error):
            return ServerError(error).response
        }
    }

    // MARK: Streams

    /// Adds `stream` as a listener. With `lastEventID` it first replays the missed updates from the log,
    /// or sends `event: reset` with the full HTML when the log no longer has them or they exceed
    /// ``replayLimit``. A client sends the last version it applied, from either channel, as `lastEventID`:
    /// a tab's own updates are not on its stream, so the stream's own ids would lag behind. With `tab`, the updates
    /// of events that name that tab are not sent to it: their answers carry them.
    func attach(_ stream: SSEStream, lastEventID: Int?, tab: String? = nil) {
        enum Start { case live, reset, closed }
        // Replay happens under the graph's lock so a concurrent broadcast cannot overtake it
        // (lock order: graph, then stream; a stream never takes a graph's lock).
        let start = state.withLock { s -> Start in
            guard !s.closed else { return .closed }
            guard let last = lastEventID, last != s.version else {
                s.listeners[stream.id] = Listener(stream: stream, tab: tab, waiting: nil)
                return .live
            }
            let missed = s.log.entries(after: last)
            let contiguous =
                last < s.version && missed.first?.version == last + 1 && missed.count == s.version - last
            // A replay larger than the stream may hold for its client would end the stream with nothing sent,
            // and the reconnect would ask for the same replay again: the full HTML is sent instead.
            if contiguous, Self.replayBytes(missed) <= replayLimit {
                for entry in missed { stream.send(event: "patch", id: String(entry.version), data: entry.json) }
                s.listeners[stream.id] = Listener(stream: stream, tab: tab, waiting: nil)
                return .live
            }
            s.listeners[stream.id] = Listener(stream: stream, tab: tab, waiting: [])
            return .reset
        }
        switch start {
        case .closed:
            stream.finish(event: "end", data: "{\"reason\":\"closed\"}")
        case .live:
            break
        case .reset:
            graph.html { [weak self] html in self?.completeReset(stream, html: html) }
        }
        stream.onClose { [weak self] in self?.detach(stream) }
    }

    /// The bytes `entries` take on a stream, close enough to compare with ``replayLimit``.
    private static func replayBytes(_ entries: [PatchLog.Entry]) -> Int {
        entries.reduce(0) { $0 + $1.patchesText.utf8.count + 64 }
    }

    private func completeReset(_ stream: SSEStream, html: String) {
        let version = graph.version
        state.withLock { s in
            guard let waiting = s.listeners[stream.id]?.waiting else { return }
            stream.send(event: "reset", id: String(version), data: "{\"version\":\(version),\"html\":\(JSONString(html))}")
            for entry in waiting where entry.version > version {
                stream.send(event: "patch", id: String(entry.version), data: entry.json)
            }
            s.listeners[stream.id]?.waiting = nil
        }
    }

    /// Removes a listener (its connection closed).
    func detach(_ stream: SSEStream) { _ = state.withLock { $0.listeners.removeValue(forKey: stream.id) } }

    /// Records an update in the log and sends it to every listener.
    func broadcast(_ update: Update) {
        state.withLock { s in
            guard !s.closed else { return }
            s.version = max(s.version, update.version)
            // The log keeps the update's patch text as it is; the stream's JSON is made only for listeners.
            s.log.append(version: update.version, patchesText: update.patchesText)
            guard !s.listeners.isEmpty else { return }
            // The tab whose event this is gets the update in the event's answer: its stream is left out,
            // unless it is being reset (its queue keeps every update after the reset's version). When every
            // listener is left out (one tab, the usual case), the stream's JSON is not made.
            let origin = update.origin
            func leftOut(_ listener: Listener) -> Bool { origin != nil && listener.waiting == nil && listener.tab == origin }
            guard s.listeners.values.contains(where: { !leftOut($0) }) else { return }
            let json = update.json
            for (id, listener) in s.listeners where !leftOut(listener) {
                if listener.waiting != nil {
                    s.listeners[id]?.waiting?.append((update.version, json))
                } else {
                    listener.stream.send(event: "patch", id: String(update.version), data: json)
                }
            }
        }
    }

    /// Every open stream of this graph.
    var streams: [SSEStream] { state.withLock { $0.listeners.values.map(\.stream) } }

    /// Ends the graph: streams get a last `end` event, the subscription is cancelled, the graph closed.
    func close(reason: String) async {
        let (cancel, listeners) = state.withLock { s -> ((@Sendable () -> Void)?, [Listener]) in
            s.closed = true
            defer {
                s.cancel = nil
                s.listeners = [:]
            }
            return (s.cancel, Array(s.listeners.values))
        }
        cancel?()
        for listener in listeners { listener.stream.finish(event: "end", data: "{\"reason\":\(JSONString(reason))}") }
        await graph.close()
    }
}

extension GraphHost.State {
    /// The index of `tab`'s entry in ``tabs``, made if new; making one beyond ``GraphHost/keptTabs`` first
    /// forgets the tab idle longest (one with an event in progress is kept: its retries wait on it).
    fileprivate mutating func tabIndex(_ tab: String?, restored: [String?: Int]? = nil) -> Int {
        if let index = tabs.firstIndex(where: { $0.tab == tab }) { return index }
        if tabs.count >= GraphHost.keptTabs,
            let oldest = tabs.indices.filter({ tabs[$0].waiting.isEmpty }).min(by: { tabs[$0].lastUse < tabs[$1].lastUse })
        {
            tabs.remove(at: oldest)
        }
        var entry = GraphHost.TabSeqs(tab: tab)
        if let seq = restored?[tab] {
            entry.highestSeq = seq
            entry.restoredSeq = seq
        }
        tabs.append(entry)
        return tabs.count - 1
    }
}

/// The life of one session as a pure state machine: live → expired → released.
///
/// It never reads a clock: every input carries `now` (seconds on a monotonic scale), so tests drive it
/// with any times they like. Actions tell the owner what to do; the machine does no I/O.
struct SessionLifecycle: Sendable, Equatable {
    /// Where the session is in its life.
    enum Phase: Sendable, Equatable {
        /// Accepting requests.
        case live
        /// Ended (idle too long, or the server stops); its graphs are being closed.
        case expired
        /// Its graphs are closed and its storage released.
        case released
    }

    /// What the owner must do after an input.
    enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Close every graph of the session (onDisappear, cancel tasks, release storage), then call `released()`.
        case close
    }

    /// Whether an event stream may open (``openStream(now:limit:)``).
    enum StreamAdmission: Sendable, Equatable {
        /// It opened and is counted.
        case opened
        /// The session is no longer live (the caller answers 410).
        case expired
        /// The session already has the most streams allowed (the caller answers 429).
        case full
    }

    private(set) var phase = Phase.live
    private(set) var lastActivity: Double
    private(set) var openStreams = 0
    /// Whether the session has received an event: until it has, ``unusedTTL`` applies instead of ``idleTTL``.
    private(set) var hasReceivedEvent = false
    /// Seconds without activity (and with no open stream) before expiry.
    let idleTTL: Double
    /// Seconds without activity (and with no open stream) before a session that never received an event
    /// expires (a page loaded and left, a session made and abandoned); at most ``idleTTL``.
    let unusedTTL: Double

    /// A live session; `unusedTTL` (`idleTTL` if nil or larger) applies until its first event.
    init(now: Double, idleTTL: Double, unusedTTL: Double? = nil) {
        lastActivity = now
        self.idleTTL = idleTTL
        self.unusedTTL = min(unusedTTL ?? idleTTL, idleTTL)
    }

    /// Whether the session is live with no open stream: what may be ended to make room for a new one, least
    /// recently active first.
    var isIdle: Bool { phase == .live && openStreams == 0 }

    /// A request used the session. Returns false if the session is no longer live (the caller answers 410).
    mutating func touch(now: Double) -> Bool {
        guard phase == .live else { return false }
        lastActivity = max(lastActivity, now)
        return true
    }

    /// An event arrived for the session (with its token). Returns false if the session is no longer live.
    mutating func eventReceived(now: Double) -> Bool {
        guard touch(now: now) else { return false }
        hasReceivedEvent = true
        return true
    }

    /// An event stream of the session opened. Returns false if the session is no longer live.
    mutating func streamOpened(now: Double) -> Bool { openStream(now: now, limit: .max) == .opened }

    /// An event stream asks to open: counted unless the session is no longer live or already has `limit`.
    mutating func openStream(now: Double, limit: Int) -> StreamAdmission {
        guard phase == .live else { return .expired }
        guard openStreams < limit else { return .full }
        _ = touch(now: now)
        openStreams += 1
        return .opened
    }

    /// An event stream closed; the idle period starts now if it was the last one.
    mutating func streamClosed(now: Double) {
        openStreams = max(0, openStreams - 1)
        if phase == .live { lastActivity = max(lastActivity, now) }
    }

    /// Time passes: a live session with no open stream and no activity for `idleTTL` (`unusedTTL` before its
    /// first event) expires.
    mutating func tick(now: Double) -> Action {
        guard phase == .live, openStreams == 0, now - lastActivity >= (hasReceivedEvent ? idleTTL : unusedTTL) else {
            return .none
        }
        phase = .expired
        return .close
    }

    /// The server stops (or the session is evicted): a live session expires at once.
    mutating func end() -> Action {
        guard phase == .live else { return .none }
        phase = .expired
        return .close
    }

    /// The graphs are closed.
    mutating func released() {
        precondition(phase != .live, "SessionLifecycle.released() before the session expired")
        phase = .released
    }
}

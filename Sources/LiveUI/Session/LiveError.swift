/// Why a client event was refused. A refused event leaves the graph untouched.
public enum LiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No element has this `data-lid` or `accessibilityIdentifier`.
    case unknownTarget(String)
    /// Several elements carry this `accessibilityIdentifier`; their `data-lid`s are listed.
    case ambiguousTarget([String])
    /// The target does not handle this event type now: it never does, or it is disabled or hidden.
    case unsupportedEvent(target: String, type: String)
    /// The event's value cannot be used by the target (not a number, missing, out of range…).
    case invalidValue(target: String, value: String?, reason: String)
    /// The session was closed; it accepts no more events.
    case sessionClosed

    /// A short machine-readable code, as used in HTTP error bodies.
    public var code: String {
        switch self {
        case .unknownTarget: "unknown_target"
        case .ambiguousTarget: "ambiguous_target"
        case .unsupportedEvent: "unsupported_event"
        case .invalidValue: "invalid_value"
        case .sessionClosed: "session_closed"
        }
    }

    public var description: String {
        switch self {
        case .unknownTarget(let t): "no element is identified by '\(t)'"
        case .ambiguousTarget(let lids): "the identifier matches several elements: \(lids.joined(separator: ", "))"
        case .unsupportedEvent(let t, let type): "'\(t)' does not handle '\(type)' events"
        case .invalidValue(let t, let v, let reason): "invalid value \(v.map { "'\($0)'" } ?? "(none)") for '\(t)': \(reason)"
        case .sessionClosed: "the session is closed"
        }
    }
}

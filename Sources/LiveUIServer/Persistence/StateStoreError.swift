/// Why a state store refused an operation; nothing was changed by it.
package enum StateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store is down, unreachable, locked, full or answered garbage (the server answers 503). The
    /// outcome of a write interrupted after it was sent is unknown: it may have been applied, and is
    /// safe to apply again.
    case unavailable(String)
    /// The writer's batch was refused for this session: the writer does not hold its lease (another
    /// instance took it over), so the session must not go on here.
    case leaseLost(session: String)

    /// `store unavailable: <reason>` or `lease lost: <session>`, for logs.
    package var description: String {
        switch self {
        case .unavailable(let reason): "store unavailable: \(reason)"
        case .leaseLost(let session): "lease lost: session \(session.prefix(8))…"
        }
    }
}

/// The answer to ``StateStore/acquireLease(session:holder:ttl:)``.
package enum LeaseResult: Sendable, Equatable {
    /// The caller holds the lease for the `ttl` it asked.
    case granted
    /// `holder` holds it for `expiresIn` more seconds (a `Retry-After` for the client), unless it gives
    /// it up sooner.
    case heldElsewhere(holder: String, expiresIn: Double)

    /// Whether the lease was granted.
    package var isGranted: Bool { self == .granted }
}

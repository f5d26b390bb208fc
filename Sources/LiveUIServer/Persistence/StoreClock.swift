import Foundation

/// Wall-clock time in seconds since 1970 for expiry and leases that outlive the process (a monotonic
/// clock restarts with the machine), injected so that tests move time without waiting.
package struct StoreClock: Sendable {
    /// The current time in seconds since 1970.
    package let now: @Sendable () -> Double

    /// A clock that reads `now`.
    package init(now: @escaping @Sendable () -> Double) { self.now = now }

    /// The system's wall clock.
    package static let system = StoreClock { Date().timeIntervalSince1970 }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds: never goes back, and does not move
/// with the wall clock. For durations and deadlines that only this process compares.
///
/// One `clock_gettime` through the vDSO: a request reads the clock several times (its duration, the
/// event's, the session's last use), and `DispatchTime.now()` and `Date()` each go through more code
/// to the same reading.
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (the system's boot on Linux).
    @inline(__always)
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Seconds since the same point as ``nanoseconds()``.
    @inline(__always)
    package static func seconds() -> Double { Double(nanoseconds()) / 1e9 }
}

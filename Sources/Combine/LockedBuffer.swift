import CLiveUILock

/// An object holding a header and the one-word lock that guards it (`liveui_lock`), in one allocation:
/// the header is the buffer's header, the lock word its one element (the word must not move, and an
/// object's tail storage does not).
///
/// ``Locked`` is built on it; a header that keeps fixed facts beside its guarded state (the server's
/// request context) has the facts read through `withUnsafeMutablePointerToHeader` without the lock.
/// Shared with the server (package access).
package final class LockedBuffer<Header>: ManagedBuffer<Header, UInt32> {
    // The pointers below hand the lock word to C (`liveui_lock`): C interop, not a speed claim.
    /// A buffer holding `header` (moved in, not copied: a copy would retain every reference it holds)
    /// and a free lock.
    package static func make(_ header: consuming Header) -> LockedBuffer {
        var moving = Optional(header)
        let buffer = create(minimumCapacity: 1) { _ in moving.take().unsafelyUnwrapped }
        // `create` called on `LockedBuffer` makes a `LockedBuffer`; its declared type is the base class.
        let made = unsafeDowncast(buffer, to: LockedBuffer.self)
        made.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
        return made
    }

    /// Runs `body` with exclusive access to the header; `body` must not call back into this lock.
    ///
    /// The header is reached through a pointer, so Swift's run-time exclusivity check is not made: the
    /// lock gives the exclusivity (a call back into the lock from `body` would deadlock, not overlap).
    package func withLockedHeader<R>(_ body: (inout Header) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, word in
            liveui_lock(word)
            defer { liveui_unlock(word) }
            return try body(&header.pointee)
        }
    }
}

/// Carries a non-sendable value to a job that runs on the owning session's serial queue.
///
/// This is the one place LiveUI vouches for sendability by hand: every value wrapped here belongs
/// to a session's graph and is only dereferenced by jobs on that session's serial queue (or by a
/// task whose executor preference is that queue), so no two threads touch it at the same time.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

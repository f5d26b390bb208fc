/// A reference that does not keep its object alive, for callbacks an object registers on something it
/// owns (`graph.onUpdate = { … }`), which would otherwise keep it alive.
///
/// Captured by value, it is read without the run-time exclusivity check a `[weak self]` capture costs
/// on every call (a capture list's weak variable is a mutable box; this one cannot change).
package struct WeakReference<Object: AnyObject> {
    /// The object, or `nil` once it is gone.
    package weak let object: Object?

    /// A reference to `object`.
    package init(_ object: Object) { self.object = object }
}

extension WeakReference: Sendable where Object: Sendable {}

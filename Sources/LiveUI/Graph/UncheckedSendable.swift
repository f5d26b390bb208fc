/// Carries a value the compiler cannot prove sendable across threads, on its owner's word.
///
/// This file is where LiveUI vouches for sendability by hand. A type that needs the claim holds its
/// unprovable part in this wrapper, so the type itself is checked `Sendable`; where that is not possible
/// (a base class, a module below LiveUI), the type says `@unchecked Sendable` itself and is listed here.
/// Every claim rests on one of four reasons:
///
/// - **Confined to a session's queue.** A graph value (a node, a handle, a request's context inside the
///   answer closure) is only dereferenced by jobs on its session's serial queue, or it guards its own
///   state with its lock. Wrapped here: the answer closure's `RequestContext` (`HTTPServer+AccessHandler`),
///   and the graph values jobs carry to their session. `WeakNode` (`ViewGraph+Evaluate.swift`) says
///   `@unchecked` itself: its handle's node is only read on the graph's queue, its other fields never change.
/// - **Guarded by a lock.** State read and written only with a lock held: `Locked` and `SubscriberList`
///   (Combine, below LiveUI), `SessionWorkers` and `SessionExecutor` (`Session/`, whose scheduling
///   links are guarded by the workers' lock).
/// - **Immutable after construction, holding closures.** Worked out once per type and shared by every
///   session: `ViewTypeInfo`, `ComparisonPlan`, `LinkPlan` (`DynamicProperty.swift`), `TupleParts`
///   (`ViewBuilder.swift`), `SharedEventHandler` (`GraphNode.swift`). Their closures are not `@Sendable`
///   in type, but they capture only metatypes and other such shared plans. `HTTPHeaders`' storage (a
///   `ManagedBuffer`, never `Sendable`) is written only while it is made.
/// - **C handles.** libmicrohttpd's daemon and connection pointers (`CPointer`), its logger record
///   (`LoggerBox`), and a dispatch timer that is only cancelled after it starts (`TimerBox`): wrapped here.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

import Observation

/// A value shared by views on many threads (every session's pages): read as a snapshot, changed under a
/// lock, and each change announced to every view that read it, wherever it runs.
///
/// ```swift
/// struct Board: Sendable { var cards: [String] = [] }
/// let board = SharedModel(Board())               // one for the whole server
///
/// struct BoardView: View {
///     @EnvironmentObject var board: SharedModel<Board>   // or @Environment(SharedModel<Board>.self)
///     var body: some View {
///         ForEach(board.cards, id: \.self) { Text($0) }
///         Button("Add") { board.update { $0.cards.append("card") } }
///     }
/// }
/// ```
/// A session's graph is touched by one thread at a time, but two sessions run on two threads: a plain
/// class read by both while one writes is a data race. Here a read copies the value under the lock and
/// ``update(_:)`` changes it under the same lock, so changes apply one at a time, in the order they take
/// the lock, and the announcement is sent before the lock is released: a page re-rendered because of a
/// change reads that change or a later one, never an older value. Every session showing the value gets
/// the change pushed over its event stream.
///
/// It is an `ObservableObject` (read with `@EnvironmentObject`, `@ObservedObject`) and `Observable` (read
/// with `@Environment(SharedModel<Value>.self)`): views re-render when it changes, on their own thread.
@dynamicMemberLookup
public final class SharedModel<Value: Sendable>: ObservableObject, Observable, Sendable {
    private let state: Locked<Value>
    private let registrar = ObservationRegistrar()
    /// Fires, under the lock, before each change.
    public let objectWillChange = ObservableObjectPublisher()

    /// A model holding `value`.
    public init(_ value: Value) { state = Locked(value) }

    /// A copy of the current value; the view reading it is re-rendered when it changes.
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return state.withLock { $0 }
    }

    /// A property of the current value: `board.cards` reads `board.value.cards`.
    public subscript<Property>(dynamicMember keyPath: KeyPath<Value, Property>) -> Property {
        registrar.access(self, keyPath: \.value)
        return state.withLock { $0[keyPath: keyPath] }
    }

    /// Changes the value with `body`, under the lock, after announcing the change; returns what `body`
    /// returns. `body` must not use this model (its lock is held).
    @discardableResult
    public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try state.withLock { value in
            objectWillChange.send()
            return try registrar.withMutation(of: self, keyPath: \.value) { try body(&value) }
        }
    }
}

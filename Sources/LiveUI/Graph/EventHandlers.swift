/// The event handlers of one element, by event type: a short list (an element handles one or two events).
/// One handler shared by every node of a view type (a ``SharedEventHandler``, as a button's click) is kept
/// without an allocation of its own.
package struct EventHandlers {
    // A struct, not a tuple: an array of tuples keeps closures in their most general form, which costs
    // a conversion (and an allocation) each time one is stored or read.
    private struct Entry {
        let type: String
        var handler: EventHandler
    }

    // One word: both payloads are references.
    private enum Storage {
        /// Only a shared handler (the usual case for a control).
        case shared(SharedEventHandler)
        /// Any handlers (none when empty: an empty array allocates nothing).
        case list([Entry])
    }

    private var storage: Storage = .list([])

    package init() {}

    /// The handler for `type` events, if any; setting `nil` removes it.
    package subscript(type: String) -> EventHandler? {
        get {
            switch storage {
            case .shared(let shared): return shared.type == type ? shared.handler : nil
            case .list(let entries):
                for entry in entries where entry.type == type { return entry.handler }
                return nil
            }
        }
        set {
            var entries = takeEntries()
            let index = entries.firstIndex { $0.type == type }
            switch (index, newValue) {
            case (let i?, let handler?): entries[i].handler = handler
            case (let i?, nil): entries.remove(at: i)
            case (nil, let handler?): entries.append(Entry(type: type, handler: handler))
            case (nil, nil): break
            }
            storage = .list(entries)
        }
    }

    /// Registers `shared` for its event type, replacing any handler of that type.
    package mutating func set(_ shared: SharedEventHandler) {
        switch storage {
        case .list(let entries) where entries.isEmpty: storage = .shared(shared)
        case .shared(let current) where current.type == shared.type: storage = .shared(shared)
        default: self[shared.type] = shared.handler
        }
    }

    /// The handlers as a list, leaving the storage empty (a list's buffer is moved out, not copied).
    private mutating func takeEntries() -> [Entry] {
        let taken = storage
        storage = .list([])
        switch taken {
        case .shared(let shared): return [Entry(type: shared.type, handler: shared.handler)]
        case .list(let entries): return entries
        }
    }

    /// Whether the element handles no event.
    package var isEmpty: Bool {
        switch storage {
        case .shared: false
        case .list(let entries): entries.isEmpty
        }
    }

    /// Removes every handler, keeping a list's storage for the next expansion.
    package mutating func removeAll() {
        guard case .list = storage else {
            storage = .list([])
            return
        }
        var entries = takeEntries()
        entries.removeAll(keepingCapacity: true)
        storage = .list(entries)
    }
}

/// Handles one client event sent to the element of the node it is given (with the event's value);
/// throws a ``LiveError`` before changing anything when the value is unusable.
package typealias EventHandler = (GraphNode, String?) throws -> Void

/// One event handler shared by every node of a type: it finds what it needs (the newest closures)
/// through the node it is given, so registering it on each expansion allocates nothing.
package final class SharedEventHandler: @unchecked Sendable {
    // @unchecked: immutable; the handler only runs on the graph of the node it is given.
    /// The event type it handles.
    let type: String
    let handler: EventHandler

    private init(_ type: String, _ handler: @escaping EventHandler) {
        self.type = type
        self.handler = handler
    }

    private static let cache = TypeCache<SharedEventHandler>()

    /// The handler of `event` events for nodes of `type`, made by `make` on first use (one handler per
    /// type: a type registers one shared handler).
    static func of(_ type: Any.Type, _ event: String, _ make: () -> EventHandler) -> SharedEventHandler {
        let shared = cache.value(for: type) { SharedEventHandler(event, make()) }
        precondition(shared.type == event, "LiveUI internal error: \(type) shares handlers for two events")
        return shared
    }
}

/// A list of object references that keeps a single reference without allocating an array: most
/// nodes have one child (a body, a modifier's content, a branch), most views one piece of storage,
/// most accessibility identifiers one element.
package struct ReferenceList<Element: AnyObject>: RandomAccessCollection, MutableCollection {
    // Two single-reference cases keep the whole list one word wide (over `AnyObject`, not `Element`:
    // an enum over a generic class type gets no spare bits and needs a tag byte more); no element is
    // an empty `many`, which allocates nothing. Only `Element`s are ever stored.
    private enum Storage {
        case one(AnyObject)
        case many([AnyObject])
    }

    private var storage: Storage = .many([])

    /// An empty list.
    package init() {}

    /// An empty list with room for `capacity` elements, appended in order.
    init(capacity: Int) {
        if capacity > 1 {
            var elements: [AnyObject] = []
            elements.reserveCapacity(capacity)
            storage = .many(elements)
        }
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    package subscript(position: Int) -> Element {
        get {
            switch storage {
            case .one(let element):
                precondition(position == 0, "LiveUI internal error: element \(position) of a one-element list")
                return unsafeDowncast(element, to: Element.self)
            case .many(let elements): return unsafeDowncast(elements[position], to: Element.self)
            }
        }
        set {
            switch storage {
            case .one:
                precondition(position == 0, "LiveUI internal error: element \(position) of a one-element list")
                storage = .one(newValue)
            case .many(var elements):
                storage = .many([])  // keeps `elements` uniquely referenced while it changes
                elements[position] = newValue
                storage = .many(elements)
            }
        }
    }

    /// Adds `element` after the others.
    mutating func append(_ element: Element) {
        switch storage {
        case .one(let first): storage = .many([first, element])
        case .many(let elements) where elements.capacity == 0: storage = .one(element)
        case .many(var elements):
            storage = .many([])  // keeps `elements` uniquely referenced while it grows
            elements.append(element)
            storage = .many(elements)
        }
    }

    /// Removes every element that is `element` itself.
    mutating func removeAll(identicalTo element: Element) {
        guard contains(where: { $0 === element }) else { return }
        let kept = filter { $0 !== element }
        self = ReferenceList(capacity: kept.count)
        for other in kept { append(other) }
    }

    /// Removes every element.
    mutating func removeAll() { storage = .many([]) }

    /// Takes out the list's only element, leaving the list empty; `nil`, and the list as it was, unless it
    /// has exactly one. The list no longer refers to the element.
    mutating func takeOnly() -> Element? {
        guard case .one(let element) = storage else { return nil }
        storage = .many([])
        return unsafeDowncast(element, to: Element.self)
    }

    /// Takes out every element, in order, leaving the list empty: the list no longer refers to them.
    mutating func takeAll() -> [AnyObject] {
        switch storage {
        case .one(let element):
            storage = .many([])
            return [element]
        case .many(let elements):
            storage = .many([])
            return elements
        }
    }
}

/// A node's child nodes, in content order.
package typealias NodeChildren = ReferenceList<GraphNode>

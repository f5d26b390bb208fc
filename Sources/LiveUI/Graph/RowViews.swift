/// The views one expansion of a ``ForEach`` made, one per element, each with the identity step that
/// keys it, laid out one after another in one allocation. The graph compares each view with its row's
/// node where it lies and copies one out only for a node that must keep a new value (a new row, a row
/// whose view changed takes it by assignment): no view is boxed on its own.
///
/// Reads go through this class, which is not generic; ``TypedRowViews`` builds and owns the storage.
class RowViews {
    /// Where the first view lies; view `index` lies `index * stride` bytes after it.
    final let base: UnsafeMutableRawPointer
    /// The distance between two views.
    final let stride: Int
    /// The views' type, and how to read one out or find its type information.
    final let part: TupleParts.Part
    /// The identity step of each view made so far, in order. Only the expansion that makes the rows
    /// appends to it, before anything reads it: no access needs checking for exclusivity.
    @exclusivity(unchecked) final fileprivate(set) var keys: [ChildKey] = []

    fileprivate init(base: UnsafeMutableRawPointer, stride: Int, part: TupleParts.Part, capacity: Int) {
        self.base = base
        self.stride = stride
        self.part = part
        keys.reserveCapacity(capacity)
    }

    /// How many views there are.
    final var count: Int { keys.count }

    /// Where view `index` lies.
    final func pointer(at index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < keys.count, "LiveUI internal error: row \(index) of \(keys.count)")
        return UnsafeRawPointer(base + index * stride)
    }
}

/// Row views of type `V`: room for a fixed number, appended in order, released with the object.
final class TypedRowViews<V: View>: RowViews {
    private let capacity: Int

    /// Room for `capacity` views.
    init(capacity: Int) {
        self.capacity = capacity
        let storage = UnsafeMutablePointer<V>.allocate(capacity: capacity)
        // `TupleParts` of a view type is that one view, at offset 0.
        super.init(
            base: UnsafeMutableRawPointer(storage), stride: MemoryLayout<V>.stride,
            part: TupleParts.of(V.self).part(0), capacity: capacity)
    }

    /// Appends `view`, keyed by `key`.
    func append(_ key: ChildKey, _ view: consuming V) {
        precondition(keys.count < capacity, "LiveUI internal error: more rows than room was made for")
        (base.assumingMemoryBound(to: V.self) + keys.count).initialize(to: view)
        keys.append(key)
    }

    deinit {
        let storage = base.assumingMemoryBound(to: V.self)
        storage.deinitialize(count: keys.count)
        storage.deallocate()
    }
}

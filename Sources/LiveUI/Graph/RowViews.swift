/// The views one expansion of a ``ForEach`` made, one per element, each with the identity step that
/// keys it, laid out one after another in one allocation. The graph compares each view with its row's
/// node where it lies and copies one out only for a node that must keep a new value (a new row, a row
/// whose view changed takes it by assignment): no view is boxed on its own.
///
/// Reads go through this class, which is not generic and owns the keys; ``TypedRowViews`` makes the rows
/// and owns their views' storage.
class RowViews {
    /// Where the first view lies; view `index` lies `index * stride` bytes after it.
    final let base: UnsafeMutableRawPointer
    /// The distance between two views.
    final let stride: Int
    /// The views' type, and how to read one out or find its type information.
    final let part: TupleParts.Part
    /// The identity step of each view, in order (room for `capacity`).
    private final let keys: UnsafeMutablePointer<ChildKey>
    /// How many views there are. Only the expansion that makes the rows appends to them, before anything
    /// reads them: no access needs checking for exclusivity.
    @exclusivity(unchecked) final fileprivate(set) var count = 0
    fileprivate final let capacity: Int

    fileprivate init(base: UnsafeMutableRawPointer, stride: Int, part: TupleParts.Part, capacity: Int) {
        self.base = base
        self.stride = stride
        self.part = part
        self.capacity = capacity
        keys = .allocate(capacity: capacity)
    }

    deinit {
        keys.deinitialize(count: count)
        keys.deallocate()
    }

    /// The identity step of view `index`.
    final func key(at index: Int) -> ChildKey {
        precondition(index >= 0 && index < count, "LiveUI internal error: row \(index) of \(count)")
        return keys[index]
    }

    /// Where view `index` lies.
    final func pointer(at index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < count, "LiveUI internal error: row \(index) of \(count)")
        return UnsafeRawPointer(base + index * stride)
    }

    /// Notes `key` for the view just placed at `count` (the caller checked that there was room).
    fileprivate final func appendKey(_ key: ChildKey) {
        (keys + count).initialize(to: key)
        count += 1
    }
}

/// Row views of type `V`: room for a fixed number, appended in order, released with the object.
final class TypedRowViews<V: View>: RowViews {
    /// Room for `capacity` views.
    init(capacity: Int) {
        let storage = UnsafeMutablePointer<V>.allocate(capacity: capacity)
        // `TupleParts` of a view type is that one view, at offset 0.
        super.init(
            base: UnsafeMutableRawPointer(storage), stride: MemoryLayout<V>.stride,
            part: TupleParts.of(V.self).part(0), capacity: capacity)
    }

    /// Appends `view`, keyed by `key`.
    func append(_ key: ChildKey, _ view: consuming V) {
        precondition(count < capacity, "LiveUI internal error: more rows than room was made for")
        (base.assumingMemoryBound(to: V.self) + count).initialize(to: view)
        appendKey(key)
    }

    deinit {
        let storage = base.assumingMemoryBound(to: V.self)
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}

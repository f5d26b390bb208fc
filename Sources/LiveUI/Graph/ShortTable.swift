/// A table for a handful of entries, most of the time: while it holds at most eight, they are kept in a
/// short list searched in order, and nothing is hashed; a table that outgrows the list moves its entries
/// to a dictionary, and back to the list once they are all removed.
///
/// For the graph's per-node data (``SideTable``), the accessibility identifiers of a page
/// (``AccessibilityIndex``) and a session's body evaluations per view type: an event reads or writes one
/// or two entries of tables that usually hold a few, where hashing a key costs more than comparing it
/// with each.
struct ShortTable<Key: Hashable, Value> {
    private struct Entry {
        let key: Key
        var value: Value
    }

    /// The most entries kept in ``few``; a table that would hold more moves them all to ``many``.
    private static var fewLimit: Int { 8 }
    /// The entries while there are at most ``fewLimit`` of them (``many`` is empty then).
    private var few: [Entry] = []
    /// The entries of a table that outgrew ``few`` (which is empty then), until they are all removed.
    private var many: [Key: Value] = [:]

    /// An empty table.
    init() {}

    /// `key`'s entry; setting `nil` removes it.
    subscript(key: Key) -> Value? {
        get { withValue(forKey: key) { $0 } }
        set {
            guard let value = consume newValue else {
                _ = removeValue(forKey: key)
                return
            }
            if many.isEmpty, let index = fewIndex(forKey: key) {
                few[index].value = consume value
            } else {
                add(key, consume value)
            }
        }
    }

    /// Where `key`'s entry is in the short list, if it is there.
    private func fewIndex(forKey key: Key) -> Int? { few.firstIndex { $0.key == key } }

    /// Adds an entry for `key`, which has none (or, in the dictionary, replaces it).
    private mutating func add(_ key: Key, _ value: consuming Value) {
        if !many.isEmpty {
            many[key] = consume value
        } else if few.count < Self.fewLimit {
            few.append(Entry(key: key, value: consume value))
        } else {
            outgrowFew(adding: key, consume value)
        }
    }

    /// Moves the short list's entries to the dictionary, with `value` for `key`: kept out of the setter,
    /// which an event runs with a short list.
    @inline(never)
    private mutating func outgrowFew(adding key: Key, _ value: consuming Value) {
        many.reserveCapacity(few.count * 2)
        for entry in few { many[entry.key] = entry.value }
        many[key] = consume value
        few.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with `key`'s entry where it is stored, without copying it; `nil` when `key` has none.
    func withValue<Result>(forKey key: Key, _ body: (Value) -> Result) -> Result? {
        if !many.isEmpty { return many.index(forKey: key).map { body(many.values[$0]) } }
        for index in few.indices where few[index].key == key { return body(few[index].value) }
        return nil
    }

    /// Changes `key`'s entry where it is stored; `nil` (and nothing changed) when `key` has none.
    mutating func modifyExisting<Result>(forKey key: Key, _ body: (inout Value) -> Result) -> Result? {
        if !many.isEmpty { return many.index(forKey: key).map { body(&many.values[$0]) } }
        guard let index = fewIndex(forKey: key) else { return nil }
        return body(&few[index].value)
    }

    /// Changes `key`'s entry where it is stored, or `fallback`'s value added for `key` when it has none.
    mutating func modify<Result>(forKey key: Key, default fallback: @autoclosure () -> Value, _ body: (inout Value) -> Result) -> Result {
        if let result = modifyExisting(forKey: key, body) { return result }
        var value = fallback()
        let result = body(&value)
        // Known to be absent: added without looking for it again.
        add(key, consume value)
        return result
    }

    /// Removes `key`'s entry and returns it (moved out, not copied); `nil` when `key` has none.
    mutating func removeValue(forKey key: Key) -> Value? {
        if !many.isEmpty { return many.removeValue(forKey: key) }
        guard let index = fewIndex(forKey: key) else { return nil }
        // The last entry (often the only one) is removed as it is; another changes places with it first.
        if index != few.count - 1 { few.swapAt(index, few.count - 1) }
        return few.removeLast().value
    }

    /// Whether the table has no entry.
    var isEmpty: Bool { few.isEmpty && many.isEmpty }

    /// How many entries the storage has room for.
    var capacity: Int { max(few.capacity, many.capacity) }

    /// Calls `body` with every entry, in no particular order.
    func forEach(_ body: (Key, Value) -> Void) {
        for entry in few { body(entry.key, entry.value) }
        for (key, value) in many { body(key, value) }
    }

    /// Removes every entry.
    mutating func removeAll(keepingCapacity: Bool = false) {
        // An empty list or dictionary is left as it is (emptying one costs as much as emptying a full one).
        if !few.isEmpty || !keepingCapacity { few.removeAll(keepingCapacity: keepingCapacity) }
        if !many.isEmpty || !keepingCapacity { many.removeAll(keepingCapacity: keepingCapacity) }
    }

    /// Gives back storage that a table with many entries grew and that is mostly empty again (a
    /// dictionary keeps its capacity when its entries are removed); a small table is kept for reuse.
    mutating func releaseSpareCapacity() {
        guard many.capacity > 64 && many.count < many.capacity / 8 else { return }
        many = many.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: many.map { ($0.key, $0.value) })
    }
}

/// One view per element of a collection, each keyed by the element's id: a reorder moves views
/// (and their state and DOM elements), it never re-creates them.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    /// The elements.
    public let data: Data
    /// An element's id: a property read for `Identifiable` elements and `\.self`, where applying the key
    /// path would go through the runtime's generic key path code for every element.
    let idOf: (Data.Element) -> ID
    let content: (Data.Element) -> Content
    /// What `.onDelete` and `.onMove` set: each row then gets its edit controls.
    var editActions = RowEditActions()

    /// Views keyed by `id` of each element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        if ID.self == Data.Element.self, id == \Data.Element.self as AnyKeyPath {
            // `\.self`: `ID` is `Data.Element`.
            self.init(data, idOf: { $0 as! ID }, content: content)
        } else {
            self.init(data, idOf: { $0[keyPath: id] }, content: content)
        }
    }

    init(_ data: Data, idOf: @escaping (Data.Element) -> ID, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.idOf = idOf
        self.content = content
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        // This code is not specialized for the collection's type, whose elements it reads through generic
        // entry points: through the collection's subscript, each read is a coroutine whose frame is
        // allocated; from contiguous storage (an array's), a plain copy. Another collection is copied into
        // an array first: one allocation instead of one per element.
        if let window = node.environment.lazyWindow, node.parent === window.container {
            return makeWindow(node, window)
        }
        if let content = data.withContiguousStorageIfAvailable({ makeContent(node, elements: $0) }) { return content }
        return ContiguousArray(data).withUnsafeBufferPointer { makeContent(node, elements: $0) }
    }

    /// The rows of a lazy stack's window only: the elements in it are copied out (never the whole data),
    /// and the rows leaving it park their `@State` (``LazyWindow``). Windowed rows never sleep: the window
    /// is small, and it moves.
    private func makeWindow(_ node: GraphNode, _ window: LazyWindow) -> NodeContent {
        window.rowsNode = node
        let rows = window.rows(of: data.count)
        let first = data.index(data.startIndex, offsetBy: rows.lowerBound)
        let last = data.index(first, offsetBy: rows.count)
        let elements = ContiguousArray(data[first..<last])
        let content = elements.withUnsafeBufferPointer { makeContent(node, elements: $0, sleeps: false) }
        if !node.children.isEmpty {
            var kept = Set<ChildKey>(minimumCapacity: content.children.count)
            for index in 0..<content.children.count { kept.insert(content.children.key(at: index)) }
            for row in node.children where !kept.contains(row.key) { node.graph.park(row, of: node, in: window) }
        }
        return content
    }

    /// With `sleeps`, the rows may sleep once the client has them; without `isWhole`, `elements` are some of
    /// the data's (rows built again for ``SleepingRows``), and the row editor keeps the ids it has.
    private func makeContent(
        _ node: GraphNode, elements: UnsafeBufferPointer<Data.Element>, sleeps: Bool = true, isWhole: Bool = true
    ) -> NodeContent {
        // Inside a picker each row stands for its element's id.
        if node.environment.pickerContext != nil {
            return makeRows(node, elements, sleeps: sleeps) {
                ModifiedContent(content: content($0), modifier: TagModifier(tag: AnyHashable(idOf($0))))
            }
        }
        if editActions.isEmpty { return makeRows(node, elements, sleeps: sleeps, content) }
        let editor = node.behavior { RowEditor() }
        if isWhole { editor.update(ids: elements.map { AnyHashable(idOf($0)) }, actions: editActions) }
        let (canDelete, canMove) = (editActions.delete != nil, editActions.move != nil)
        return makeRows(node, elements, sleeps: sleeps) {
            EditableRow(row: content($0), id: AnyHashable(idOf($0)), editor: editor, canDelete: canDelete, canMove: canMove)
        }
    }

    /// The rows `make` makes of `elements`, side by side (the graph reads them there), each keyed by
    /// its element's id.
    private func makeRows<V: View>(
        _ node: GraphNode, _ elements: UnsafeBufferPointer<Data.Element>, sleeps: Bool, _ make: (Data.Element) -> V
    ) -> NodeContent {
        let rows = TypedRowViews<V>(capacity: elements.count)
        // Keys the node's children already have, in the same places, are known to be unique (they were
        // made unique here before): only from the first key that is not where it was are keys looked up.
        let previous = node.children
        var seen: Set<ChildKey>?
        let intIDs = ID.self == Int.self
        // Whether the integer ids so far rise strictly: an id above the last one is then new (an append of
        // the next id hashes nothing), and the first that is not falls back to the set.
        var rising = intIDs
        var lastInt = Int.min
        var duplicates = 0
        for element in elements {
            let elementID = idOf(element)
            let intID = intIDs ? elementID as! Int : 0
            var key: ChildKey = intIDs ? .intID(intID) : .id(AnyHashable(elementID))
            let index = rows.count
            let above = rising && (index == 0 || intID > lastInt)
            rising = above
            lastInt = intID
            if seen == nil, index < previous.count, previous[index].key == key {
                // Unique: the keys before it were the node's children's too.
            } else if seen == nil, above {
                // Unique: above every id before it.
            } else {
                if seen == nil {
                    var known = Set<ChildKey>(minimumCapacity: elements.count)
                    for index in 0..<rows.count { known.insert(rows.key(at: index)) }
                    seen = known
                }
                if seen?.insert(key).inserted == false {
                    // Duplicate ids would share an identity; keep them apart and say so.
                    duplicates += 1
                    key = .id(AnyHashable([AnyHashable(elementID), AnyHashable(duplicates)]))
                }
            }
            rows.append(key, make(element))
        }
        // Rows with duplicate ids never sleep: a row built again alone could not tell which it is.
        if sleeps, duplicates == 0, elements.count >= node.graph.sleepingRowMinimum { node.graph.noteRowContainer(node) }
        if duplicates > 0 {
            node.graph.changeLog.write("LiveUI warning: ForEach<\(Data.self)> has \(duplicates) duplicate id(s); their views get separate identities")
        }
        return NodeContent(children: ContentChildren(rows))
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// Views keyed by each element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, idOf: { $0.id }, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range, keyed by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, idOf: { $0 }, content: content)
    }
}

extension ForEach: SleepingRowSource {
    func sleepingRows(_ node: GraphNode, at rows: [Int], of count: Int) -> NodeContent? {
        guard data.count == count else { return nil }
        var elements = ContiguousArray<Data.Element>()
        elements.reserveCapacity(rows.count)
        for row in rows { elements.append(data[data.index(data.startIndex, offsetBy: row)]) }
        return elements.withUnsafeBufferPointer { makeContent(node, elements: $0, sleeps: false, isWhole: false) }
    }
}

extension ForEach: LazyRowSource {
    var lazyRowCount: Int { data.count }

    func lazyIndex(of id: AnyHashable) -> Int? {
        var index = 0
        for element in data {
            if AnyHashable(idOf(element)) == id { return index }
            index += 1
        }
        return nil
    }
}

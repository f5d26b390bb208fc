/// Where a row's binding reads and writes: the element of a bound collection with a given id, found
/// by that id on every access, so the row's binding stays on its element after reorders and deletions.
final class ElementLocation<C: MutableCollection & RandomAccessCollection, ID: Hashable>: BindingLocation<C.Element> {
    let base: BindingLocation<C>
    let id: ID
    let idOf: (C.Element) -> ID
    /// Where the element was when the row was made: checked first, so a list that did not change
    /// finds each element without a search.
    let hint: C.Index
    /// The element when the row was made: what a row whose element was removed reads until it goes.
    let last: C.Element

    init(base: BindingLocation<C>, hint: C.Index, id: ID, idOf: @escaping (C.Element) -> ID, last: C.Element) {
        self.base = base
        self.hint = hint
        self.id = id
        self.idOf = idOf
        self.last = last
    }

    private func index(in collection: C) -> C.Index? {
        if collection.indices.contains(hint), idOf(collection[hint]) == id { return hint }
        return collection.firstIndex { idOf($0) == id }
    }

    override func get() -> C.Element {
        let collection = base.get()
        return index(in: collection).map { collection[$0] } ?? last
    }

    /// Writes the element with the id; a write to an element no longer in the collection changes nothing.
    override func set(_ newValue: C.Element) {
        var collection = base.get()
        guard let index = index(in: collection) else { return }
        collection[index] = newValue
        base.set(collection)
    }

    override var identity: AnyHashable? {
        guard let parent = base.identity else { return nil }
        return [parent, AnyHashable(id)]
    }
    override var comparesValue: Bool { base.comparesValue }
    override var storageObject: AnyObject? { base.storageObject }
}

extension ForEach {
    /// A view per element of the bound collection, keyed by the element's `id`; each row gets a binding
    /// to its element (found by id, so it stays right after reorders and deletions).
    public init<C>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
    where
        Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C: MutableCollection,
        C: RandomAccessCollection, C.Element: Identifiable, C.Index: Hashable
    {
        self.init(data, idOf: { $0.id }, content: content)
    }

    /// A view per element of the bound collection, keyed by `id`; each row gets a binding to its element.
    public init<C>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    )
    where
        Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C: MutableCollection, C: RandomAccessCollection,
        C.Index: Hashable
    {
        self.init(data, idOf: { $0[keyPath: id] }, content: content)
    }

    private init<C>(
        _ data: Binding<C>, idOf: @escaping (C.Element) -> ID, content: @escaping (Binding<C.Element>) -> Content
    )
    where
        Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C: MutableCollection, C: RandomAccessCollection,
        C.Index: Hashable
    {
        let collection = data.wrappedValue
        let location = data.location
        self.init(
            collection.indices.lazy.map { ($0, idOf(collection[$0])) }, idOf: { $0.1 },
            content: { index, id in
                let element = ElementLocation(base: location, hint: index, id: id, idOf: idOf, last: collection[index])
                return content(Binding(location: element))
            })
    }
}

extension List {
    /// A row per `Identifiable` element of the bound collection; each row gets a binding to its element.
    public init<Data, RowContent>(
        _ data: Binding<Data>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    )
    where
        Content == ForEach<LazyMapSequence<Data.Indices, (Data.Index, Data.Element.ID)>, Data.Element.ID, RowContent>,
        Data: MutableCollection, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable,
        Data.Index: Hashable
    {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row per element of the bound collection, keyed by `id`; each row gets a binding to its element.
    public init<Data, ID, RowContent>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    )
    where
        Content == ForEach<LazyMapSequence<Data.Indices, (Data.Index, ID)>, ID, RowContent>,
        Data: MutableCollection, Data: RandomAccessCollection, ID: Hashable, RowContent: View, Data.Index: Hashable
    {
        self.init { ForEach(data, id: id, content: rowContent) }
    }
}

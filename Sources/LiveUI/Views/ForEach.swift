/// One view per element of a collection, each keyed by the element's id: a reorder moves views
/// (and their state and DOM elements), it never re-creates them.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    /// The elements.
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// Views keyed by `id` of each element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var children: [(key: ChildKey, view: any View)] = []
        children.reserveCapacity(data.count)
        var seen: Set<ID> = []
        seen.reserveCapacity(data.count)
        let inPicker = node.environment.pickerContext != nil
        let intIDs = ID.self == Int.self
        var duplicates = 0
        for element in data {
            let elementID = element[keyPath: id]
            let key: ChildKey
            if !seen.insert(elementID).inserted {
                // Duplicate ids would share an identity; keep them apart and say so.
                duplicates += 1
                key = .id(AnyHashable([AnyHashable(elementID), AnyHashable(duplicates)]))
            } else if intIDs {
                key = .intID(unsafeBitCast(elementID, to: Int.self))
            } else {
                key = .id(AnyHashable(elementID))
            }
            let view = content(element)
            if inPicker {
                children.append((key, ModifiedContent(content: view, modifier: TagModifier(tag: AnyHashable(elementID)))))
            } else {
                children.append((key, view))
            }
        }
        if data.count >= node.graph.dormantRowMinimum { node.graph.noteRowContainer(node) }
        if duplicates > 0 {
            node.graph.changeLog.write("LiveUI warning: ForEach<\(Data.self)> has \(duplicates) duplicate id(s); their views get separate identities")
        }
        return NodeContent(children: children)
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// Views keyed by each element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range, keyed by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

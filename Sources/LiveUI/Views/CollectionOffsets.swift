import Foundation

extension MutableCollection {
    /// Moves the elements at `source` so they sit before the element at `destination` (an offset in the
    /// collection before the move), keeping their order: what an `onMove` action applies.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let count = self.count
        let moving = source.filter { $0 >= 0 && $0 < count }
        guard !moving.isEmpty, destination >= 0, destination <= count else { return }
        let elements = Array(self)
        let movingSet = Set(moving)
        var before: [Element] = []
        var after: [Element] = []
        for (offset, element) in elements.enumerated() where !movingSet.contains(offset) {
            if offset < destination { before.append(element) } else { after.append(element) }
        }
        let reordered = before + moving.map { elements[$0] } + after
        for (index, element) in zip(indices, reordered) { self[index] = element }
    }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (offsets outside the collection are ignored): what an
    /// `onDelete` action applies.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where offset >= 0 && offset < count {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

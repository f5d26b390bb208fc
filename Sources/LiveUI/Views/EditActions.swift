import Foundation

/// A view that makes one view per element of a collection (``ForEach``): what `.onDelete` and
/// `.onMove` apply to.
public protocol DynamicViewContent: View {
    /// The type of the collection.
    associatedtype Data: Collection
    /// The collection the views are made of.
    var data: Data { get }
}

nonisolated extension ForEach: DynamicViewContent {
    /// Makes each row deletable: a "Delete" button per row (always shown, as swipe-to-delete always is)
    /// calls `action` with the row's index at the time of the click. `nil` removes the controls.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach<Data, ID, Content> {
        var copy = self
        copy.editActions.delete = action
        return copy
    }

    /// Makes rows movable: in edit mode (``EditMode/active``) each row shows "Move up" and "Move down"
    /// buttons that call `action` with the row's index and the destination offset, as SwiftUI's
    /// drag-to-reorder does. `nil` removes the controls.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach<Data, ID, Content> {
        var copy = self
        copy.editActions.move = action
        return copy
    }
}

/// The actions `.onDelete` and `.onMove` gave a ``ForEach``.
struct RowEditActions {
    var delete: ((IndexSet) -> Void)?
    var move: ((IndexSet, Int) -> Void)?
    var isEmpty: Bool { delete == nil && move == nil }
}

/// The rows of an editable ``ForEach``'s newest expansion and its actions, one per ``ForEach`` node and
/// kept across expansions (rows holding it compare unchanged): an edit event names its row by id and is
/// mapped to the row's index in the newest expansion when it is applied.
final class RowEditor: NodeBehavior {
    private(set) var ids: [AnyHashable] = []
    private(set) var actions = RowEditActions()

    /// Takes the rows and actions of a new expansion.
    func update(ids: [AnyHashable], actions: RowEditActions) {
        self.ids = ids
        self.actions = actions
    }

    func unmount(_ node: GraphNode) {}

    /// Deletes row `id`; a row no longer in the collection is refused and nothing changes.
    func delete(_ id: AnyHashable, node: GraphNode) throws {
        guard let action = actions.delete else { throw refusal(node, nil, "the rows cannot be deleted") }
        action(IndexSet(integer: try index(of: id, node: node)))
    }

    /// Moves row `id` to `destination` (an offset in the collection before the move, `0...count`, as
    /// SwiftUI's `onMove` has it); an offset out of that range is refused and nothing changes.
    func move(_ id: AnyHashable, to destination: Int, node: GraphNode, value: String?) throws {
        guard let action = actions.move else { throw refusal(node, value, "the rows cannot be moved") }
        let index = try index(of: id, node: node)
        guard destination >= 0, destination <= ids.count else {
            throw refusal(node, value, "destination offset must be in 0...\(ids.count)")
        }
        // Offsets `index` and `index + 1` leave the row where it is.
        if destination == index || destination == index + 1 { return }
        action(IndexSet(integer: index), destination)
    }

    private func index(of id: AnyHashable, node: GraphNode) throws -> Int {
        guard let index = ids.firstIndex(of: id) else { throw refusal(node, nil, "the row is no longer in the list") }
        return index
    }

    private func refusal(_ node: GraphNode, _ value: String?, _ reason: String) -> LiveError {
        LiveError.invalidValue(target: node.lid ?? "", value: value, reason: reason)
    }
}

/// A row of an editable ``ForEach``: the row's content, its delete button, and in edit mode its move buttons.
nonisolated struct EditableRow<Row: View>: View {
    let row: Row
    let id: AnyHashable
    let editor: RowEditor
    /// Which controls the row shows: part of the row's value, so a change of actions re-evaluates it.
    let canDelete: Bool
    let canMove: Bool
    @Environment(\.editMode) private var editMode

    var body: some View {
        HStack {
            row
            if canDelete { RowEditButton(kind: .delete, row: id, editor: editor) }
            if canMove, editMode?.wrappedValue.isEditing == true {
                RowEditButton(kind: .moveUp, row: id, editor: editor)
                RowEditButton(kind: .moveDown, row: id, editor: editor)
            }
        }
    }
}

/// One edit control of a row: `<button class="lui-row-edit lui-row-delete|lui-row-up|lui-row-down">`.
/// A click deletes or moves the row by one; a move button also takes a `change` event whose value is a
/// destination offset (what a drag-and-drop reorder sends).
nonisolated struct RowEditButton: ElementView {
    enum Kind: String {
        case delete, moveUp = "up", moveDown = "down"
        var title: String {
            switch self {
            case .delete: "Delete"
            case .moveUp: "Move up"
            case .moveDown: "Move down"
            }
        }
    }
    let kind: Kind
    let row: AnyHashable
    let editor: RowEditor

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("button", classes: ["lui-row-edit", "lui-row-\(kind.rawValue)"])
        spec.set("type", "button")
        spec.content = .text(kind.title)
        guard node.environment.isEnabled else {
            spec.set("disabled", "")
            return .element(spec)
        }
        spec.listen(.click)
        let (kind, row, editor) = (kind, row, editor)
        node.on("click") { node, _ in
            switch kind {
            case .delete: try editor.delete(row, node: node)
            case .moveUp, .moveDown:
                guard let index = editor.ids.firstIndex(of: row) else {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: nil, reason: "the row is no longer in the list")
                }
                // Up goes before the row above; down goes after the row below. At an end it stays.
                let destination = kind == .moveUp ? max(index - 1, 0) : min(index + 2, editor.ids.count)
                try editor.move(row, to: destination, node: node, value: nil)
            }
        }
        if kind != .delete {
            node.on("change") { node, value in
                guard let value, let destination = Int(value) else {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "a destination offset expected")
                }
                try editor.move(row, to: destination, node: node, value: value)
            }
        }
        return .element(spec)
    }
}

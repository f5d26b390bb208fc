import Foundation
import LiveUI

/// `/editing`: a list over a binding with `onDelete`, `onMove` and an `EditButton`, as SwiftUI apps
/// write one; every control is a button, reachable from the keyboard.
public struct EditingPage: View {
    struct Fruit: Identifiable {
        let id: Int
        var name: String
    }

    @State private var fruits = ["Apple", "Banana", "Cherry", "Damson"].enumerated().map { Fruit(id: $0 + 1, name: $1) }
    @State private var editMode = EditMode.inactive

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            PageHeading(title: "Editing a list")
            EditButton().accessibilityIdentifier("edit")
            List {
                ForEach($fruits) { $fruit in
                    TextField("Name", text: $fruit.name).accessibilityIdentifier("fruit-\(fruit.id)")
                }
                .onDelete { fruits.remove(atOffsets: $0) }
                .onMove { fruits.move(fromOffsets: $0, toOffset: $1) }
            }
            Text(fruits.map(\.name).joined(separator: ", ")).accessibilityIdentifier("summary")
        }
        .padding()
        .environment(\.editMode, $editMode)
    }
}

import LiveUI

/// `/presentations`: a sheet, an alert and a confirmation dialog, each an accessible dialog.
public struct PresentationsPage: View {
    @State private var showsSheet = false
    @State private var showsAlert = false
    @State private var showsChoices = false
    @State private var note = "Nothing yet"
    @State private var deletions = 0

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                Text(note).accessibilityIdentifier("note")
                Text("Deleted \(deletions) times").accessibilityIdentifier("deletions")
                Button("Edit in a sheet") { showsSheet = true }.accessibilityIdentifier("open-sheet")
                Button("Delete…", role: .destructive) { showsAlert = true }.accessibilityIdentifier("open-alert")
                Button("Choose a colour") { showsChoices = true }.accessibilityIdentifier("open-choices")
                BackLink()
            }
            .padding()
            .navigationTitle("Presentations")
            .sheet(isPresented: $showsSheet, onDismiss: { note = "Sheet closed" }) {
                EditSheet()
            }
            .alert("Delete the draft?", isPresented: $showsAlert) {
                Button("Delete", role: .destructive) { deletions += 1 }.accessibilityIdentifier("confirm-delete")
                Button("Cancel", role: .cancel) {}.accessibilityIdentifier("cancel-delete")
            } message: {
                Text("This cannot be undone.")
            }
            .confirmationDialog("Pick a colour", isPresented: $showsChoices, titleVisibility: .visible) {
                Button("Red") { note = "Picked red" }.accessibilityIdentifier("pick-red")
                Button("Blue") { note = "Picked blue" }.accessibilityIdentifier("pick-blue")
            }
        }
    }
}

/// The sheet's content: its own state, and `dismiss` to close it.
struct EditSheet: View {
    @State private var text = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            Text("Edit").font(.title)
            TextField("Title", text: $text).accessibilityIdentifier("sheet-field")
            Button("Done") { dismiss() }.accessibilityIdentifier("sheet-done")
        }
        .padding()
    }
}

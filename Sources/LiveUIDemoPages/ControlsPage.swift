import Foundation
import LiveUI

/// `/controls`: the common controls and text, each bound to state the page shows.
public struct ControlsPage: View {
    enum Field: Hashable { case name, notes }
    enum Flavor: String, CaseIterable, Identifiable {
        case vanilla, chocolate, strawberry
        var id: String { rawValue }
    }

    @State private var quantity = 1
    @State private var notes = "First line"
    @State private var name = ""
    @State private var when = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01 00:00 UTC
    @State private var tint = Color(css: "#0a64d6")
    @State private var flavor = Flavor.vanilla
    @State private var detailsShown = false
    @State private var query = ""
    @State private var lastAction = "none"
    @State private var saves = 0
    @FocusState private var focus: Field?

    /// The page, in its initial state.
    public init() {}

    private var matches: [Flavor] {
        query.isEmpty ? Flavor.allCases : Flavor.allCases.filter { $0.rawValue.contains(query.lowercased()) }
    }

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                Form {
                    Section {
                        Stepper("Quantity: \(quantity)", value: $quantity, in: 0...10).accessibilityIdentifier("quantity")
                        LabeledContent("Total", value: Double(quantity) * 2.5, format: .currency(code: "EUR"))
                            .accessibilityIdentifier("total")
                        ProgressView("Filled", value: Double(quantity), total: 10)
                    } header: {
                        Text("Order")
                    } footer: {
                        Text("At most ten.")
                    }
                    Section("Details") {
                        TextField("Name", text: $name).focused($focus, equals: .name).accessibilityIdentifier("name")
                        TextEditor(text: $notes).focused($focus, equals: .notes).accessibilityLabel("Notes").accessibilityIdentifier("notes")
                        DatePicker("Delivery", selection: $when, displayedComponents: .date).accessibilityIdentifier("when")
                        ColorPicker("Tint", selection: $tint).accessibilityIdentifier("tint")
                        Picker("Flavor", selection: $flavor) {
                            ForEach(Flavor.allCases) { Text($0.rawValue.capitalized).tag($0) }
                        }
                        .pickerStyle(.segmented)
                        .accessibilityIdentifier("flavor")
                    }
                }
                Text("Notes: \(notes.count) characters, focus: \(focusName)").accessibilityIdentifier("summary")
                Text("Delivery on ").foregroundStyle(.secondary) + Text(when, format: .dateTime.year().month().day()).bold()
                HStack(spacing: 12) {
                    Button("Focus name") { focus = .name }.accessibilityIdentifier("focus-name")
                    Button("Focus notes") { focus = .notes }.accessibilityIdentifier("focus-notes")
                    Button("Save") { saves += 1 }.keyboardShortcut("s").help("Save (Ctrl-S)").accessibilityIdentifier("save")
                    Text("Saved \(saves)×").accessibilityIdentifier("saves")
                }
                Menu("Actions") {
                    Button("Duplicate") { lastAction = "duplicate" }.accessibilityIdentifier("duplicate")
                    Button("Archive") { lastAction = "archive" }.accessibilityIdentifier("archive")
                }
                .accessibilityIdentifier("actions")
                Text("Last action: \(lastAction)").accessibilityIdentifier("last-action")
                DisclosureGroup("More", isExpanded: $detailsShown) {
                    GroupBox("Flavours") {
                        ForEach(matches) { Text($0.rawValue) }
                    }
                    .searchable(text: $query, prompt: "Find a flavour")
                }
                .accessibilityIdentifier("more")
                BackLink()
            }
            .padding()
            .navigationTitle("Controls")
        }
    }

    private var focusName: String {
        switch focus {
        case .name: "name"
        case .notes: "notes"
        case nil: "none"
        }
    }
}

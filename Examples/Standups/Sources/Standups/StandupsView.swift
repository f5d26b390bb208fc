import LiveUI

/// The list of stand-ups: each opens its detail page; the toolbar adds one.
struct StandupsView: View {
    @Binding var standups: [Standup]
    @State private var isPresentingNewStandup = false
    @State private var newStandup = Standup.empty

    var body: some View {
        NavigationStack {
            List($standups) { $standup in
                NavigationLink(value: standup.id) {
                    CardView(standup: standup)
                }
                .listRowBackground(standup.theme.mainColor)
            }
            .navigationTitle("Daily Standups")
            .navigationDestination(for: Standup.ID.self) { id in
                if let index = standups.firstIndex(where: { $0.id == id }) {
                    DetailView(standup: $standups[index])
                } else {
                    Text("This stand-up was deleted.")
                }
            }
            .toolbar {
                Button {
                    newStandup = Standup.empty
                    isPresentingNewStandup = true
                } label: {
                    Image(systemName: "plus")
                }
                .accessibilityLabel("New Standup")
            }
        }
        .sheet(isPresented: $isPresentingNewStandup) {
            NavigationStack {
                DetailEditView(standup: $newStandup)
                    .navigationTitle("New Standup")
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Dismiss") { isPresentingNewStandup = false }
                        }
                        ToolbarItem(placement: .confirmationAction) {
                            Button("Add") {
                                standups.append(newStandup)
                                isPresentingNewStandup = false
                            }
                            .disabled(newStandup.title.isEmpty)
                        }
                    }
            }
        }
    }
}

/// A stand-up's row: its title, how many attend and how long it runs.
struct CardView: View {
    let standup: Standup

    var body: some View {
        VStack(alignment: .leading) {
            Text(standup.title)
                .font(.headline)
                .accessibilityAddTraits(.isHeader)
            Spacer()
            HStack {
                Label("\(standup.attendees.count)", systemImage: "person.3")
                    .accessibilityLabel("\(standup.attendees.count) attendees")
                Spacer()
                Label("\(standup.lengthInMinutes)", systemImage: "clock")
                    .accessibilityLabel("\(standup.lengthInMinutes) minute meeting")
                    .labelStyle(.trailingIcon)
            }
            .font(.caption)
        }
        .padding()
        .foregroundStyle(standup.theme.accentColor)
    }
}

/// A label with its icon after its title.
struct TrailingIconLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.title
            configuration.icon
        }
    }
}

extension LabelStyle where Self == TrailingIconLabelStyle {
    static var trailingIcon: Self { Self() }
}

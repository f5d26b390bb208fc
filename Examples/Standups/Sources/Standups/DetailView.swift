import LiveUI

/// One stand-up: its meeting info, attendees and history; Edit opens a sheet that changes a copy, kept on Done.
struct DetailView: View {
    @Binding var standup: Standup
    @State private var editingStandup = Standup.empty
    @State private var isPresentingEditView = false

    var body: some View {
        List {
            Section(header: Text("Meeting Info")) {
                NavigationLink(destination: MeetingView(standup: $standup)) {
                    Label("Start Meeting", systemImage: "timer")
                        .font(.headline)
                        .foregroundStyle(Color.accentColor)
                }
                HStack {
                    Label("Length", systemImage: "clock")
                    Spacer()
                    Text("\(standup.lengthInMinutes) minutes")
                }
                .accessibilityElement(children: .combine)
                HStack {
                    Label("Theme", systemImage: "paintpalette")
                    Spacer()
                    Text(standup.theme.name)
                        .padding(4)
                        .foregroundStyle(standup.theme.accentColor)
                        .background(standup.theme.mainColor)
                        .clipShape(RoundedRectangle(cornerRadius: 4))
                }
                .accessibilityElement(children: .combine)
            }
            Section(header: Text("Attendees")) {
                ForEach(standup.attendees) { attendee in
                    Label(attendee.name, systemImage: "person")
                }
            }
            Section(header: Text("History")) {
                if standup.history.isEmpty {
                    Label("No meetings yet", systemImage: "calendar.badge.exclamationmark")
                }
                ForEach(standup.history) { history in
                    HStack {
                        Image(systemName: "calendar")
                        Text(history.date, style: .date)
                        Text("\(history.attendees.count) attended")
                    }
                }
            }
        }
        .navigationTitle(standup.title)
        .toolbar {
            Button("Edit") {
                editingStandup = standup
                isPresentingEditView = true
            }
        }
        .sheet(isPresented: $isPresentingEditView) {
            NavigationStack {
                DetailEditView(standup: $editingStandup)
                    .navigationTitle(standup.title)
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Cancel") {
                                isPresentingEditView = false
                            }
                        }
                        ToolbarItem(placement: .confirmationAction) {
                            Button("Done") {
                                isPresentingEditView = false
                                standup = editingStandup
                            }
                        }
                    }
            }
        }
    }
}

import LiveUI

/// The edit form: title, length, theme and attendees (each deletable, new ones added at the bottom).
struct DetailEditView: View {
    @Binding var standup: Standup
    @State private var newAttendeeName = ""

    var body: some View {
        Form {
            Section(header: Text("Meeting Info")) {
                TextField("Title", text: $standup.title)
                HStack {
                    Slider(value: $standup.lengthInMinutesAsDouble, in: 5...30, step: 1) {
                        Text("Length")
                    }
                    .accessibilityValue("\(standup.lengthInMinutes) minutes")
                    Spacer()
                    Text("\(standup.lengthInMinutes) minutes")
                        .accessibilityHidden(true)
                }
                ThemePicker(selection: $standup.theme)
            }
            Section(header: Text("Attendees")) {
                ForEach($standup.attendees) { $attendee in
                    TextField("Name", text: $attendee.name)
                }
                .onDelete { indices in
                    standup.attendees.remove(atOffsets: indices)
                }
                HStack {
                    TextField("New Attendee", text: $newAttendeeName)
                    Button(action: {
                        withAnimation {
                            standup.attendees.append(Standup.Attendee(name: newAttendeeName))
                            newAttendeeName = ""
                        }
                    }) {
                        Image(systemName: "plus.circle.fill")
                            .accessibilityLabel("Add attendee")
                    }
                    .disabled(newAttendeeName.isEmpty)
                }
            }
        }
    }
}

/// Chooses a stand-up's theme.
struct ThemePicker: View {
    @Binding var selection: Theme

    var body: some View {
        Picker("Theme", selection: $selection) {
            ForEach(Theme.allCases) { theme in
                ThemeView(theme: theme)
                    .tag(theme)
            }
        }
        .pickerStyle(.menu)
    }
}

/// A theme's name in its colours.
struct ThemeView: View {
    let theme: Theme

    var body: some View {
        Text(theme.name)
            .padding(4)
            .frame(maxWidth: .infinity)
            .background(theme.mainColor)
            .foregroundStyle(theme.accentColor)
            .clipShape(RoundedRectangle(cornerRadius: 4))
    }
}

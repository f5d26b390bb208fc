import LiveUI

/// The meeting: the time elapsed and remaining, a ring of the speakers' turns, and a button to skip ahead.
/// Leaving the page ends the meeting and adds it to the stand-up's history.
struct MeetingView: View {
    @Binding var standup: Standup
    @StateObject private var meetingTimer = MeetingTimer()

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 16.0)
                .fill(standup.theme.mainColor)
            VStack {
                MeetingHeaderView(
                    secondsElapsed: meetingTimer.secondsElapsed, secondsRemaining: meetingTimer.secondsRemaining,
                    theme: standup.theme)
                MeetingTimerView(
                    speakers: meetingTimer.speakers, secondsElapsed: meetingTimer.secondsElapsed,
                    secondsRemaining: meetingTimer.secondsRemaining, theme: standup.theme)
                MeetingFooterView(speakers: meetingTimer.speakers, skipAction: meetingTimer.skipSpeaker)
            }
        }
        .padding()
        .foregroundStyle(standup.theme.accentColor)
        .onAppear {
            startMeeting()
        }
        .onDisappear {
            endMeeting()
        }
        .task {
            await meetingTimer.run()
        }
        .navigationBarTitleDisplayMode(.inline)
    }

    private func startMeeting() {
        meetingTimer.reset(lengthInMinutes: standup.lengthInMinutes, attendees: standup.attendees)
        meetingTimer.startMeeting()
    }

    private func endMeeting() {
        meetingTimer.stopMeeting()
        standup.history.insert(History(attendees: standup.attendees), at: 0)
    }
}

/// The progress bar and the seconds elapsed and remaining.
struct MeetingHeaderView: View {
    let secondsElapsed: Int
    let secondsRemaining: Int
    let theme: Theme

    private var totalSeconds: Int { secondsElapsed + secondsRemaining }
    private var progress: Double {
        guard totalSeconds > 0 else { return 1 }
        return Double(secondsElapsed) / Double(totalSeconds)
    }
    private var minutesRemaining: Int { secondsRemaining / 60 }

    var body: some View {
        VStack {
            ProgressView(value: progress)
                .progressViewStyle(MeetingProgressViewStyle(theme: theme))
            HStack {
                VStack(alignment: .leading) {
                    Text("Seconds Elapsed")
                        .font(.caption)
                    Label("\(secondsElapsed)", systemImage: "hourglass.tophalf.fill")
                }
                Spacer()
                VStack(alignment: .trailing) {
                    Text("Seconds Remaining")
                        .font(.caption)
                    Label("\(secondsRemaining)", systemImage: "hourglass.bottomhalf.fill")
                        .labelStyle(.trailingIcon)
                }
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Time remaining")
        .accessibilityValue("\(minutesRemaining) minutes")
        .padding([.top, .horizontal])
    }
}

/// A progress bar in the theme's colours: a rounded track with the bar inset.
struct MeetingProgressViewStyle: ProgressViewStyle {
    var theme: Theme

    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            RoundedRectangle(cornerRadius: 10.0)
                .fill(theme.accentColor)
                .frame(height: 20.0)
            ProgressView(configuration)
                .tint(theme.mainColor)
                .frame(height: 12.0)
                .padding(.horizontal)
        }
    }
}

/// The ring: the meeting's time elapsed drawn round it, an arc for each speaker whose turn is over, and
/// who is speaking in the middle.
struct MeetingTimerView: View {
    let speakers: [MeetingTimer.Speaker]
    let secondsElapsed: Int
    let secondsRemaining: Int
    let theme: Theme

    private var currentSpeaker: String {
        speakers.first(where: { !$0.isCompleted })?.name ?? "Someone"
    }
    private var progress: Double {
        let total = secondsElapsed + secondsRemaining
        return total > 0 ? Double(secondsElapsed) / Double(total) : 1
    }

    var body: some View {
        ZStack {
            Circle()
                .strokeBorder(lineWidth: 24)
            RingArc()
                .trim(from: 0, to: progress)
                .stroke(theme.mainColor, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .accessibilityIdentifier("meeting-ring")
            ForEach(speakers) { speaker in
                if speaker.isCompleted, let index = speakers.firstIndex(where: { $0.id == speaker.id }) {
                    SpeakerArc(speakerIndex: index, totalSpeakers: speakers.count)
                        .rotation(Angle(degrees: -90))
                        .stroke(theme.mainColor, lineWidth: 12)
                }
            }
            VStack {
                Text(currentSpeaker)
                    .font(.title)
                Text("is speaking")
            }
            .accessibilityElement(children: .combine)
            .foregroundStyle(theme.accentColor)
        }
        .frame(width: 260, height: 260)
        .padding(.horizontal)
    }
}

/// The full circle the elapsed time is drawn on, in the middle of the ring's border.
struct RingArc: Shape {
    func path(in rect: CGRect) -> Path {
        let radius = (min(rect.size.width, rect.size.height) - 24.0) / 2.0
        let center = CGPoint(x: rect.midX, y: rect.midY)
        return Path { path in
            path.addArc(center: center, radius: radius, startAngle: .degrees(0), endAngle: .degrees(360), clockwise: false)
        }
    }
}

/// The part of the ring that belongs to one speaker's turn.
struct SpeakerArc: Shape {
    let speakerIndex: Int
    let totalSpeakers: Int

    private var degreesPerSpeaker: Double { 360.0 / Double(totalSpeakers) }
    private var startAngle: Angle { Angle(degrees: degreesPerSpeaker * Double(speakerIndex) + 1.0) }
    private var endAngle: Angle { Angle(degrees: startAngle.degrees + degreesPerSpeaker - 1.0) }

    func path(in rect: CGRect) -> Path {
        let diameter = min(rect.size.width, rect.size.height) - 24.0
        let radius = diameter / 2.0
        let center = CGPoint(x: rect.midX, y: rect.midY)
        return Path { path in
            path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: false)
        }
    }
}

/// Which speaker is on, and the button that skips to the next.
struct MeetingFooterView: View {
    let speakers: [MeetingTimer.Speaker]
    var skipAction: () -> Void

    private var speakerNumber: Int? {
        guard let index = speakers.firstIndex(where: { !$0.isCompleted }) else { return nil }
        return index + 1
    }
    private var isLastSpeaker: Bool {
        speakers.dropLast().allSatisfy { $0.isCompleted }
    }
    private var speakerText: String {
        guard let speakerNumber else { return "No more speakers" }
        return "Speaker \(speakerNumber) of \(speakers.count)"
    }

    var body: some View {
        VStack {
            HStack {
                if isLastSpeaker {
                    Text("Last Speaker")
                } else {
                    Text(speakerText)
                    Spacer()
                    Button(action: skipAction) {
                        Image(systemName: "forward.fill")
                    }
                    .accessibilityLabel("Next speaker")
                }
            }
        }
        .padding([.bottom, .horizontal])
    }
}

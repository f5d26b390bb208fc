import Foundation
// `@MainActor` names the main actor views are on: LiveUI's, one per session (SwiftUI's files import SwiftUI).
import LiveUI

/// Runs a meeting: gives each speaker an equal share of its length and moves on to the next one when a
/// speaker's time is up (or when skipped).
@MainActor
final class MeetingTimer: ObservableObject {
    /// One attendee's turn.
    struct Speaker: Identifiable, Hashable {
        let name: String
        var isCompleted: Bool
        let id = UUID()
    }

    @Published private(set) var activeSpeaker = ""
    @Published private(set) var secondsElapsed = 0
    @Published private(set) var secondsRemaining = 0
    private(set) var speakers: [Speaker] = []
    private(set) var lengthInMinutes: Int
    /// Runs when the meeting moves on to the next speaker.
    var speakerChangedAction: (() -> Void)?

    /// How often ``run()`` looks at the clock.
    private let frequency: Duration = .milliseconds(250)
    private var isRunning = false
    private var speakerIndex = 0
    private var speakerStart: Date?
    private var lengthInSeconds: Int { lengthInMinutes * 60 }
    private var secondsPerSpeaker: Int { speakers.isEmpty ? lengthInSeconds : lengthInSeconds / speakers.count }

    init(lengthInMinutes: Int = 0, attendees: [Standup.Attendee] = []) {
        self.lengthInMinutes = lengthInMinutes
        reset(lengthInMinutes: lengthInMinutes, attendees: attendees)
    }

    /// Prepares a meeting of `lengthInMinutes` for `attendees` (someone speaks, even with nobody listed).
    func reset(lengthInMinutes: Int, attendees: [Standup.Attendee]) {
        isRunning = false
        self.lengthInMinutes = lengthInMinutes
        let names = attendees.isEmpty ? ["Speaker 1"] : attendees.map(\.name)
        speakers = names.map { Speaker(name: $0, isCompleted: false) }
        speakerIndex = 0
        secondsElapsed = 0
        secondsRemaining = lengthInSeconds
        activeSpeaker = speakerText
    }

    /// Starts the clock with the first speaker.
    func startMeeting() {
        isRunning = true
        changeToSpeaker(at: 0)
    }

    /// Stops the clock.
    func stopMeeting() { isRunning = false }

    /// Ends the current speaker's turn.
    func skipSpeaker() { changeToSpeaker(at: speakerIndex + 1) }

    /// Looks at the clock until the task running it is cancelled: a view runs it in its `.task`, which
    /// ends when the view goes away.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: frequency)
            update()
        }
    }

    private var speakerText: String {
        guard speakers.indices.contains(speakerIndex) else { return "" }
        return "Speaker \(speakerIndex + 1): " + speakers[speakerIndex].name
    }

    private func changeToSpeaker(at index: Int) {
        if index > 0, speakers.indices.contains(index - 1) {
            speakers[index - 1].isCompleted = true
        }
        guard index < speakers.count else {
            isRunning = false
            secondsElapsed = lengthInSeconds
            secondsRemaining = 0
            return
        }
        speakerIndex = index
        activeSpeaker = speakerText
        secondsElapsed = index * secondsPerSpeaker
        secondsRemaining = lengthInSeconds - secondsElapsed
        speakerStart = Date()
        if index > 0 { speakerChangedAction?() }
    }

    private func update() {
        guard isRunning, let speakerStart else { return }
        let forSpeaker = min(Int(Date().timeIntervalSince(speakerStart)), secondsPerSpeaker)
        let elapsed = secondsPerSpeaker * speakerIndex + forSpeaker
        // Publish only what changed: every assignment to a `@Published` property renders the views again.
        if elapsed != secondsElapsed {
            secondsElapsed = elapsed
            secondsRemaining = max(lengthInSeconds - elapsed, 0)
        }
        if forSpeaker >= secondsPerSpeaker { changeToSpeaker(at: speakerIndex + 1) }
    }
}

import Foundation

/// A daily stand-up: who attends, how long it runs, its colours, and the meetings held so far.
struct Standup: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var attendees: [Attendee]
    var lengthInMinutes: Int
    var theme: Theme
    var history: [History] = []

    init(id: UUID = UUID(), title: String, attendees: [String], lengthInMinutes: Int, theme: Theme) {
        self.id = id
        self.title = title
        self.attendees = attendees.map { Attendee(name: $0) }
        self.lengthInMinutes = lengthInMinutes
        self.theme = theme
    }

    /// The length as a `Slider` edits it.
    var lengthInMinutesAsDouble: Double {
        get { Double(lengthInMinutes) }
        set { lengthInMinutes = Int(newValue) }
    }

    /// A stand-up with nothing filled in, as the edit sheet starts from.
    static var empty: Standup { Standup(title: "", attendees: [], lengthInMinutes: 5, theme: .sky) }
}

extension Standup {
    /// Someone who attends.
    struct Attendee: Identifiable, Hashable, Codable {
        let id: UUID
        var name: String

        init(id: UUID = UUID(), name: String) {
            self.id = id
            self.name = name
        }
    }
}

/// One meeting held: when, and who was there.
struct History: Identifiable, Hashable, Codable {
    let id: UUID
    let date: Date
    var attendees: [Standup.Attendee]

    init(id: UUID = UUID(), date: Date = Date(), attendees: [Standup.Attendee]) {
        self.id = id
        self.date = date
        self.attendees = attendees
    }
}

extension Standup {
    /// The stand-ups a new session starts with.
    static let sampleData: [Standup] = [
        Standup(title: "Design", attendees: ["Cathy", "Daisy", "Simon", "Jonathan"], lengthInMinutes: 10, theme: .buttercup),
        Standup(title: "App Dev", attendees: ["Katie", "Gray", "Euna", "Luis", "Darla"], lengthInMinutes: 5, theme: .lavender),
        Standup(title: "Web Dev", attendees: ["Chella", "Chris", "Christina", "Eden", "Karla"], lengthInMinutes: 5, theme: .poppy),
    ]
}

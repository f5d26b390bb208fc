import LiveUI

/// The colours a stand-up is shown in.
enum Theme: String, CaseIterable, Identifiable, Hashable, Codable {
    case buttercup, lavender, navy, oxblood, poppy, seafoam, sky, tan

    /// The colour of text drawn on ``mainColor``.
    var accentColor: Color {
        switch self {
        case .buttercup, .lavender, .poppy, .seafoam, .sky, .tan: .black
        case .navy, .oxblood: .white
        }
    }

    /// The theme's own colour.
    var mainColor: Color {
        switch self {
        case .buttercup: Color(red: 1.0, green: 0.89, blue: 0.55)
        case .lavender: Color(red: 0.81, green: 0.75, blue: 1.0)
        case .navy: Color(red: 0.0, green: 0.08, blue: 0.35)
        case .oxblood: Color(red: 0.29, green: 0.03, blue: 0.07)
        case .poppy: Color(red: 1.0, green: 0.54, blue: 0.48)
        case .seafoam: Color(red: 0.8, green: 0.93, blue: 0.92)
        case .sky: Color(red: 0.43, green: 0.69, blue: 1.0)
        case .tan: Color(red: 0.76, green: 0.63, blue: 0.51)
        }
    }

    var name: String { rawValue.capitalized }
    var id: String { name }
}

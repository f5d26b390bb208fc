import Foundation
// `@MainActor` names the main actor views are on: LiveUI's, one per session (SwiftUI's files import SwiftUI).
import LiveUI

/// The stand-ups: the app keeps one store per browser session (its `@StateObject`), as SwiftUI keeps one per scene.
@MainActor
final class StandupStore: ObservableObject {
    @Published var standups: [Standup] = Standup.sampleData
}

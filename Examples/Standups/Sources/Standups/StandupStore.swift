import Combine
import Foundation

/// The stand-ups: the app keeps one store per browser session (its `@StateObject`), as SwiftUI keeps one per scene.
final class StandupStore: ObservableObject {
    @Published var standups: [Standup] = Standup.sampleData
}

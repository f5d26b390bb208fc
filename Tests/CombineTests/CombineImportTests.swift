import Combine
import Testing

/// A model written as on Apple platforms: only `import Combine`, no LiveUI.
private final class Timer: ObservableObject {
    @Published var seconds = 0
}

@Suite("A model file with only import Combine")
struct CombineImportTests {
    @Test("reaches ObservableObject and @Published, and announces changes before they happen")
    func observableObjectCompilesAndAnnounces() {
        let timer = Timer()
        var seenBefore: [Int] = []
        let subscription = timer.objectWillChange.sink { seenBefore.append(timer.seconds) }
        timer.seconds = 3
        timer.seconds = 5
        #expect(seenBefore == [0, 3])
        var published: [Int] = []
        let values = timer.$seconds.sink { published.append($0) }
        timer.seconds = 8
        #expect(published == [5, 8])
        subscription.cancel()
        values.cancel()
    }
}

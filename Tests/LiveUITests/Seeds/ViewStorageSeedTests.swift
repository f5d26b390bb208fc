import Foundation
import Testing

@testable import LiveUI

// Seed 000_727f685907189912.txt, SwiftUIX `@ViewStorage`. The three views are the article's, with only
// the import changed; `MyScrollView` is written on top of `ScrollView`, as the seed says users do.

struct MyScrollView: View {
    @Binding var contentOffset: CGPoint

    var body: some View {
        ScrollView(contentOffset: $contentOffset) {
            ForEach(0..<50) { row in Text("Row \(row)") }
        }
        .accessibilityIdentifier("scroller")
    }
}

struct MyView: View {
    @State private var scrollContentOffset: CGPoint

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffset)
            .navigationBarHidden(scrollContentOffset.y < 0)
    }
}

struct MyOptimizedView: View {
    class ScrollContentOffsetTracker: ObservableObject {
        var scrollContentOffset: CGPoint = .zero  {
            didSet {
                isNavigationBarVisible = scrollContentOffset.y < 0
            }
        }

        @Published var isNavigationBarVisible: Bool = false

        init() {
        }
    }

    @State private var scrollContentOffsetTracker = ScrollContentOffsetTracker()

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffsetTracker.scrollContentOffset)
            .navigationBarHidden(scrollContentOffsetTracker.isNavigationBarVisible)
    }
}

struct MyCleanOptimizedView: View {
    @ViewStorage private var scrollContentOffset: CGPoint

    @State private var isNavigationBarVisible: Bool = false

    var body: some View {
        MyScrollView(contentOffset: $scrollContentOffset.binding)
            .navigationBarHidden(isNavigationBarVisible)
            .onReceive($scrollContentOffset.publisher) { offset in
                isNavigationBarVisible = scrollContentOffset.y < 0
            }
    }
}

// The memberwise initialisers are private (the properties are); these give tests a way in.
extension MyView { init() { self.init(scrollContentOffset: .zero) } }
extension MyCleanOptimizedView { init() { self.init(scrollContentOffset: .zero) } }

@Suite("Seed: @ViewStorage scroll example")
struct ViewStorageSeedTests {
    private func navBarLid(_ html: String) -> String? { lid(in: html, of: "class=\"lui-navbar\"") }

    @Test("scrolling below the threshold evaluates no body and sends no patch; crossing it is one attrs patch")
    func viewStorageScrollIsFree() async throws {
        let session = LiveSession(changeLog: .discard) { NavigationStack { MyCleanOptimizedView() } }
        let html = await session.html()
        let header = try #require(navBarLid(html))
        #expect(!html.contains("hidden"))
        let before = session.statistics.totalBodyEvaluations
        for step in 1...100 {
            let update = try await session.send(.scroll("scroller", x: 0, y: Double(step * 7)))
            #expect(update.patches.isEmpty)
        }
        #expect(session.statistics.totalBodyEvaluations == before)
        // The article's condition: the bar hides once the offset goes below zero (over-scroll).
        let crossing = try await session.send(.scroll("scroller", x: 0, y: -12))
        #expect(crossing.patches == [.attrs(id: header, set: ["hidden": ""], remove: [])])
        #expect(session.statistics.bodyEvaluations["MyCleanOptimizedView"] == 2)
        #expect(session.statistics.bodyEvaluations["MyScrollView"] == 1)
        let back = try await session.send(.scroll("scroller", x: 0, y: 40))
        #expect(back.patches == [.attrs(id: header, set: [:], remove: ["hidden"])])
    }

    @Test("the naive @State version re-evaluates on every scroll event")
    func stateVersionReRendersEveryScroll() async throws {
        let session = LiveSession(changeLog: .discard) { NavigationStack { MyView() } }
        _ = await session.html()
        for step in 1...10 { _ = try await session.send(.scroll("scroller", x: 0, y: Double(step))) }
        #expect(session.statistics.bodyEvaluations["MyView"] == 11)
    }

    @Test("the model-object version only updates when the published flag flips")
    func trackerVersionUpdatesOnFlip() async throws {
        let session = LiveSession(changeLog: .discard) { NavigationStack { MyOptimizedView() } }
        let html = await session.html()
        let header = try #require(navBarLid(html))
        for step in 1...10 {
            let update = try await session.send(.scroll("scroller", x: 0, y: Double(step)))
            #expect(update.patches.isEmpty)
        }
        let crossing = try await session.send(.scroll("scroller", x: 0, y: -1))
        #expect(crossing.patches == [.attrs(id: header, set: ["hidden": ""], remove: [])])
    }

    @Test("$storage.publisher emits every write, equal values included")
    func publisherEmitsEveryWrite() {
        let storage = ViewStorage(wrappedValue: 1)
        var received: [Int] = []
        let subscription = storage.projectedValue.publisher.sink { received.append($0) }
        storage.wrappedValue = 2
        storage.wrappedValue = 2
        storage.projectedValue.binding.wrappedValue = 3
        #expect(received == [2, 2, 3])
        #expect(storage.wrappedValue == 3)
        subscription.cancel()
        storage.wrappedValue = 4
        #expect(received == [2, 2, 3])
    }
}

import Foundation
import LiveUI

/// Counts body evaluations of the views that report to it, and shows the count live.
final class EvaluationCounter: ObservableObject {
    @Published private(set) var counts: [String: Int] = [:]

    /// Records one evaluation of `name`'s body. Called from inside `body`, as `let _ = counter.record(…)`.
    func record(_ name: String) -> Bool {
        counts[name, default: 0] += 1
        return true
    }
}

/// The seed's `MyScrollView`, written on top of `ScrollView`.
struct DemoScrollView: View {
    @Binding var contentOffset: CGPoint
    /// Not observed: the view only reports its evaluations (observing would re-render it on each report).
    let counter: EvaluationCounter

    var body: some View {
        let _ = counter.record("MyScrollView")
        ScrollView(contentOffset: $contentOffset) {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<120) { row in
                    Text("Row \(row)").padding(.vertical, 10).frame(maxWidth: .infinity, alignment: .leading)
                }
            }
        }
        .frame(height: 420)
        .accessibilityIdentifier("scroller")
    }
}

/// The seed's `MyCleanOptimizedView`; the bar hides once the content is scrolled past 300 px.
struct CleanOptimizedScrollView: View {
    @ViewStorage private var scrollContentOffset: CGPoint = .zero
    @State private var isNavigationBarHidden: Bool = false
    let counter: EvaluationCounter

    static let threshold: CGFloat = 300

    var body: some View {
        let _ = counter.record("MyCleanOptimizedView")
        DemoScrollView(contentOffset: $scrollContentOffset.binding, counter: counter)
            .navigationBarHidden(isNavigationBarHidden)
            .onReceive($scrollContentOffset.publisher) { offset in
                isNavigationBarHidden = offset.y > Self.threshold
            }
    }
}

/// Shows the live evaluation counts.
struct EvaluationBadge: View {
    @ObservedObject var counter: EvaluationCounter
    var body: some View {
        HStack(spacing: 16) {
            Text("MyCleanOptimizedView body evaluations: \(counter.counts["MyCleanOptimizedView", default: 0])")
                .accessibilityIdentifier("evaluations")
            Text("MyScrollView: \(counter.counts["MyScrollView", default: 0])")
                .accessibilityIdentifier("scroll-evaluations")
        }
        .font(.footnote)
    }
}

/// `/scroll`: the seed's @ViewStorage example.
public struct ScrollPage: View {
    /// Held, not observed: only the badge re-renders when a count changes.
    @State private var counter = EvaluationCounter()

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                Text("Scroll the list: the offset goes into @ViewStorage, so nothing re-renders until it crosses 300 px and the bar hides.")
                    .foregroundStyle(.secondary)
                EvaluationBadge(counter: counter)
                CleanOptimizedScrollView(counter: counter)
                BackLink()
            }
            .padding()
            .navigationTitle("@ViewStorage")
        }
    }
}

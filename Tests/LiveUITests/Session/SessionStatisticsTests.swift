import Testing

@testable import LiveUI

/// A labelled view of its own type per `Index`: twelve composite types on one page, more than a short
/// table keeps in its list.
private struct Part<Index>: View {
    let count: Int
    var body: some View { Text("\(Index.self) \(count)") }
}

private enum P0 {}
private enum P1 {}
private enum P2 {}
private enum P3 {}
private enum P4 {}
private enum P5 {}
private enum P6 {}
private enum P7 {}
private enum P8 {}
private enum P9 {}
private enum P10 {}

/// Eleven `Part` types that all take the page's count, and a button that changes it.
private struct Parts: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Part<P0>(count: count)
            Part<P1>(count: count)
            Part<P2>(count: count)
            Part<P3>(count: count)
            Part<P4>(count: count)
            Part<P5>(count: count)
            Part<P6>(count: count)
            Part<P7>(count: count)
            Part<P8>(count: count)
            Part<P9>(count: count)
            Part<P10>(count: 0)
            Button("More") { count += 1 }.accessibilityIdentifier("more")
            if count.isMultiple(of: 2) { Text("Even") }
            Button("Nothing") {}.accessibilityIdentifier("nothing")
        }
    }
}

@Suite("Session statistics")
struct SessionStatisticsTests {
    @Test("body evaluations are counted per view type, for more types than a short list holds")
    func bodyEvaluationsPerTypeAddUp() async throws {
        let session = LiveSession(changeLog: .discard) { Parts() }
        _ = await session.html()
        #expect(session.statistics.bodyEvaluations["Parts"] == 1)
        #expect(session.statistics.bodyEvaluations["Part<P3>"] == 1)
        #expect(session.statistics.totalBodyEvaluations == 12)
        for _ in 0..<3 { _ = try await session.send(.click("more")) }
        let statistics = session.statistics
        #expect(statistics.bodyEvaluations["Parts"] == 4)
        // Ten parts take the new count; the eleventh's input never changes.
        #expect((0..<10).allSatisfy { statistics.bodyEvaluations["Part<P\($0)>"] == 4 })
        #expect(statistics.bodyEvaluations["Part<P10>"] == 1)
        #expect(statistics.totalBodyEvaluations == 4 + 40 + 1)
        #expect(statistics.events == 3)
    }

    @Test("each job's counters reach the session once, and a job that counts nothing changes nothing")
    func countersReachTheSessionOnce() async throws {
        let session = LiveSession(changeLog: .discard) { Parts() }
        _ = await session.html()
        let first = session.statistics
        // A render counts nothing.
        _ = await session.html()
        #expect(session.statistics == first)
        // The click removes the "Even" text: one node fewer, one flush, one version.
        let update = try await session.send(.click("more"))
        let second = session.statistics
        #expect(second.liveNodes == first.liveNodes - 1)
        #expect(second.flushes == first.flushes + 1 && second.events == 1 && session.version == update.version)
        #expect(second.patchBytes == first.patchBytes + update.patchBytes)
        // The next brings it back.
        _ = try await session.send(.click("more"))
        #expect(session.statistics.liveNodes == first.liveNodes)
        #expect(session.statistics.flushes == first.flushes + 2)
        // An event that changes nothing evaluates nothing and patches nothing, but counts.
        let quiet = try await session.send(.click("nothing"))
        #expect(quiet.patches.isEmpty)
        #expect(session.statistics.events == 3 && session.statistics.flushes == first.flushes + 2)
        #expect(session.statistics.totalBodyEvaluations == first.totalBodyEvaluations + 2 * 11)
    }
}

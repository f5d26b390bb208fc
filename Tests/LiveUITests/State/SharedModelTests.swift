import LiveUI
import Testing

private struct Board: Sendable {
    var cards: [String] = []
}

/// Shows the board through @EnvironmentObject and adds a card named after its session.
private struct BoardByObject: View {
    let name: String
    @EnvironmentObject var board: SharedModel<Board>
    var body: some View {
        VStack {
            Text("cards \(board.cards.joined(separator: ","))")
            Button("Add") { board.update { $0.cards.append(name) } }.accessibilityIdentifier("add")
        }
    }
}

/// Shows the board through @Environment(SharedModel<Board>.self) (Observation).
private struct BoardByObservation: View {
    let name: String
    @Environment(SharedModel<Board>.self) var board
    var body: some View {
        VStack {
            Text("cards \(board.value.cards.joined(separator: ","))")
            Button("Add") { board.update { $0.cards.append(name) } }.accessibilityIdentifier("add")
        }
    }
}

/// Collects the updates a session publishes, for a test to await.
private final class Updates: Sendable {
    private let stream: AsyncStream<Update>
    private let continuation: AsyncStream<Update>.Continuation
    let subscription: UpdateSubscription

    init(_ session: LiveSession) {
        (stream, continuation) = AsyncStream<Update>.makeStream()
        let continuation = continuation
        subscription = session.subscribe { continuation.yield($0) }
    }

    /// The next update whose patches mention `text`.
    func next(containing text: String) async -> Update? {
        for await update in stream where update.json.contains(text) { return update }
        return nil
    }
}

@Suite("SharedModel: one value, many sessions")
struct SharedModelTests {
    @Test("a change made in one session reaches the other's update subscription (@EnvironmentObject)")
    func objectWrapper() async throws {
        let board = SharedModel(Board())
        let a = LiveSession(changeLog: .discard) { BoardByObject(name: "a").environmentObject(board) }
        let b = LiveSession(changeLog: .discard) { BoardByObject(name: "b").environmentObject(board) }
        _ = await a.html()
        _ = await b.html()
        let seenByB = Updates(b)
        _ = try await a.send(.click("add"))
        #expect(await seenByB.next(containing: "cards a") != nil)
        let seenByA = Updates(a)
        _ = try await b.send(.click("add"))
        #expect(await seenByA.next(containing: "cards a,b") != nil)
        let (htmlA, htmlB) = (await a.html(), await b.html())
        #expect(htmlA.contains("cards a,b") && htmlB.contains("cards a,b"))
        await a.close()
        await b.close()
    }

    @Test("a change made in one session reaches the other's update subscription (@Environment(T.self))")
    func observationWrapper() async throws {
        let board = SharedModel(Board())
        let a = LiveSession(changeLog: .discard) { BoardByObservation(name: "a").environment(board) }
        let b = LiveSession(changeLog: .discard) { BoardByObservation(name: "b").environment(board) }
        _ = await a.html()
        _ = await b.html()
        let seenByB = Updates(b)
        _ = try await a.send(.click("add"))
        #expect(await seenByB.next(containing: "cards a") != nil)
        await a.close()
        await b.close()
    }

    @Test("concurrent changes from many sessions all apply, one at a time, and every session ends showing them all")
    func concurrentChanges() async throws {
        let board = SharedModel(Board())
        let sessions = (0..<4).map { k in
            LiveSession(changeLog: .discard) { BoardByObject(name: "s\(k)").environmentObject(board) }
        }
        for session in sessions { _ = await session.html() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for session in sessions {
                group.addTask { for _ in 0..<10 { _ = try await session.send(.click("add")) } }
            }
            try await group.waitForAll()
        }
        #expect(board.cards.count == 40)
        let expected = "cards " + board.cards.joined(separator: ",")
        for session in sessions {
            await session.settle()
            let html = await session.html()
            #expect(html.contains(expected))
            await session.close()
        }
    }
}

import Synchronization
import Testing

@testable import LiveUI

/// Which tokens are still referenced by anyone, by number.
private final class TokenRegistry: Sendable {
    private final class Weak: @unchecked Sendable {
        // @unchecked: written once, before the registry shares it.
        weak var token: Token?
        init(_ token: Token) { self.token = token }
    }
    private let tokens = Mutex<[(Int, Weak)]>([])

    /// A new token numbered `number`, noted here without a reference to it.
    func make(_ number: Int) -> Token {
        let token = Token(number)
        tokens.withLock { $0.append((number, Weak(token))) }
        return token
    }

    /// The numbers of the tokens someone still references, in order.
    var alive: [Int] { tokens.withLock { $0.compactMap { $1.token == nil ? nil : $0 } } }
}

private final class Token {
    let number: Int
    init(_ number: Int) { self.number = number }
}

private struct TokenItem: Identifiable, Equatable {
    let id: Int
    var token: Token
    static func == (a: TokenItem, b: TokenItem) -> Bool { a.id == b.id && a.token === b.token }
}

/// A row that keeps its element's token in its value, and a tap count of its own.
private struct TokenRow: View {
    let item: TokenItem
    @State private var taps = 0
    var body: some View {
        Button("Row \(item.id) token \(item.token.number) taps \(taps)") { taps += 1 }
            .accessibilityIdentifier("row-\(item.id)")
    }
}

/// No rows until "fill" makes five (tokens 0–4: made by an event, not kept in the view's initial
/// state); "drop" removes the first two, "renew" gives every row a new token, "add" appends one,
/// "reverse" reverses the rows.
private struct TokenRows: View {
    let registry: TokenRegistry
    @State private var items: [TokenItem] = []
    @State private var next = 5

    var body: some View {
        VStack {
            Button("fill") { items = (0..<5).map { TokenItem(id: $0, token: registry.make($0)) } }
                .accessibilityIdentifier("fill")
            Button("drop") { items.removeFirst(2) }.accessibilityIdentifier("drop")
            Button("renew") {
                for index in items.indices {
                    items[index].token = registry.make(next)
                    next += 1
                }
            }
            .accessibilityIdentifier("renew")
            Button("add") {
                items.append(TokenItem(id: 100 + next, token: registry.make(next)))
                next += 1
            }
            .accessibilityIdentifier("add")
            Button("reverse") { items.reverse() }.accessibilityIdentifier("reverse")
            VStack { ForEach(items) { TokenRow(item: $0) } }
        }
    }
}

@Suite("A ForEach's rows, read where they lie")
struct RowViewsTests {
    /// A session of `TokenRows`, rendered, its five rows made (rows kept awake).
    private func filledSession(_ registry: TokenRegistry) async throws -> LiveSession {
        let session = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { TokenRows(registry: registry) }
        _ = await session.html()
        _ = try await session.send(.click("fill"))
        return session
    }

    @Test("a row's value lives as long as the row's node holds it: the rows an expansion made are released with it")
    func rowValuesEndWithTheirRows() async throws {
        let registry = TokenRegistry()
        let session = try await filledSession(registry)
        #expect(registry.alive == [0, 1, 2, 3, 4])
        _ = try await session.send(.click("drop"))
        #expect(registry.alive == [2, 3, 4])
        // Each kept row takes its new value; the old ones are let go.
        _ = try await session.send(.click("renew"))
        #expect(registry.alive == [5, 6, 7])
        _ = try await session.send(.click("add"))
        #expect(registry.alive == [5, 6, 7, 8])
        _ = try await session.send(.click("reverse"))
        #expect(registry.alive == [5, 6, 7, 8])
        await session.close()
    }

    @Test("a row keeps its state through new values and moves, and renders its newest value")
    func rowsTakeNewValuesWhereTheyLie() async throws {
        let registry = TokenRegistry()
        let session = try await filledSession(registry)
        _ = try await session.send(.click("row-3"))
        _ = try await session.send(.click("row-3"))
        _ = try await session.send(.click("row-4"))
        _ = try await session.send(.click("renew"))
        _ = try await session.send(.click("add"))
        _ = try await session.send(.click("reverse"))
        let html = await session.html()
        // Rows 0–4 took tokens 5–9 in order; row 110 (token 10) was appended; then all were reversed.
        let rows = ["Row 110 token 10 taps 0", "Row 4 token 9 taps 1", "Row 3 token 8 taps 2", "Row 2 token 7 taps 0"]
        var from = html.startIndex
        for row in rows {
            let found = try #require(html.range(of: row, range: from..<html.endIndex), "\(row) missing or out of order")
            from = found.upperBound
        }
        await session.close()
    }
}

import Foundation

/// One card on the board.
struct Card: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var notes = ""
    let author: String
}

/// The whole board: every signed-in user reads and changes this one value (see `main.swift`).
struct Board: Sendable {
    private(set) var cards: [Card] = []
    private var nextID = 1

    /// Adds a card at the top; returns its id.
    @discardableResult
    mutating func add(_ title: String, by author: String) -> Int {
        let id = nextID
        nextID += 1
        cards.insert(Card(id: id, title: title, author: author), at: 0)
        return id
    }

    /// The card with `id`, if it is still on the board.
    func card(_ id: Int) -> Card? { cards.first { $0.id == id } }

    /// Sets a card's notes; nothing happens if the card was removed meanwhile.
    mutating func setNotes(_ notes: String, of id: Int) {
        guard let index = cards.firstIndex(where: { $0.id == id }) else { return }
        cards[index].notes = notes
    }

    /// Removes a card; nothing happens if it is already gone.
    mutating func remove(_ id: Int) { cards.removeAll { $0.id == id } }

    /// The board as JSON, for `GET /api/cards`.
    var json: String {
        let items = cards.map { card in
            ["id": "\(card.id)", "title": card.title, "author": card.author]
        }
        let data = (try? JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The cards one browser session opened, most recent first: shared by that session's pages only.
struct RecentCards: Sendable {
    private(set) var ids: [Int] = []

    /// Notes that the card `id` was opened.
    mutating func visit(_ id: Int) {
        ids.removeAll { $0 == id }
        ids.insert(id, at: 0)
        if ids.count > 5 { ids.removeLast() }
    }
}

import Foundation
import LiveUI

/// `/`: the board, live for everyone signed in.
struct BoardPage: View {
    @EnvironmentObject private var board: SharedModel<Board>
    @EnvironmentObject private var recent: SharedModel<RecentCards>
    @Environment(\.user) private var user
    @State private var draft = ""

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    Text("Signed in as \(user)").accessibilityIdentifier("user")
                    Spacer()
                    Link("Sign out", destination: URL(string: "/logout")!)
                }
                HStack {
                    TextField("New card", text: $draft)
                        .accessibilityIdentifier("draft")
                        .onSubmit(add)
                    Button("Add", action: add)
                        .accessibilityIdentifier("add")
                        .disabled(draft.trimmingCharacters(in: .whitespaces).isEmpty)
                }
                Text("\(board.cards.count) cards").accessibilityIdentifier("count")
                List(board.cards) { card in
                    CardRow(card: card)
                }
                RecentList(ids: recent.ids, board: board.value)
            }
            .padding()
            .navigationTitle("Team board")
        }
    }

    private func add() {
        let title = draft.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return }
        board.update { $0.add(title, by: user) }
        draft = ""
    }
}

/// One card in the board's list: its title links to its page.
struct CardRow: View {
    let card: Card
    @EnvironmentObject private var board: SharedModel<Board>

    var body: some View {
        HStack {
            Link(card.title, destination: URL(string: "/cards/\(card.id)")!)
            Text("by \(card.author)").foregroundStyle(.secondary)
            Spacer()
            Button("Remove") { board.update { $0.remove(card.id) } }
                .accessibilityIdentifier("remove-\(card.id)")
        }
    }
}

/// The cards this browser session opened, if any.
struct RecentList: View {
    let ids: [Int]
    let board: Board

    var body: some View {
        if !ids.isEmpty {
            Section("Recently opened by you") {
                ForEach(ids, id: \.self) { id in
                    Text(board.card(id)?.title ?? "(removed)")
                }
            }
            .accessibilityIdentifier("recent")
        }
    }
}

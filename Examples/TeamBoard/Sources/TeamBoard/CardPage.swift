import Foundation
import LiveUI

/// `/cards/:id`: one card, its notes editable by anyone signed in.
struct CardPage: View {
    /// The card's id from the path; nil when the path's segment is not a number.
    let id: Int?
    @EnvironmentObject private var board: SharedModel<Board>
    @EnvironmentObject private var recent: SharedModel<RecentCards>

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                if let id, let card = board.value.card(id) {
                    Text(card.title).font(.title).accessibilityIdentifier("title")
                    Text("Added by \(card.author)").foregroundStyle(.secondary)
                    TextField("Notes", text: notes(of: id)).accessibilityIdentifier("notes")
                } else {
                    Text("There is no such card.").accessibilityIdentifier("missing")
                }
                Link("Back to the board", destination: URL(string: "/")!)
            }
            .padding()
            .navigationTitle("Card")
            .onAppear {
                if let id, board.value.card(id) != nil { recent.update { $0.visit(id) } }
            }
        }
    }

    /// The card's notes, written back to the shared board.
    private func notes(of id: Int) -> Binding<String> {
        Binding(
            get: { board.value.card(id)?.notes ?? "" },
            set: { notes in board.update { $0.setNotes(notes, of: id) } })
    }
}

/// The page for paths no route matches.
struct NotFoundPage: View {
    let path: String

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Nothing here").font(.title)
            Text("No page at \(path).")
            Link("Back to the board", destination: URL(string: "/")!)
        }
        .padding()
    }
}

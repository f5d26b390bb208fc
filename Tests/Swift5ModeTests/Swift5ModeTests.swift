import Foundation
import LiveUI
import Testing

// This target compiles in the Swift 5 language mode (Package.swift): code written for SwiftUI before Swift 6,
// with its looser checking of closures and global state, builds against LiveUI unchanged. The same APIs are
// compiled in the Swift 6 mode by LiveUITests and the gallery pages.

final class Library: ObservableObject {
    @Published var books: [Book] = [Book(title: "Dune"), Book(title: "Emma")]
}

struct Book: Identifiable, Hashable {
    var id: String { title }
    var title: String
    var rating = 3
    var finished = Date(timeIntervalSince1970: 0)
}

struct LibraryView: View {
    @StateObject private var library = Library()
    @State private var path: [Book] = []
    @State private var query = ""
    @State private var showsAbout = false
    @State private var confirmsClear = false

    var body: some View {
        NavigationStack(path: $path) {
            List {
                Section {
                    ForEach(library.books.filter { query.isEmpty || $0.title.contains(query) }) { book in
                        NavigationLink(book.title, value: book)
                    }
                } header: {
                    Text("Books")
                } footer: {
                    Text("\(library.books.count) in all")
                }
            }
            .searchable(text: $query)
            .navigationTitle("Library")
            .navigationDestination(for: Book.self) { book in
                BookDetail(book: book)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu("More") {
                        Button("About") { showsAbout = true }.accessibilityIdentifier("about")
                        Button("Clear", role: .destructive) { confirmsClear = true }.accessibilityIdentifier("clear")
                    }
                }
            }
            .sheet(isPresented: $showsAbout) {
                VStack {
                    Text("About the library")
                    GroupBox("Shelves") { LabeledContent("Books", value: "\(library.books.count)") }
                }
            }
            .confirmationDialog("Clear the library?", isPresented: $confirmsClear) {
                Button("Clear", role: .destructive) { library.books.removeAll() }.accessibilityIdentifier("confirm")
            }
        }
    }
}

struct BookDetail: View {
    @State var book: Book
    @State private var notes = ""
    @State private var showsNotes = true
    @FocusState private var notesFocused: Bool
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Stepper("Rating \(book.rating)", value: $book.rating, in: 1...5).accessibilityIdentifier("rating")
            DatePicker("Finished", selection: $book.finished, displayedComponents: .date)
            DisclosureGroup("Notes", isExpanded: $showsNotes) {
                TextEditor(text: $notes).focused($notesFocused)
            }
            ProgressView(value: Double(book.rating), total: 5)
            Button("Back") { dismiss() }.keyboardShortcut(.cancelAction).help("Go back")
        }
        .navigationTitle(book.title)
    }
}

/// The `data-lid` of the first element whose tag contains `marker`.
private func lid(in html: String, of marker: String) -> String? {
    guard let hit = html.range(of: marker) else { return nil }
    let tagStart = html[..<hit.lowerBound].range(of: "<", options: .backwards)?.lowerBound ?? hit.lowerBound
    let tagEnd = html[hit.upperBound...].range(of: ">")?.lowerBound ?? html.endIndex
    let tag = html[tagStart..<tagEnd]
    guard let attribute = tag.range(of: "data-lid=\"") else { return nil }
    return String(tag[attribute.upperBound...].prefix { $0 != "\"" })
}

@Suite("Swift 5 language mode")
struct Swift5ModeTests {
    @Test("a navigation app written for Swift 5 renders, pushes a detail and edits it")
    func navigationAppRuns() async throws {
        let session = LiveSession { LibraryView() }
        var html = await session.html()
        #expect(html.contains("Dune"))
        #expect(html.contains("2 in all"))
        let link = try #require(lid(in: html, of: ">Dune<") ?? lid(in: html, of: "Dune"))
        _ = try await session.send(.click(link))
        html = await session.html()
        #expect(html.contains("Rating 3"))
        #expect(html.contains("Finished"))
    }

    @Test("its menu opens a sheet and its confirmation dialog changes the model")
    func presentationsRun() async throws {
        let session = LiveSession { LibraryView() }
        _ = await session.html()
        _ = try await session.send(.click("about"))
        var html = await session.html()
        #expect(html.contains("About the library"))
        #expect(html.contains("Shelves"))
        _ = try await session.send(.click("clear"))
        _ = try await session.send(.click("confirm"))
        html = await session.html()
        #expect(html.contains("0 in all"))
        #expect(!html.contains(">Dune<"))
    }
}

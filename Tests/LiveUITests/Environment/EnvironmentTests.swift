import Observation
import Testing

@testable import LiveUI

@Observable
private final class Library {
    var books = 3
}

private struct ReadsLibrary: View {
    @Environment(Library.self) private var library
    var body: some View { Text("Books \(library.books)") }
}

private struct ReadsOptionalLibrary: View {
    @Environment(Library.self) private var library: Library?
    var body: some View { Text(library.map { "Books \($0.books)" } ?? "No library") }
}

private struct Counts: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count \(count)")
            Button("Next") { count += 1 }.accessibilityIdentifier("next")
        }
    }
}

@Suite("@Environment of an @Observable type")
struct EnvironmentTests {
    @Test("a required object no ancestor provided renders a visible error box, is logged, and the session goes on")
    func missingObjectIsAnErrorBox() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { VStack { ReadsLibrary(); Counts() } }
        let html = await session.html()
        #expect(html.contains("class=\"lui-error\""))
        #expect(html.contains("role=\"alert\""))
        #expect(html.contains("Library"))
        #expect(log.all.contains { $0.contains("Missing environment object of type") && $0.contains("ReadsLibrary") })
        let update = try await session.send(.click("next"))
        #expect(update.patches.count == 1)
        #expect(await session.html().contains("Count 1"))
    }

    @Test("a provided object is read, and the optional form reads it too")
    func providedObjectIsRead() async {
        let library = Library()
        let session = LiveSession(changeLog: .discard) {
            VStack { ReadsLibrary(); ReadsOptionalLibrary() }.environment(library)
        }
        let html = await session.html()
        #expect(html.components(separatedBy: "Books 3").count == 3)
        #expect(!html.contains("lui-error"))
    }

    @Test("the optional form reads nil when no ancestor provided the object")
    func optionalFormIsNil() async {
        let session = LiveSession(changeLog: .discard) { ReadsOptionalLibrary() }
        let html = await session.html()
        #expect(html.contains("No library"))
        #expect(!html.contains("lui-error"))
    }
}

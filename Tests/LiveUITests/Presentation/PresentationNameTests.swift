import Testing

@testable import LiveUI

private struct NamedSheet: View {
    @State private var shows = true
    var body: some View {
        NavigationView {
            Text("Behind").navigationTitle("Page")
        }
        .navigationViewStyle(StackNavigationViewStyle())
        .sheet(isPresented: $shows) {
            NavigationStack {
                Text("Inside").navigationTitle("Edit profile").navigationBarTitleDisplayMode(.inline)
            }
        }
    }
}

@Suite("Presentation names")
struct PresentationNameTests {
    @Test("a sheet is named by the navigation title shown inside it; the page's stack keeps its own title")
    func sheetName() async throws {
        let session = LiveSession(changeLog: .discard) { NamedSheet() }
        let html = await session.html()
        #expect(html.contains(#"aria-label="Edit profile""#))
        #expect(html.contains(">Page</h1>"))
    }
}

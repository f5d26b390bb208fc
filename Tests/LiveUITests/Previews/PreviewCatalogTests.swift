import Foundation
import Testing

@testable import LiveUI

private struct Tapper: View {
    @State private var taps = 0
    var body: some View {
        Button("Taps: \(taps)") { taps += 1 }.accessibilityIdentifier("tapper")
    }
}

struct TapperPreviews: PreviewProvider {
    static var previews: some View {
        Tapper()
            .previewDisplayName("Tapper")
            .previewLayout(.sizeThatFits)
            .previewDevice("iPhone 15")
    }
}

enum PreviewHolder {
    final class NestedPreviews: PreviewProvider {
        static var previews: some View { Text("nested preview") }
    }
}

private struct HiddenPreviews: PreviewProvider {
    static var previews: some View { Text("private preview") }
}

struct GenericPreviews<T>: PreviewProvider {
    static var previews: some View { Text("generic preview") }
}

/// The providers this test module declares.
private var ours: [PreviewCatalog.Entry] { PreviewCatalog.all.filter { $0.name.hasPrefix("LiveUITests.") } }

@Suite("Previews")
struct PreviewCatalogTests {
    @Test("every non-private, non-generic PreviewProvider of the program is found without registration")
    func discovery() {
        let names = ours.map(\.name)
        #expect(names == ["LiveUITests.PreviewHolder.NestedPreviews", "LiveUITests.TapperPreviews"])
        #expect(!PreviewCatalog.all.contains { $0.name.contains("HiddenPreviews") || $0.name.contains("GenericPreviews") })
    }

    @Test("mangled names are built from the type's context descriptors")
    func mangling() {
        #expect(_typeByName("11LiveUITests14TapperPreviewsV") == TapperPreviews.self)
    }

    @Test("the gallery renders every provider's previews live: their controls change their own state")
    func galleryIsLive() async throws {
        let session = LiveSession(changeLog: .discard) { PreviewGallery(entries: ours) }
        let html = await session.html()
        #expect(html.contains("2 preview providers"))
        #expect(html.contains("LiveUITests.TapperPreviews") && html.contains("nested preview"))
        #expect(html.contains("Taps: 0"))
        let update = try await session.send(.click("tapper"))
        #expect(update.patches.map(\.op) == ["text"])
        #expect(await session.html().contains("Taps: 1"))
    }

    @Test("a gallery without providers says so")
    func empty() async {
        #expect(await LiveSession(changeLog: .discard) { PreviewGallery(entries: []) }.html().contains("No type of this program"))
    }
}

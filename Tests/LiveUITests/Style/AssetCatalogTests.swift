import Foundation
import Testing

@testable import LiveUI

/// Views that name assets. Each test uses names of its own: the catalog is the process's, shared by tests
/// running in parallel.
private struct Named: View {
    let color: String
    let image: String
    var body: some View {
        VStack {
            Text("Title").foregroundStyle(Color(color))
            Color(color).frame(width: 10, height: 10)
            Image(image)
        }
    }
}

@Suite("Asset catalog")
struct AssetCatalogTests {
    /// Adds entries to the process's catalog, keeping what other tests added.
    private func register(colors: [String: Color] = [:], images: [String: String] = [:]) {
        AssetCatalog.update { catalog in
            catalog.colors.merge(colors) { $1 }
            catalog.images = (catalog.images ?? [:]).merging(images) { $1 }
        }
    }

    @Test("Color(name) and Image(name) resolve from the catalog the app declares")
    func resolves() async {
        register(colors: ["test-accent": Color(css: "#123456")], images: ["test-logo": "/public/images/test-logo.png"])
        let html = await LiveSession(changeLog: .discard) { Named(color: "test-accent", image: "test-logo") }.html()
        #expect(html.contains("color:#123456"))
        #expect(html.contains("background:#123456"))
        #expect(html.contains("<img data-lid=\"k4\" src=\"/public/images/test-logo.png\" alt=\"test-logo\" class=\"lui-image\">"))
        #expect(!AssetCatalog.wasReported("colour", "test-accent"))
    }

    @Test("an unknown name renders a visible placeholder and is logged once, to the session's log")
    func placeholders() async {
        register()
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Named(color: "test-missing", image: "test-missing.png") }
        let html = await session.html()
        #expect(html.contains("color:#ff00ff"))
        #expect(html.contains("background:#ff00ff"))
        #expect(html.contains("<span data-lid=\"k4\" role=\"img\" aria-label=\"test-missing.png\" class=\"lui-image-missing\">test-missing.png</span>"))
        let again = LiveSession(changeLog: log.changeLog) { Named(color: "test-missing", image: "test-missing.png") }
        _ = await again.html()
        #expect(log.all.filter { $0.contains("test-missing") } == [
            "LiveUI warning: no colour named \"test-missing\" in AssetCatalog.current; drawing a placeholder",
            "LiveUI warning: no image named \"test-missing.png\" in AssetCatalog.current; drawing a placeholder",
        ])
    }

    @Test("a catalog built from a directory answers each image by its name with and without its extension")
    func directory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("liveui-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["logo.png", "hero image.jpg", ".hidden"] {
            try Data().write(to: folder.appendingPathComponent(file))
        }
        let catalog = try AssetCatalog(imageDirectory: folder.path, urlPrefix: "/public/art/")
        #expect(catalog.images == [
            "logo": "/public/art/logo.png", "logo.png": "/public/art/logo.png",
            "hero image": "/public/art/hero%20image.jpg", "hero image.jpg": "/public/art/hero%20image.jpg",
        ])
        #expect(throws: (any Error).self) { try AssetCatalog(imageDirectory: folder.appendingPathComponent("none").path) }
    }

    @Test("labels: an image reads its name, its label, or nothing when decorative")
    func labels() async {
        register(images: ["test-photo": "/p.png"])
        let html = await LiveSession(changeLog: .discard) {
            VStack {
                Image("test-photo", label: Text("A photo"))
                Image(decorative: "test-photo")
                Label("Photo", image: "test-photo")
            }
        }.html()
        #expect(html.contains("alt=\"A photo\""))
        #expect(html.contains("alt=\"\""))
        #expect(html.contains("alt=\"test-photo\""))
    }
}

import Foundation
import Testing

@testable import LiveUI

private struct Editor: View {
    @State private var saved = 0
    @State private var path: [Int] = []
    @State private var showsExtra = false
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Saved \(saved)")
                Button("Extra") { showsExtra.toggle() }.accessibilityIdentifier("extra")
                NavigationLink("Deeper", value: 1).accessibilityIdentifier("deeper")
            }
            .navigationTitle("Editor")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") {}.accessibilityIdentifier("tb-cancel") }
                ToolbarItem(placement: .confirmationAction) { Button("Save") { saved += 1 }.accessibilityIdentifier("tb-save") }
                if showsExtra {
                    ToolbarItemGroup(placement: .bottomBar) {
                        Text("Status")
                        Button("Share") {}.accessibilityIdentifier("tb-share")
                    }
                }
            }
            .navigationDestination(for: Int.self) { number in
                Text("Level \(number)").toolbar { Button("Level action") {}.accessibilityIdentifier("tb-level") }
            }
        }
    }
}

@Suite("Toolbar")
struct ToolbarTests {
    @Test("toolbar items render in the bar's ends by placement and their actions run")
    func placements() async throws {
        let session = LiveSession(changeLog: .discard) { Editor() }
        var html = await session.html()
        let leading = try #require(html.range(of: "lui-toolbar-leading"))
        let trailing = try #require(html.range(of: "lui-toolbar-trailing"))
        let cancel = try #require(html.range(of: "data-aid=\"tb-cancel\""))
        let save = try #require(html.range(of: "data-aid=\"tb-save\""))
        let title = try #require(html.range(of: ">Editor</h1>"))
        #expect(leading.lowerBound < cancel.lowerBound && cancel.lowerBound < title.lowerBound)
        #expect(title.lowerBound < trailing.lowerBound && trailing.lowerBound < save.lowerBound)
        #expect(!html.contains("lui-toolbar-bottom"))
        _ = try await session.send(.click("tb-save"))
        #expect(await session.html().contains("Saved 1"))
        _ = try await session.send(.click("extra"))
        html = await session.html()
        #expect(html.contains("lui-toolbar-bottom"))
        #expect(html.contains("data-aid=\"tb-share\""))
    }

    @Test("a pushed level's toolbar replaces the one below while it is on top")
    func perLevel() async throws {
        let session = LiveSession(changeLog: .discard) { Editor() }
        _ = await session.html()
        _ = try await session.send(.click("deeper"))
        var html = await session.html()
        #expect(html.contains("data-aid=\"tb-level\""))
        #expect(!html.contains("data-aid=\"tb-save\""))
        let stack = try #require(navigationState(html)).lid
        _ = try await session.send(.click(stack + "hb"))
        html = await session.html()
        #expect(!html.contains("data-aid=\"tb-level\""))
        #expect(html.contains("data-aid=\"tb-save\""))
    }
}

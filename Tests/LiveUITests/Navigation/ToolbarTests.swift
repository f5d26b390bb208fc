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

/// A stack whose root and pushed level declare toolbars, with an item whose state follows the root's, and a
/// meeting pushed above the level that records itself in the root's state when it disappears.
private struct Roster: View {
    @State private var names: [String] = []
    @State private var draft = ""
    @State private var meetings = 0
    @State private var path: [Int] = []
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Names \(names.count)")
                Button("Type") { draft = "Ann" }.accessibilityIdentifier("type")
                NavigationLink("Team", value: 1).accessibilityIdentifier("team")
            }
            .navigationTitle("Roster")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Add") {
                        names.append(draft)
                        draft = ""
                    }
                    .disabled(draft.isEmpty)
                    .accessibilityIdentifier("tb-add")
                }
            }
            .navigationDestination(for: Int.self) { number in
                TeamView(meetings: $meetings)
            }
        }
    }
}

private struct TeamView: View {
    @Binding var meetings: Int
    var body: some View {
        VStack {
            Text("Meetings \(meetings)")
            NavigationLink(destination: MeetingView(meetings: $meetings)) { Text("Start") }.accessibilityIdentifier("start")
        }
        .navigationTitle("Team")
        .toolbar { Button("Edit") {}.accessibilityIdentifier("tb-edit") }
    }
}

private struct MeetingView: View {
    @Binding var meetings: Int
    var body: some View {
        Text("Speaking")
            .onDisappear { meetings += 1 }
    }
}

/// The start tag of the element marked `data-aid="aid"`.
private func startTag(in html: String, aid: String) -> Substring? {
    guard let marker = html.range(of: "data-aid=\"\(aid)\"") else { return nil }
    guard let start = html[..<marker.lowerBound].lastIndex(of: "<") else { return nil }
    guard let end = html[marker.upperBound...].firstIndex(of: ">") else { return nil }
    return html[start...end]
}

@Suite("Toolbar updates")
struct ToolbarUpdateTests {
    @Test("a toolbar settles without looping and its items follow the state they read")
    func itemsFollowState() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Roster() }
        var html = await session.html()
        #expect(try #require(startTag(in: html, aid: "tb-add")).contains(" disabled"))
        _ = try await session.send(.click("type"))
        html = await session.html()
        #expect(try #require(startTag(in: html, aid: "tb-add")).contains(" disabled") == false)
        _ = try await session.send(.click("tb-add"))
        html = await session.html()
        #expect(html.contains("Names 1"))
        #expect(try #require(startTag(in: html, aid: "tb-add")).contains(" disabled"))
        #expect(!log.all.contains { $0.contains("keeps changing") }, "\(log.all)")
    }

    @Test("popping a level below a toolbar runs its onDisappear and settles")
    func poppedLevelDisappears() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Roster() }
        _ = await session.html()
        _ = try await session.send(.click("team"))
        _ = try await session.send(.click("start"))
        var html = await session.html()
        #expect(html.contains("Speaking"))
        #expect(!html.contains("data-aid=\"tb-edit\""))
        let stack = try #require(navigationState(html)).lid
        _ = try await session.send(.click(stack + "hb"))
        html = await session.html()
        #expect(!html.contains("Speaking"))
        #expect(html.contains("Meetings 1"))
        #expect(html.contains("data-aid=\"tb-edit\""))
        #expect(!log.all.contains { $0.contains("keeps changing") }, "\(log.all)")
    }
}

import Foundation
import Testing

@testable import LiveUI

private struct Fruit: Hashable, Codable {
    let name: String
}

private struct Opaque: Hashable {
    let id: Int
}

/// A stack over a `NavigationPath` of two types, a destination link and an `isPresented` destination.
private struct Mixed: View {
    let log: LogRecorder
    @State private var path = NavigationPath()
    @State private var showsSettings = false
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Depth \(path.count) settings \(showsSettings)")
                NavigationLink("Apple", value: Fruit(name: "apple")).accessibilityIdentifier("apple")
                NavigationLink("Seven", value: 7).accessibilityIdentifier("seven")
                NavigationLink("About") { Text("About page").navigationTitle("About") }.accessibilityIdentifier("about")
                NavigationLink(destination: Text("Help page")) { Text("Help") }.accessibilityIdentifier("help")
                Button("Settings") { showsSettings = true }.accessibilityIdentifier("settings")
                NavigationLink("Nothing", value: nil as Int?).accessibilityIdentifier("nothing")
            }
            .navigationTitle("Home")
            .navigationDestination(for: Fruit.self) { Text("Fruit \($0.name)").navigationTitle($0.name) }
            .navigationDestination(for: Int.self) { number in
                Text("Number \(number)").navigationBarBackButtonHidden()
            }
            .navigationDestination(isPresented: $showsSettings) { SettingsPage(log: log) }
        }
    }
}

private struct SettingsPage: View {
    let log: LogRecorder
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Button("Close settings") { dismiss() }.accessibilityIdentifier("close-settings")
            .navigationTitle("Settings")
            .onDisappear { log.append("settings gone") }
    }
}

/// A navigation title outside any stack is the page's title.
private struct Plain: View {
    @State private var title = "One"
    var body: some View {
        Button("Rename") { title = "Two" }.accessibilityIdentifier("rename").navigationTitle(title)
    }
}

@Suite("NavigationPath")
struct NavigationPathTests {
    @Test("a path of Codable values round-trips through its codable representation")
    func codableRoundTrip() throws {
        var path = NavigationPath()
        path.append(Fruit(name: "pear"))
        path.append(3)
        let codable = try #require(path.codable)
        let data = try JSONEncoder().encode(codable)
        let decoded = try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data)
        #expect(NavigationPath(decoded) == path)
        path.append(Opaque(id: 1))
        #expect(path.codable == nil)
        path.removeLast(2)
        #expect(path.count == 1)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                NavigationPath.CodableRepresentation.self, from: Data(#""[{\"t\":\"Nowhere.Type\",\"v\":1}]""#.utf8))
        }
    }

    @Test("a NavigationPath stack shows each type's destination; a nil value's link is disabled")
    func mixedTypes() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Mixed(log: log) }
        var html = await session.html()
        #expect(html.contains(#"data-aid="nothing" disabled="""#) || html.contains(#"disabled="" data-aid="nothing""#))
        _ = try await session.send(.click("apple"))
        html = await session.html()
        #expect(html.contains("Fruit apple"))
        #expect(html.contains(">apple</h1>"))
        #expect(html.contains("Depth 1"))
        let stack = try #require(navigationState(html))
        _ = try await session.send(.click(stack.lid + "hb"))
        _ = try await session.send(.click("seven"))
        html = await session.html()
        #expect(html.contains("Number 7"))
        // The level hides its back button.
        #expect(!html.contains("lui-navback"))
    }

    @Test("a destination link pushes its view; navigationDestination(isPresented:) follows its binding both ways")
    func viewDestinations() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Mixed(log: log) }
        var html = await session.html()
        let stack = try #require(navigationState(html)).lid
        _ = try await session.send(.click("about"))
        html = await session.html()
        #expect(html.contains("About page"))
        #expect(html.contains(">About</h1>"))
        #expect(navigationState(html)?.nav.hasPrefix(#"[{"n":"#) == true)
        _ = try await session.send(ClientEvent(target: stack, type: "navigate", value: "[]"))
        _ = try await session.send(.click("help"))
        #expect(await session.html().contains("Help page"))
        _ = try await session.send(.click(stack + "hb"))
        _ = try await session.send(.click("settings"))
        html = await session.html()
        #expect(html.contains("settings true"))
        #expect(html.contains(">Settings</h1>"))
        _ = try await session.send(.click("close-settings"))
        html = await session.html()
        #expect(html.contains("settings false"))
        #expect(!html.contains("Close settings"))
        #expect(log.all.contains("settings gone"))
    }

    @Test("a title outside any stack is the page's title and marks its element for the client")
    func titleWithoutStack() async throws {
        let session = LiveSession(changeLog: .discard) { Plain() }
        #expect(await session.html().contains(#"data-lui-title="One""#))
        #expect(await session.documentTitle() == "One")
        _ = try await session.send(.click("rename"))
        #expect(await session.documentTitle() == "Two")
        #expect(await session.html().contains(#"data-lui-title="Two""#))
    }
}

import Foundation
import Testing

@testable import LiveUI

/// A pushed view with state of its own and lifecycle logging.
private struct Detail: View {
    let number: Int
    let log: LogRecorder
    @State private var taps = 0
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("Detail \(number) taps \(taps)")
            Button("Tap") { taps += 1 }.accessibilityIdentifier("tap-\(number)")
            NavigationLink("Next", value: number + 1).accessibilityIdentifier("next-\(number)")
            Button("Close") { dismiss() }.accessibilityIdentifier("close-\(number)")
        }
        .navigationTitle("Item \(number)")
        .onAppear { log.append("appear \(number)") }
        .onDisappear { log.append("disappear \(number)") }
    }
}

private struct Numbers: View {
    let log: LogRecorder
    @State private var path: [Int] = []
    @State private var rootTaps = 0
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Root taps \(rootTaps) path \(path.map(String.init).joined(separator: ","))")
                Button("Root tap") { rootTaps += 1 }.accessibilityIdentifier("root-tap")
                NavigationLink("One", value: 1).accessibilityIdentifier("one")
                Button("Jump") { path = [5, 6] }.accessibilityIdentifier("jump")
            }
            .navigationTitle("Numbers")
            .navigationDestination(for: Int.self) { Detail(number: $0, log: log) }
        }
    }
}

/// The `data-lid` of the stack's element and its `data-nav`.
func navigationState(_ html: String) -> (lid: String, nav: String)? {
    guard let match = html.firstMatch(of: /<div data-lid="([^"]+)" data-nav="([^"]*)" class="lui-nav"/) else { return nil }
    return (String(match.1), String(match.2).replacingOccurrences(of: "&quot;", with: "\""))
}

@Suite("NavigationStack")
struct NavigationStackTests {
    @Test("a link pushes its value: the binding grows, the destination shows, the URL path and bar follow")
    func pushByValue() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Numbers(log: log) }
        var html = await session.html()
        #expect(html.contains("Root taps 0 path "))
        #expect(navigationState(html)?.nav == "[]")
        _ = try await session.send(.click("one"))
        html = await session.html()
        #expect(html.contains("Root taps 0 path 1"))
        #expect(html.contains("Detail 1 taps 0"))
        #expect(html.contains(#"class="lui-navback" data-on="click">‹ Numbers</button>"#))
        #expect(html.contains(#">Item 1</h1>"#))
        #expect(navigationState(html)?.nav == #"[{"t":"Swift.Int","v":1}]"#)
        #expect(log.all.contains("appear 1"))
        #expect(await session.documentTitle() == "Item 1")
    }

    @Test("a pop ends the popped view's state; the views below keep theirs")
    func popEndsState() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Numbers(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("root-tap"))
        _ = try await session.send(.click("one"))
        _ = try await session.send(.click("tap-1"))
        _ = try await session.send(.click("next-1"))
        var html = await session.html()
        #expect(html.contains("Detail 1 taps 1"))
        #expect(html.contains("Detail 2 taps 0"))
        #expect(html.contains(#"‹ Item 1</button>"#))
        // The back button pops one level: level 2 ends, level 1 keeps its taps.
        let stack = try #require(navigationState(html))
        _ = try await session.send(.click(stack.lid + "hb"))
        html = await session.html()
        #expect(!html.contains("Detail 2"))
        #expect(html.contains("Detail 1 taps 1"))
        #expect(log.all.contains("disappear 2"))
        #expect(!log.all.contains("disappear 1"))
        // Pushing 2 again makes a fresh identity.
        _ = try await session.send(.click("next-1"))
        _ = try await session.send(.click("close-2"))
        _ = try await session.send(.click("close-1"))
        html = await session.html()
        #expect(html.contains("Root taps 1 path "))
        #expect(!html.contains("Detail"))
        #expect(await session.documentTitle() == "Numbers")
    }

    @Test("writing the path pushes and pops")
    func pathBinding() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Numbers(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("jump"))
        let html = await session.html()
        #expect(html.contains("Detail 5 taps 0"))
        #expect(html.contains("Detail 6 taps 0"))
        #expect(html.contains(#"‹ Item 5</button>"#))
        #expect(navigationState(html)?.nav == #"[{"t":"Swift.Int","v":5},{"t":"Swift.Int","v":6}]"#)
    }

    @Test("Back and Forward navigate to paths the stack showed; any other path is refused and changes nothing")
    func backAndForward() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Numbers(log: log) }
        var html = await session.html()
        let stack = try #require(navigationState(html)).lid
        _ = try await session.send(.click("one"))
        _ = try await session.send(.click("next-1"))
        let deep = try #require(navigationState(await session.html())).nav
        _ = try await session.send(ClientEvent(target: stack, type: "navigate", value: "[]"))
        html = await session.html()
        #expect(navigationState(html)?.nav == "[]")
        _ = try await session.send(ClientEvent(target: stack, type: "navigate", value: deep))
        html = await session.html()
        #expect(navigationState(html)?.nav == deep)
        #expect(html.contains("Detail 2 taps 0"))
        let before = html
        await #expect(throws: LiveError.self) {
            _ = try await session.send(ClientEvent(target: stack, type: "navigate", value: #"[{"t":"Swift.Int","v":9}]"#))
        }
        await #expect(throws: LiveError.self) {
            _ = try await session.send(ClientEvent(target: stack, type: "navigate", value: "not json"))
        }
        #expect(await session.html() == before)
    }

    @Test("a URL's Codable path restores the stack; one the stack cannot show is refused")
    func restore() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Numbers(log: log) }
        let stack = try #require(navigationState(await session.html())).lid
        _ = try await session.send(ClientEvent(target: stack, type: "restore", value: #"[{"t":"Swift.Int","v":3},{"v":4,"t":"Swift.Int"}]"#))
        let html = await session.html()
        #expect(html.contains("Root taps 0 path 3,4"))
        #expect(html.contains("Detail 4 taps 0"))
        await #expect(throws: LiveError.self) {
            _ = try await session.send(ClientEvent(target: stack, type: "restore", value: #"[{"t":"Swift.String","v":"x"}]"#))
        }
        await #expect(throws: LiveError.self) {
            _ = try await session.send(ClientEvent(target: stack, type: "restore", value: #"[{"n":3}]"#))
        }
        #expect(await session.html() == html)
    }
}

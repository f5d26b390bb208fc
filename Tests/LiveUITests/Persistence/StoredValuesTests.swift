import Foundation
import LiveUI
import Synchronization
import Testing

private enum Theme: String { case light, dark }
private enum Level: Int { case low = 1, high = 2 }

/// Reads and writes the scene's `name`.
private struct SceneNameView: View {
    let label: String
    @SceneStorage("name") private var name = "nobody"
    var body: some View {
        VStack {
            Text("\(label): \(name)")
            Button("rename") { name = "\(label)-renamed" }.accessibilityIdentifier("rename")
        }
    }
}

/// Every value type `@AppStorage` takes, set by one button.
private struct AppValuesView: View {
    @AppStorage("flag") private var flag = false
    @AppStorage("count") private var count = 1
    @AppStorage("ratio") private var ratio = 0.5
    @AppStorage("title") private var title = "t"
    @AppStorage("link") private var link = URL(string: "https://example.invalid/a")!
    @AppStorage("blob") private var blob = Data([1])
    @AppStorage("theme") private var theme = Theme.light
    @AppStorage("level") private var level = Level.low
    @AppStorage("maybeName") private var maybeName: String?
    @AppStorage("maybeCount") private var maybeCount: Int?
    @AppStorage("maybeTheme") private var maybeTheme: Theme?

    var body: some View {
        VStack {
            Text("\(flag) \(count) \(ratio) \(title) \(link.absoluteString) \(blob.count) \(theme.rawValue) \(level.rawValue)")
            Text("\(maybeName ?? "nil") \(maybeCount.map(String.init) ?? "nil") \(maybeTheme?.rawValue ?? "nil")")
            Button("set") {
                flag = true
                count = 7
                ratio = 2.25
                title = "hello"
                link = URL(string: "https://example.invalid/b")!
                blob = Data([1, 2, 3])
                theme = .dark
                level = .high
                maybeName = "ann"
                maybeCount = 3
                maybeTheme = .dark
            }
            .accessibilityIdentifier("set")
            Button("clear") {
                maybeName = nil
                maybeCount = nil
            }
            .accessibilityIdentifier("clear")
        }
    }
}

@Suite("Scene and app storage")
struct StoredValuesTests {
    @Test("a scene's value is shared by its pages: a write in one re-renders the other")
    func sceneStorageShared() async throws {
        let scene = StoredValues()
        let first = LiveSession(changeLog: .discard, persistence: StatePersistence(sceneStorage: scene)) { SceneNameView(label: "first") }
        let second = LiveSession(changeLog: .discard, persistence: StatePersistence(sceneStorage: scene)) { SceneNameView(label: "second") }
        #expect(await first.html().contains("first: nobody"))
        #expect(await second.html().contains("second: nobody"))
        let updates = Updates()
        let subscription = second.subscribe { updates.append($0) }
        _ = try await first.send(.click("rename"))
        await second.settle()
        #expect(await second.html().contains("second: first-renamed"))
        #expect(updates.count > 0, "the other page's stream got the change")
        subscription.cancel()
        let changes = scene.takeChanges()
        #expect(Array(changes.written.keys) == ["name"])
        #expect(scene.takeChanges().isEmpty)
        // Another browser session's scene is its own.
        let other = LiveSession(changeLog: .discard) { SceneNameView(label: "other") }
        #expect(await other.html().contains("other: nobody"))
    }

    @Test("app storage keeps SwiftUI's value types, and comes back from their encoded form")
    func appStorageTypes() async throws {
        let app = StoredValues()
        let live = LiveSession(changeLog: .discard, persistence: StatePersistence(appStorage: app)) { AppValuesView() }
        let before = await live.html()
        #expect(before.contains("false 1 0.5 t https://example.invalid/a 1 light 1"))
        #expect(before.contains("nil nil nil"))
        _ = try await live.send(.click("set"))
        let after = await live.html()
        #expect(after.contains("true 7 2.25 hello https://example.invalid/b 3 dark 2"))
        #expect(after.contains("ann 3 dark"))
        #expect(app.takeChanges().written.count == 11)

        let restored = StoredValues(encoded: app.encodedValues)
        let again = LiveSession(changeLog: .discard, persistence: StatePersistence(appStorage: restored)) { AppValuesView() }
        #expect(await again.html().contains("true 7 2.25 hello https://example.invalid/b 3 dark 2"))

        _ = try await live.send(.click("clear"))
        let cleared = app.takeChanges()
        #expect(cleared.removed == ["maybeName", "maybeCount"])
        #expect(await live.html().contains("nil nil dark"))
    }

    @Test("a stored value of another type reads as the default")
    func mismatchReadsDefault() async throws {
        let app = StoredValues(encoded: ["count": Data(#"{"string":"seven"}"#.utf8), "title": Data("garbage".utf8)])
        let live = LiveSession(changeLog: .discard, persistence: StatePersistence(appStorage: app)) { AppValuesView() }
        #expect(await live.html().contains("false 1 0.5 t "))
    }
}

/// Updates collected from a subscription.
private final class Updates: Sendable {
    private let list = Mutex<[Update]>([])
    func append(_ update: Update) { list.withLock { $0.append(update) } }
    var count: Int { list.withLock { $0.count } }
}

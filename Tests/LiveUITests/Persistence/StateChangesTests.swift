import Foundation
import LiveUI
import Testing

/// Saved state is reported by identity, and only what changed.
@Suite("State changes")
struct StateChangesTests {
    private func session<V: View>(restoring saved: SavedState = SavedState(), _ make: @escaping () -> V) -> LiveSession {
        LiveSession(changeLog: .discard, persistence: StatePersistence(restoring: saved)) { make() }
    }

    @Test("keys name the identity by path, view type and property, the same in every process")
    func keysAreStable() async throws {
        let live = session { PersistedList() }
        _ = await live.html()
        let keys = Set(await live.takeStateChanges().written.keys)
        #expect(keys.contains { $0.hasSuffix("[3] :: LiveUITests.PersistedRow._taps") })
        // A string id is spelled as JSON, its space percent-encoded.
        #expect(keys.contains { $0.contains("[\"blue%20sky\"]") && $0.hasSuffix("PersistedTag._on") })
        #expect(keys.allSatisfy { !$0.contains("unknown context") && !$0.contains("0x") })
    }

    @Test("only the identities that changed are written")
    func onlyChanged() async throws {
        let live = session { PersistedConditionals() }
        _ = await live.html()
        let first = await live.takeStateChanges()
        #expect(first.written.count == 4)  // outer, inner, b and c
        _ = try await live.send(.click("inc-b"))
        let changes = await live.takeStateChanges()
        #expect(changes.removed.isEmpty)
        #expect(Array(changes.written.keys).count == 1)
        #expect(changes.written.keys.first?.hasSuffix("PersistedCounter._count") == true)
        #expect(changes.written.values.first == Data("1".utf8))
        #expect(await live.takeStateChanges().isEmpty, "nothing again until something changes")
        // A write of an equal value changes nothing.
        _ = try await live.send(.click("inc-b"))
        _ = await live.takeStateChanges()
    }

    @Test("identities that end are removed")
    func endedIdentitiesRemoved() async throws {
        let live = session { PersistedConditionals() }
        _ = await live.html()
        let before = await live.takeStateChanges().written
        _ = try await live.send(.click("inner"))
        let changes = await live.takeStateChanges()
        let counters = before.keys.filter { $0.hasSuffix("PersistedCounter._count") }
        #expect(counters.count == 2)
        #expect(changes.removed == Set(counters))
        // `a` appeared (its count) and `inner` changed.
        #expect(changes.written.count == 2)
        #expect(changes.written.keys.contains { $0.contains("If(0) If(0)") })
    }

    @Test("sleeping rows keep their saved state; rows that go are removed")
    func sleepingRows() async throws {
        let live = session { PersistedList() }
        _ = await live.html()
        _ = await live.takeStateChanges()
        _ = try await live.send(.click("row-12"))
        let tap = await live.takeStateChanges()
        #expect(tap.written.count == 1 && tap.removed.isEmpty)
        _ = await live.html()  // the rows sleep again
        #expect(await live.takeStateChanges().isEmpty, "sleeping is not an end")
        _ = try await live.send(.click("drop"))  // removes the row in the middle: 10
        let drop = await live.takeStateChanges()
        #expect(drop.removed.count == 1)
        #expect(drop.removed.first?.contains("[10] :: ") == true)
    }

    @Test("a value that no longer decodes starts fresh")
    func typeMismatchStartsFresh() async throws {
        let original = session { PersistedConditionals() }
        _ = await original.html()
        _ = try await original.send(.click("inc-b"))
        var saved = await original.savedState()
        let key = try #require(saved.values.keys.first { $0.hasSuffix("_count") && saved.values[$0] == Data("1".utf8) })
        saved.values[key] = Data("\"one\"".utf8)
        let restored = session(restoring: saved) { PersistedConditionals() }
        let html = await restored.html()
        #expect(html.contains(">b 0<"))
        let changes = await restored.takeStateChanges()
        #expect(changes.written == [key: Data("0".utf8)], "the fresh value replaces the stale one")
    }

    @Test("state that is not Codable is listed and starts fresh")
    func unsavedTypes() async throws {
        let live = session { PersistedModels() }
        _ = await live.html()
        _ = try await live.send(.click("tick"))
        _ = try await live.send(.click("apple"))
        let types = await live.unsavedStateTypes()
        #expect(types == ["LiveUITests.PersistedClock"])
        let restored = session(restoring: await live.savedState()) { PersistedModels() }
        #expect(await restored.html().contains("Apples 1, ticks 0"))
    }

    @Test("a session without persistence saves nothing")
    func offByDefault() async throws {
        let live = LiveSession(changeLog: .discard) { PersistedConditionals() }
        _ = try await live.send(.click("inc-b"))
        #expect(await live.takeStateChanges().isEmpty)
        #expect(await live.savedState().isEmpty)
    }
}

@Suite("Unsaved state in the tree")
struct UnsavedStateTreeTests {
    @Test("the inspector's tree lists a node's state that is not saved")
    func treeListsUnsaved() async throws {
        let live = LiveSession(changeLog: .discard, persistence: StatePersistence()) { PersistedModels() }
        let tree = await live.treeJSON()
        #expect(tree.contains(#""unsaved":["_clock: LiveUITests.PersistedClock"]"#))
        let plain = await LiveSession(changeLog: .discard) { PersistedModels() }.treeJSON()
        #expect(!plain.contains("unsaved"))
    }
}

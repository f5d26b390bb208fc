import Foundation
import LiveUI
import TestSupport
import Testing

/// A graph saved after random events and restored into a fresh session renders the same HTML and answers
/// the next event with the same patches.
@Suite("Saved state round trip")
struct SavedStateRoundTripTests {
    /// Applies `steps` random events from `events` (seeded), keeping a store up to date with every
    /// `takeStateChanges()`, then restores the JSON-round-tripped state into a fresh session and compares.
    /// Returns whether the state saved renders otherwise than a fresh graph (so that the comparison meant
    /// something).
    @discardableResult
    private func roundTrip<V: View>(
        seed: UInt64, steps: Int, events: [ClientEvent], @ViewBuilder _ make: @escaping () -> V
    ) async throws -> Bool {
        var generator = SplitMix64(seed)
        let original = LiveSession(changeLog: .discard, persistence: StatePersistence()) { make() }
        _ = await original.html()
        var store = SavedState()
        store.apply(await original.takeStateChanges())
        for _ in 0..<steps {
            _ = try? await original.send(events[generator.int(events.count)])
            store.apply(await original.takeStateChanges())
        }
        let originalHTML = await original.html()
        store.apply(await original.takeStateChanges())
        let saved = await original.savedState()
        #expect(store == saved, "the changes taken add up to the saved state")
        let decoded = try JSONDecoder().decode(SavedState.self, from: JSONEncoder().encode(saved))
        #expect(decoded == saved)

        var left = LidNormalizer()
        var right = LidNormalizer()
        let freshHTML = await LiveSession(changeLog: .discard) { make() }.html()
        let differsFromFresh = LidNormalizer().normalizedCopy(freshHTML) != LidNormalizer().normalizedCopy(originalHTML)

        let restored = LiveSession(changeLog: .discard, persistence: StatePersistence(restoring: decoded)) { make() }
        let restoredHTML = await restored.html()
        #expect(left.normalize(originalHTML) == right.normalize(restoredHTML))
        #expect(await restored.takeStateChanges() == StateChanges(), "a restored graph has nothing new to write")

        // The next event that applies answers the same in both.
        var answered = false
        for _ in 0..<events.count * 2 where !answered {
            let event = events[generator.int(events.count)]
            guard let expected = try? await original.send(event) else { continue }
            let actual = try await restored.send(event)
            #expect(left.normalize(expected.patchesJSON) == right.normalize(actual.patchesJSON), "\(event.target)")
            answered = true
        }
        #expect(answered)
        #expect(left.normalize(await original.html()) == right.normalize(await restored.html()))
        return differsFromFresh
    }

    @Test("nested conditionals come back with their counters")
    func nestedConditionals() async throws {
        let events: [ClientEvent] = ["outer", "inner", "inc-a", "inc-b", "inc-c", "inc-d"].map { .click($0) }
        var differed = false
        for seed: UInt64 in 1...4 {
            if try await roundTrip(seed: seed, steps: 30, events: events, { PersistedConditionals() }) { differed = true }
        }
        #expect(differed, "some seed leaves state a fresh graph does not have")
    }

    @Test("keyed lists come back, sleeping rows included", arguments: [5, 6, 7] as [UInt64])
    func keyedLists(seed: UInt64) async throws {
        var events: [ClientEvent] = ["add", "drop", "reverse", "rotate"].map { .click($0) }
        events += (0..<26).map { .click("row-\($0)") }
        events += ["red", "green", "blue sky"].map { .click("tag-\($0)") }
        #expect(try await roundTrip(seed: seed, steps: 60, events: events) { PersistedList() })
    }

    @Test("navigation paths come back, the stack's own and a bound one", arguments: [8, 9, 10] as [UInt64])
    func navigation(seed: UInt64) async throws {
        var events: [ClientEvent] = ["push-1", "push-2", "push-30", "pop"].map { .click($0) }
        events += ["like-1", "like-2", "like-30"].map { .click($0) }
        #expect(try await roundTrip(seed: seed, steps: 25, events: events) { PersistedNavigation() })
    }

    @Test("Codable state objects and view storage come back", arguments: [11, 12] as [UInt64])
    func models(seed: UInt64) async throws {
        let events: [ClientEvent] = [.click("apple"), .click("grow"), .click("show"), .input("note", "hi"), .input("note", "")]
        #expect(try await roundTrip(seed: seed, steps: 20, events: events) { PersistedModels() })
    }
}

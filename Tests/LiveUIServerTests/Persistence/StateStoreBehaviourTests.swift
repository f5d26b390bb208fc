import Foundation
import Testing
@testable import LiveUIServer

/// The behaviour every ``StateStore`` shares, run against each of them.
@Suite("StateStore behaviour")
struct StateStoreBehaviourTests {
    private static let token = "tok-" + SecureToken.hex()

    private static func changes(_ session: String, route: String = "/", _ written: [String: String] = [:],
                                removed: Set<String> = []) -> SessionChanges {
        SessionChanges(
            session: session, token: token,
            routes: [route: KeyChanges(written: written.mapValues(bytes), removed: removed)])
    }

    @Test("a committed session loads back with every part it was given", arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let id = SecureToken.hex()
        var change = SessionChanges(
            session: id, token: Self.token, browser: "browser-1",
            routes: [
                "/": KeyChanges(written: ["0/1.count": [0, 1, 2, 255], "empty": []]),
                "/items/7": KeyChanges(written: ["0.title": bytes("Seven ✓"), "0/2:x.flag": bytes("true")]),
            ],
            scene: KeyChanges(written: ["tab": bytes("2")]), tabSeqs: ["tab-a": 41, "tab-b": 7],
            metadata: KeyChanges(written: ["last-route": bytes("/items/7")]))
        change.routes["/odd:route\n1"] = KeyChanges(written: ["k:with:colons": bytes("v")])
        let batch = StateBatch(sessions: [change])
        let refused = try await fixture.run { try $0.commit(batch) }
        #expect(refused.isEmpty)
        let loaded = try await fixture.run { try $0.load(session: id) }
        #expect(loaded == StoredSession(
            session: id, token: Self.token, browser: "browser-1",
            routes: [
                "/": ["0/1.count": [0, 1, 2, 255], "empty": []],
                "/items/7": ["0.title": bytes("Seven ✓"), "0/2:x.flag": bytes("true")],
                "/odd:route\n1": ["k:with:colons": bytes("v")],
            ],
            scene: ["tab": bytes("2")], tabSeqs: ["tab-a": 41, "tab-b": 7], metadata: ["last-route": bytes("/items/7")]))
        #expect(try await fixture.run { try $0.load(session: SecureToken.hex()) } == nil)
    }

    @Test("later commits overwrite, remove single keys and drop whole routes", arguments: StoreKind.allCases)
    func incrementalChanges(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let id = SecureToken.hex()
        let first = SessionChanges(
            session: id, token: Self.token,
            routes: ["/": KeyChanges(written: ["a": bytes("1"), "b": bytes("2"), "c": bytes("3")]),
                     "/other": KeyChanges(written: ["x": bytes("x")]), "/other2": KeyChanges(written: ["y": bytes("y")])],
            scene: KeyChanges(written: ["s1": bytes("1"), "s2": bytes("2")]), tabSeqs: ["t": 1])
        let second = SessionChanges(
            session: id, token: Self.token, routes: ["/": KeyChanges(written: ["a": bytes("10"), "d": bytes("4")], removed: ["b"])],
            droppedRoutes: ["/other"], scene: KeyChanges(removed: ["s1"]), tabSeqs: ["t": 5])
        try await fixture.run { store in
            _ = try store.commit(StateBatch(sessions: [first]))
            _ = try store.commit(StateBatch(sessions: [second]))
        }
        let loaded = try #require(try await fixture.run { try $0.load(session: id) })
        #expect(loaded.routes == ["/": ["a": bytes("10"), "c": bytes("3"), "d": bytes("4")], "/other2": ["y": bytes("y")]])
        #expect(loaded.scene == ["s2": bytes("2")])
        #expect(loaded.tabSeqs == ["t": 5])
    }

    @Test("a batch writes many sessions, in order, and app storage with them", arguments: StoreKind.allCases)
    func batches(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let ids = (0..<5).map { _ in SecureToken.hex() }
        var sessions = ids.map { Self.changes($0, ["k": $0]) }
        sessions.append(Self.changes(ids[0], ["k": "second write wins"]))
        let app = AppStorageChanges(browser: "b-" + ids[0], changes: KeyChanges(written: ["theme": bytes("dark"), "x": bytes("1")]))
        let batch = StateBatch(sessions: sessions, appStorage: [app])
        try await fixture.run { store in
            _ = try store.commit(batch)
            _ = try store.commit(StateBatch(appStorage: [AppStorageChanges(browser: app.browser, changes: KeyChanges(removed: ["x"]))]))
        }
        for (index, id) in ids.enumerated() {
            let loaded = try await fixture.run { try $0.load(session: id) }
            #expect(loaded?.routes["/"]?["k"] == bytes(index == 0 ? "second write wins" : id))
        }
        #expect(try await fixture.run { try $0.loadAppStorage(browser: app.browser) } == ["theme": bytes("dark")])
        #expect(try await fixture.run { try $0.loadAppStorage(browser: "nobody") } == [:])
    }

    @Test("deleting a session removes its state and its lease", arguments: StoreKind.allCases)
    func deletion(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let id = SecureToken.hex()
        let other = try await fixture.run { store in
            _ = try store.acquireLease(session: id, holder: "A", ttl: 600)
            _ = try store.commit(StateBatch(holder: "A", sessions: [Self.changes(id, ["k": "v"])]))
            try store.delete(session: id)
            return try store.acquireLease(session: id, holder: "B", ttl: 600)
        }
        #expect(try await fixture.run { try $0.load(session: id) } == nil)
        #expect(other == .granted)
    }

    @Test("sessions expire their TTL after their last commit, app storage its own", arguments: StoreKind.allCases)
    func expiry(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind, sessionTTL: 600, appStorageTTL: 6000)
        let (id, kept) = (SecureToken.hex(), SecureToken.hex())
        let browser = "b-" + id
        try await fixture.run { store in
            _ = try store.commit(StateBatch(
                sessions: [Self.changes(id, ["k": "v"])],
                appStorage: [AppStorageChanges(browser: browser, changes: KeyChanges(written: ["t": bytes("1")]))]))
        }
        #expect(try await fixture.run { try $0.load(session: id) } != nil)
        if let short = fixture.shortLived(sessionTTL: 0.3) {
            // Redis's TTLs run on its own clock: an empty commit with a short TTL lets this one run out soon.
            try await blocking { _ = try short.commit(StateBatch(sessions: [SessionChanges(session: id, token: Self.token)])) }
        }
        let gone = try await fixture.pass(900) { store in
            // The other session keeps committing (a click): it stays while the first one expires.
            _ = try store.commit(StateBatch(sessions: [Self.changes(kept, ["k": "v"])]))
            return try store.load(session: id) == nil
        }
        #expect(gone)
        #expect(try await fixture.run { try $0.load(session: kept) } != nil)
        if kind != .redis {
            #expect(try await fixture.run { try $0.sweepExpired() } == 1)
        }
        #expect(try await fixture.run { try $0.loadAppStorage(browser: browser) } == ["t": bytes("1")])
        // A commit after expiry starts the session afresh: nothing from before comes back.
        let again = try await fixture.run { store in
            _ = try store.commit(StateBatch(sessions: [Self.changes(id, ["new": "1"])]))
            return try store.load(session: id)
        }
        #expect(again?.routes == ["/": ["new": bytes("1")]])
    }

    @Test("a lease is refused while held, renewed by its holder, taken after release", arguments: StoreKind.allCases)
    func leases(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let id = SecureToken.hex()
        let (first, again, refused, renewedByA, renewedByB) = try await fixture.run { store in
            (try store.acquireLease(session: id, holder: "A", ttl: 600), try store.acquireLease(session: id, holder: "A", ttl: 600),
             try store.acquireLease(session: id, holder: "B", ttl: 600), try store.renewLease(session: id, holder: "A", ttl: 600),
             try store.renewLease(session: id, holder: "B", ttl: 600))
        }
        #expect(first == .granted)
        #expect(again == .granted)
        guard case .heldElsewhere(let holder, let expiresIn) = refused else {
            Issue.record("B was granted A's lease: \(refused)")
            return
        }
        #expect(holder == "A")
        #expect(expiresIn > 0 && expiresIn <= 600)
        #expect(renewedByA)
        #expect(!renewedByB)
        let (afterWrongRelease, afterRelease) = try await fixture.run { store in
            try store.releaseLease(session: id, holder: "B")
            let wrong = try store.acquireLease(session: id, holder: "B", ttl: 600)
            try store.releaseLease(session: id, holder: "A")
            return (wrong, try store.acquireLease(session: id, holder: "B", ttl: 600))
        }
        #expect(!afterWrongRelease.isGranted)
        #expect(afterRelease == .granted)
    }

    @Test("a lease lapses after its TTL and another holder takes it", arguments: StoreKind.allCases)
    func leaseExpiry(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let id = SecureToken.hex()
        let ttl = kind == .redis ? 0.4 : 10
        #expect(try await fixture.run { try $0.acquireLease(session: id, holder: "A", ttl: ttl) } == .granted)
        let taken = try await fixture.pass(ttl * 1.5) { store in
            try store.acquireLease(session: id, holder: "B", ttl: 600) == .granted
        }
        #expect(taken)
        #expect(try await fixture.run { try $0.renewLease(session: id, holder: "A", ttl: 600) } == false)
    }

    @Test("release-all gives up every lease of one holder and no other's", arguments: StoreKind.allCases)
    func releaseAll(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let mine = (0..<3).map { _ in SecureToken.hex() }
        let theirs = SecureToken.hex()
        let (released, takeovers, stillHeld) = try await fixture.run { store in
            for id in mine { _ = try store.acquireLease(session: id, holder: "A", ttl: 600) }
            _ = try store.acquireLease(session: theirs, holder: "B", ttl: 600)
            let released = try store.releaseAllLeases(holder: "A")
            let takeovers = try mine.map { try store.acquireLease(session: $0, holder: "C", ttl: 600) }
            return (released, takeovers, try store.acquireLease(session: theirs, holder: "C", ttl: 600))
        }
        #expect(released == 3)
        #expect(takeovers.allSatisfy { $0.isGranted })
        #expect(!stillHeld.isGranted)
    }

    @Test("a holder's commit is refused for sessions whose lease it does not hold", arguments: StoreKind.allCases)
    func fencedCommits(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let (held, lost, never) = (SecureToken.hex(), SecureToken.hex(), SecureToken.hex())
        let refused = try await fixture.run { store in
            _ = try store.acquireLease(session: held, holder: "A", ttl: 600)
            _ = try store.acquireLease(session: lost, holder: "A", ttl: 600)
            _ = try store.commit(StateBatch(holder: "A", sessions: [Self.changes(lost, ["k": "A's"])]))
            try store.releaseLease(session: lost, holder: "A")
            _ = try store.acquireLease(session: lost, holder: "B", ttl: 600)
            return try store.commit(StateBatch(
                holder: "A", sessions: [Self.changes(held, ["k": "1"]), Self.changes(lost, ["k": "late"]), Self.changes(never, ["k": "1"])]))
        }
        #expect(refused == [lost, never])
        #expect(try await fixture.run { try $0.load(session: held) }?.routes["/"]?["k"] == bytes("1"))
        #expect(try await fixture.run { try $0.load(session: lost) }?.routes["/"]?["k"] == bytes("A's"))
        #expect(try await fixture.run { try $0.load(session: never) } == nil)
    }
}

import Foundation
import Testing

@testable import LiveUI

private struct Tally: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Add") { count += 1 }.accessibilityIdentifier("add")
        }
    }
}

@Suite("Update origin")
struct UpdateOriginTests {
    @Test("an event's update carries the event's origin, to the caller and to subscribers; other updates none")
    func updateCarriesTheEventsOrigin() async throws {
        let session = LiveSession(changeLog: .discard) { Tally() }
        _ = await session.html()
        let seen = Locked<[String?]>([])
        let subscription = session.subscribe { update in seen.withLock { $0.append(update.origin) } }
        defer { subscription.cancel() }
        let tagged = try await session.send(ClientEvent(target: "add", type: "click", origin: "tab-1"))
        #expect(tagged.origin == "tab-1" && tagged.version == 1)
        let untagged = try await session.send(.click("add"))
        #expect(untagged.origin == nil && untagged.version == 2)
        #expect(seen.withLock { $0 } == ["tab-1", nil])
        // Not part of the update's value: equality, hashing and the wire JSON leave it out.
        var copy = tagged
        copy.origin = "another"
        #expect(copy == tagged && copy.hashValue == tagged.hashValue && copy.json == tagged.json)
        #expect(!tagged.json.contains("tab-1"))
        let decoded = try JSONDecoder().decode(Update.self, from: JSONEncoder().encode(tagged))
        #expect(decoded == tagged && decoded.origin == nil)
    }
}

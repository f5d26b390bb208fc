import Testing

@testable import LiveUI

@Suite("Event targets naming sub-elements")
struct SubElementTargetTests {
    private struct Switch: View {
        @State var on = false
        var body: some View { Toggle("Power", isOn: $on) }
    }

    @Test("a sub-element's lid addresses its element; a made-up suffix is an unknown target")
    func suffixes() async throws {
        let session = LiveSession(changeLog: .discard) { Switch() }
        let html = await session.html()
        let toggle = try #require(lid(in: html, of: "class=\"lui-toggle\""))
        let update = try await session.send(.change(toggle + "c", "true"))
        #expect(update.version == 1)
        await #expect(throws: LiveError.unknownTarget(toggle + "x")) { try await session.send(.click(toggle + "x")) }
        await #expect(throws: LiveError.unknownTarget(toggle + "cc")) { try await session.send(.click(toggle + "cc")) }
    }
}

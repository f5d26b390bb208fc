import Foundation
import LiveUI
import Testing
@testable import LiveUIServer

/// A page that notes, when its session is created, the sleeping-row minimum sessions get there.
private struct NotesMinimum: View, SendableMetatype {
    init(noted: Locked<[Int]>) { noted.withLock { $0.append(LiveSession.defaultSleepingRowMinimum) } }
    var body: some View { Text("noted") }
}

@Suite("The sleeping-row minimum of the server's sessions")
struct SleepingRowMinimumTests {
    @Test("a route's session is created with the configured sleepingRowMinimum; outside, the standard one applies")
    func routeSessionsTakeTheConfiguredMinimum() async throws {
        let noted = Locked<[Int]>([])
        let route = Route("/noted", changeLog: .discard) { NotesMinimum(noted: noted) }
        let t = try TestServer(routes: [route]) { $0.sleepingRowMinimum = 3 }
        _ = try await t.newSession(route: "/noted")
        await t.shutdown()
        #expect(noted.value == [3])
        #expect(LiveSession.defaultSleepingRowMinimum == LiveSession.standardSleepingRowMinimum)
    }

    @Test("sleepingRowMinimum is read from text: 0 and up")
    func minimumParses() throws {
        var configuration = Configuration()
        try configuration.set("sleepingRowMinimum", "0", source: "test")
        #expect(configuration.sleepingRowMinimum == 0)
        #expect(throws: ConfigurationError.self) { try configuration.set("sleepingRowMinimum", "-1", source: "test") }
        #expect(configuration.sleepingRowMinimum == 0)
    }
}

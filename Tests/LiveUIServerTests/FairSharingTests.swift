import Foundation
import Testing
@testable import LiveUIServer

/// Sends `request` on `connection` (kept alive) and reads the answer.
private func exchange(_ connection: RawConnection, _ request: String) throws -> RawResponse {
    try connection.send(request)
    return try connection.readResponse()
}

@Suite("Fair sharing: no address shuts others out")
struct FairSharingTests {
    @Test("a session holds at most maxStreamsPerSession streams; one more gets 429 too_many_streams")
    func streamCap() async throws {
        let t = try TestServer { $0.maxStreamsPerSession = 2 }
        let s = try await t.newSession()
        let open = [try await openStream(t, session: s.id), try await openStream(t, session: s.id)]
        let third = try await http(t.port, "GET", "/liveui/stream?route=/counter", headers: ["Cookie": "liveui_sid=\(s.id)"])
        #expect(third.status == 429 && third.errorCode == "too_many_streams")
        #expect(third.header("Retry-After") != nil)
        withExtendedLifetime(open) {}
        await t.shutdown()
    }
}

import LiveUI
import Testing
@testable import LiveUIServer

@Suite("ServerError")
struct ServerErrorTests {
    @Test("LiveError maps to the statuses of docs/ARCHITECTURE.md, \"Errors\"")
    func mapping() {
        #expect(ServerError(LiveError.unknownTarget("x")).status == 404)
        #expect(ServerError(LiveError.ambiguousTarget(["a"])).status == 409)
        #expect(ServerError(LiveError.unsupportedEvent(target: "x", type: "y")).status == 400)
        #expect(ServerError(LiveError.invalidValue(target: "x", value: nil, reason: "r")).code == "invalid_value")
        #expect(ServerError(LiveError.sessionClosed).status == 410)
        let r = ServerError.badToken.response
        #expect(r.status == 403)
        guard case .text(let body) = r.body else {
            Issue.record("an error's body is JSON text")
            return
        }
        #expect(body == #"{"error":"bad_token","message":"the session token is missing or wrong"}"#)
    }
}

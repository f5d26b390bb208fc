import LiveUI
import Testing

@testable import LiveUIServer

@Suite("Event answer")
struct EventAnswerTests {
    @Test("an event's answer is its update's JSON with the seq")
    func answerIsTheUpdateJSON() {
        let updates = [
            Update(version: 1, patches: [.text(id: "k1", text: "Count: 1")]),
            Update(version: 42, patches: [.remove(id: "k3"), .text(id: "k2", text: "a \"quoted\" é"), .insert(parent: "root", index: 0, html: "<b>x</b>")]),
            Update(version: 7, patches: []),
        ]
        for update in updates {
            for seq in [nil, 0, 1, 9_007_199_254_740_991] as [Int?] {
                let response = HTTPResponse.eventAnswer(update, seq: seq)
                let expected = update.json(seq: seq)
                guard case .eventAnswer(let answer) = response.body else {
                    Issue.record("not an event answer")
                    continue
                }
                #expect(answer.json == expected)
                #expect(response.status == 200)
                #expect(response.headers.first { $0.name == "Content-Type" }?.value == "application/json")
            }
        }
    }

    @Test("the request log counts an event answer's bytes as sent")
    func requestLogCountsEventAnswerBytes() async throws {
        let t = try TestServer()
        let session = try await t.newSession()
        let answer = try await t.event(session, #"{"target":"increment","type":"click","seq":1}"#)
        #expect(answer.status == 200)
        #expect(answer.body.contains("\"seq\":1"))
        await t.shutdown()
        let sent = answer.body.utf8.count
        #expect(t.logLines.value.contains { $0.contains(" debug POST /liveui/event 200 \(sent)B ") })
    }
}

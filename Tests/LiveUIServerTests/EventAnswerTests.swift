import LiveUI
import Testing

@testable import LiveUIServer

@Suite("Event answer")
struct EventAnswerTests {
    @Test("an event's answer is its update's JSON with the seq, and its size is that JSON's")
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
                #expect(response.bodyBytes == Array(expected.utf8))
                #expect(response.byteCount == expected.utf8.count)
            }
        }
    }
}

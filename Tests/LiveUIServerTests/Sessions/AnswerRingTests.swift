import Testing

@testable import LiveUIServer

@Suite("Answer ring")
struct AnswerRingTests {
    private func answer(_ seq: Int) -> HTTPResponse { HTTPResponse(status: 200, body: .text("answer \(seq)")) }

    private func text(_ response: HTTPResponse?) -> String? {
        guard let response, case .text(let text) = response.body else { return nil }
        return text
    }

    @Test("the last answers are found by seq, before and after the ring fills and wraps; older ones are gone")
    func keepsTheLastAnswers() {
        var ring = AnswerRing(capacity: 4)
        #expect(ring.count == 0 && ring.response(for: 1) == nil)
        ring.append(seq: 1, answer(1))
        ring.append(seq: 3, answer(3))
        #expect(text(ring.response(for: 1)) == "answer 1" && text(ring.response(for: 3)) == "answer 3")
        #expect(ring.response(for: 2) == nil && ring.count == 2)
        // Seqs with gaps, through the ring three times and a bit.
        let seqs = (2...14).map { $0 * 3 }
        for seq in seqs {
            ring.append(seq: seq, answer(seq))
            #expect(text(ring.response(for: seq)) == "answer \(seq)")
        }
        #expect(ring.count == 4)
        for seq in seqs.suffix(4) { #expect(text(ring.response(for: seq)) == "answer \(seq)") }
        for seq in [1, 3] + seqs.dropLast(4) { #expect(ring.response(for: seq) == nil) }
    }

    @Test("a ring of one keeps the newest answer")
    func ringOfOne() {
        var ring = AnswerRing(capacity: 1)
        ring.append(seq: 7, answer(7))
        ring.append(seq: 8, answer(8))
        #expect(ring.response(for: 7) == nil && text(ring.response(for: 8)) == "answer 8" && ring.count == 1)
    }
}

import Foundation
import LiveUI

/// An answer to one request: a status, header fields and either bytes or an event stream.
struct HTTPResponse: Sendable {
    /// What the response carries.
    enum Body: Sendable {
        /// A complete body.
        case bytes([UInt8])
        /// A complete body: this text in UTF-8 (kept as the string, not copied into bytes first).
        case text(String)
        /// A `text/event-stream` that stays open until the stream ends.
        case stream(SSEStream)
        /// An applied event's answer, written as JSON when it is sent.
        case eventAnswer(EventAnswer)
    }

    /// The status code.
    var status: Int
    /// Header fields in order.
    var headers: [(name: String, value: String)]
    /// The body.
    var body: Body

    init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8 with the given content type.
    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: headerList(("Content-Type", contentType)), body: .text(text))
    }

    /// A JSON response (`json` must already be valid JSON).
    static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: .text(json))
    }

    /// The answer to an applied event (`200`, JSON): `update`'s patches with its version and `seq`.
    static func eventAnswer(_ update: Update, seq: Int?) -> HTTPResponse {
        HTTPResponse(status: 200, headers: jsonHeaders, body: .eventAnswer(EventAnswer(update, seq: seq)))
    }

    /// Every JSON answer's fields, shared: an answer (an event's, most often) allocates no list of its
    /// own; one that adds a field (`Set-Cookie`, `Allow`) gets its own copy then.
    private static let jsonHeaders: [(name: String, value: String)] = [
        ("Content-Type", "application/json"), ("Cache-Control", "no-store"),
    ]

    /// The fields, with room for the few routes add (`Set-Cookie`): one allocation.
    private static func headerList(_ first: (name: String, value: String)) -> [(name: String, value: String)] {
        var list: [(name: String, value: String)] = []
        list.reserveCapacity(4)
        list.append(first)
        return list
    }

    /// Adds a header field.
    func adding(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }
}

@testable import LiveUIServer

/// `POST /liveui/event` bodies: the first byte picks JSON or a form; the rest is the body.
///
/// Beyond "no crash": the one-pass reader (`EventFields.plainJSON`) reads a body only as `JSONDecoder`
/// would (`EventFields.decoded`), and a parsed event keeps the documented bounds.
enum EventBodyFuzz {
    static func run(_ input: [UInt8]) throws(FuzzFailure) {
        guard let selector = input.first else { return }
        let body = Array(input.dropFirst())
        let mediaType = selector & 1 == 0 ? "application/json" : "application/x-www-form-urlencoded; charset=utf-8"
        if selector & 1 == 0, let plain = EventFields.plainJSON(body) {
            let decoded = try? EventFields.decoded(body)
            try require(decoded == plain, "plainJSON read \(plain), the decoder \(String(describing: decoded))")
        }
        let request = HTTPRequest(method: "POST", path: "/liveui/event", headers: [("content-type", mediaType)], body: body)
        let event: EventBody
        do {
            event = try EventBody.parse(request)
        } catch {
            try require(error.status == 400, "a body got \(error.status), not 400")
            return
        }
        try require(!event.event.target.isEmpty && event.event.target.utf8.count <= 512, "target out of bounds")
        try require(!event.event.type.isEmpty && event.event.type.utf8.count <= 64, "type out of bounds")
        try require((event.seq ?? 0) >= 0, "negative seq")
        if let tab = event.tab { try require(TabName.isValid(tab), "invalid tab accepted") }
    }
}

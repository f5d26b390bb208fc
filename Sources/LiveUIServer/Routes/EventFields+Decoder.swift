import Foundation

/// Any JSON event body that the one-pass reader (``EventFields/plainJSON(_:)``) leaves: read by
/// `JSONDecoder`, whose rules it keeps (UTF-16/32 by byte-order mark, the first of duplicate names, a
/// trailing comma before `}`).
///
/// LiveUI's own client always takes the one pass, so the decoder's cost (≈ 128,000 instructions for a
/// five-field body, three times a whole click's ≈ 44,000 over HTTP) is paid only by hand-written bodies:
/// escapes, non-ASCII text, fractions, other names.
extension EventFields {
    /// The fields of a JSON object whose values are strings, numbers, booleans or `null` (absent).
    /// Numbers are given as text the way `Int`, then `Double` decoding writes them (`3.0` → `3`).
    /// - Throws: `400` for anything else.
    static func decoded(_ body: [UInt8]) throws(ServerError) -> EventFields {
        let members: [String: Member]
        do {
            members = try JSONDecoder().decode([String: Member].self, from: Data(body))
        } catch {
            throw .badRequest("the body must be a JSON object of strings, numbers and booleans")
        }
        var fields = EventFields()
        for (name, member) in members { fields.set(name, member.text) }
        return fields
    }

    /// One member's value, as event-field text; nil for `null`.
    private struct Member: Decodable {
        let text: String?

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                text = nil
            } else if let flag = try? value.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let integer = try? value.decode(Int.self) {
                text = String(integer)
            } else if let number = try? value.decode(Double.self) {
                text = String(number)
            } else {
                text = try value.decode(String.self)
            }
        }
    }
}

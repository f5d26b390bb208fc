import Foundation

/// The fields of `POST /liveui/event`, from a JSON object or a form-encoded body.
struct EventBody: Sendable, Equatable {
    var target: String
    var type: String
    var value: String?
    var seq: Int?
    var route: String?
    var token: String?

    /// Parses the body by its content type: 415 for other types, 400 for malformed bodies or missing fields.
    /// The body's size was already capped while it was read.
    static func parse(_ request: HTTPRequest) throws(ServerError) -> EventBody {
        let fields: EventFields
        switch request.mediaType {
        case "application/json": fields = try jsonFields(request.body)
        case "application/x-www-form-urlencoded": fields = try formFields(request.body)
        default: throw .unsupportedMediaType(request.mediaType)
        }
        guard let target = fields["target"], !target.isEmpty, target.utf8.count <= 512 else {
            throw .badRequest("'target' is required (an accessibilityIdentifier or data-lid)")
        }
        guard let type = fields["type"], !type.isEmpty, type.utf8.count <= 64 else {
            throw .badRequest("'type' is required (click, input, change, submit, scroll…)")
        }
        var seq: Int?
        if let text = fields["seq"] {
            guard let n = Int(text), n >= 0 else { throw .badRequest("'seq' must be a non-negative integer") }
            seq = n
        }
        return EventBody(target: target, type: type, value: fields["value"], seq: seq, route: fields["route"], token: fields["token"])
    }

    /// A flat JSON object whose values are strings, numbers, booleans or null (null = absent); the first of
    /// duplicate names wins.
    static func jsonFields(_ body: [UInt8]) throws(ServerError) -> EventFields {
        do {
            return EventFields(pairs: try FlatJSONObject.parse(body).map { ($0.name, $0.value.text) }, lastWins: false)
        } catch {
            throw .badRequest("the body must be a JSON object of strings, numbers and booleans")
        }
    }

    /// `a=1&b=two+words`, percent-decoded; repeated names keep the last value.
    static func formFields(_ body: [UInt8]) throws(ServerError) -> EventFields {
        guard let text = String(validating: body, as: UTF8.self) else { throw .badRequest("the form body is not UTF-8") }
        var fields = EventFields(pairs: [], lastWins: true)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw .badRequest("the form body has a malformed percent escape")
            }
            fields.pairs.append((name, value))
        }
        return fields
    }

    private static func decode(_ s: Substring) -> String? {
        s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// An event body's fields in arrival order, looked up by name; a handful, so a scan beats hashing.
struct EventFields {
    var pairs: [(name: String, value: String?)]
    /// Form bodies keep the last of repeated names, JSON bodies the first.
    var lastWins: Bool

    /// The value of field `name`; nil if absent or JSON `null`.
    subscript(name: String) -> String? {
        let pair = lastWins ? pairs.last { $0.name == name } : pairs.first { $0.name == name }
        return pair?.value ?? nil
    }
}

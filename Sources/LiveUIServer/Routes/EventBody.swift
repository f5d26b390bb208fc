import Foundation

/// The fields of `POST /liveui/event`, from a JSON object or a form-encoded body.
struct EventBody: Sendable, Equatable {
    /// The event itself, as the graph takes it: its tab (``TabName``, the name the tab's event stream gave
    /// itself) is its origin, so that stream is left out of the event's update, which the answer carries.
    /// Kept whole so that the route hands it on without copying its strings.
    var event: ClientEvent
    var route: String?
    var token: String?

    /// The event's value.
    var value: String? { event.value }
    /// The event's sequence number, counted per graph and tab (``tab``): a retry keeps it, and its answer is
    /// the one stored for that tab and number.
    var seq: Int? { event.seq }
    /// The sending tab.
    var tab: String? { event.origin }

    /// Parses the body by its content type: 415 for other types, 400 for malformed bodies or missing fields.
    /// The body's size was already capped while it was read.
    static func parse(_ request: HTTPRequest) throws(ServerError) -> EventBody {
        // Each field is taken out of `fields`, not copied: the event keeps the very strings parsed.
        var fields: EventFields
        switch request.mediaType {
        case "application/json": fields = try jsonFields(request.body)
        case "application/x-www-form-urlencoded": fields = try formFields(request.body)
        default: throw .unsupportedMediaType(request.mediaType)
        }
        guard let target = fields.target.take(), !target.isEmpty, target.utf8.count <= 512 else {
            throw .badRequest("'target' is required (an accessibilityIdentifier or data-lid)")
        }
        guard let type = fields.type.take(), !type.isEmpty, type.utf8.count <= 64 else {
            throw .badRequest("'type' is required (click, input, change, submit, scroll…)")
        }
        var seq: Int?
        if let text = fields.seq.take() {
            guard let n = Int(text), n >= 0 else { throw .badRequest("'seq' must be a non-negative integer") }
            seq = n
        }
        let tab = fields.tab.take()
        if let tab, !TabName.isValid(tab) { throw .badRequest(TabName.requirement) }
        // The memberwise initializer: with one that assigns its fields itself, the optimized code built
        // the body in a temporary, then copied it (a retain of each string) and destroyed the temporary.
        return EventBody(
            event: ClientEvent(target: target, type: type, value: fields.value.take(), seq: seq, origin: tab),
            route: fields.route.take(), token: fields.token.take())
    }

    /// A flat JSON object whose values are strings, numbers, booleans or null (null = absent); the first of
    /// duplicate names wins.
    static func jsonFields(_ body: [UInt8]) throws(ServerError) -> EventFields {
        // What LiveUI's client sends, read in one pass; anything else takes the decoder.
        if let fields = EventFields.plainJSON(body) { return fields }
        return try EventFields.decoded(body)
    }

    /// `a=1&b=two+words`, percent-decoded; repeated names keep the last value.
    static func formFields(_ body: [UInt8]) throws(ServerError) -> EventFields {
        var fields = EventFields()
        for item in try HTTPRequest.form(body).items { fields.set(item.name, item.value) }
        return fields
    }
}

/// The fields of an event body LiveUI reads, each set at most once per name: a JSON body's parser keeps
/// the first of duplicate names before they get here, and a form body's later names replace earlier ones.
/// Other names are ignored.
struct EventFields: Equatable {
    var target: String? = nil
    var type: String? = nil
    var value: String? = nil
    var seq: String? = nil
    var route: String? = nil
    var token: String? = nil
    var tab: String? = nil

    /// One of the fields, by the bit that marks it as seen in a set of fields (`1 << n`).
    enum Field: UInt8 {
        case target = 1, type = 2, value = 4, seq = 8, route = 16, token = 32, tab = 64

        /// The field named by the UTF-8 bytes `name`, if any (names are ASCII and case-sensitive).
        init?(utf8 name: UnsafeBufferPointer<UInt8>) {
            func named(_ literal: StaticString) -> Bool { ASCII.equal(name, literal) }
            if named("target") {
                self = .target
            } else if named("type") {
                self = .type
            } else if named("value") {
                self = .value
            } else if named("seq") {
                self = .seq
            } else if named("route") {
                self = .route
            } else if named("token") {
                self = .token
            } else if named("tab") {
                self = .tab
            } else {
                return nil
            }
        }
    }

    /// Records `value` (nil for JSON `null`) under `field`.
    mutating func set(_ field: Field, _ value: String?) {
        switch field {
        case .target: target = value
        case .type: type = value
        case .value: self.value = value
        case .seq: seq = value
        case .route: route = value
        case .token: token = value
        case .tab: tab = value
        }
    }

    /// Records `value` under `name`, if `name` is one of the fields.
    mutating func set(_ name: String, _ value: String?) {
        if let field = name.withUTF8Bytes({ Field(utf8: $0) }) { set(field, value) }
    }
}

// In an extension, so that the memberwise initializer ``parse(_:)`` uses stays.
extension EventBody {
    /// The body of an event with these fields.
    init(target: String, type: String, value: String?, seq: Int?, route: String?, token: String?, tab: String? = nil) {
        self.init(event: ClientEvent(target: target, type: type, value: value, seq: seq, origin: tab), route: route, token: token)
    }
}

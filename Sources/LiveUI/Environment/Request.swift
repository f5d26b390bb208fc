/// The HTTP request that opened a page, as views see it with `@Environment(\.request)`.
///
/// ```swift
/// struct ItemPage: View {
///     @Environment(\.request) private var request
///     var body: some View { Text("Item \(request.parameters["id"] ?? "?")") }
/// }
/// ```
/// A page's request never changes while its graph lives: events and streams do not replace it. Route
/// closures and the server's hooks get the same value. In-process, `LiveSession(request:)` sets it.
public struct Request: Sendable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The concrete path as a URL spells it, e.g. `/items/7` or `/items/a%2Fb` (bytes outside RFC 3986's
    /// path characters percent-encoded); ``parameters`` hold the decoded values.
    public var path: String
    /// The values of the route pattern's parameters (`/items/:id` matched by `/items/7`: `["id": "7"]`),
    /// percent-decoded.
    public var parameters: [String: String]
    /// The query arguments, in order: `query["q"]` is the first value, `query.values("q")` every one.
    public var query: Fields
    /// The header fields, looked up by name case-insensitively (`headers["User-Agent"]`).
    public var headers: Headers
    /// The cookies the client sent (`Cookie` headers); the first of two with one name wins.
    public var cookies: [String: String]
    /// The client's numeric address (the peer of the connection; a proxy's when behind one).
    public var remoteAddress: String
    /// The request body as received (empty for pages): raw bytes, e.g. a JSON document for an endpoint.
    public var body: [UInt8]
    /// The body's form fields when it is `application/x-www-form-urlencoded` (empty otherwise).
    public var form: Fields

    /// A request; every part has a neutral default, so tests name only what a view reads.
    public init(
        method: String = "GET", path: String = "/", parameters: [String: String] = [:], query: Fields = Fields(),
        headers: Headers = Headers(), cookies: [String: String] = [:], remoteAddress: String = "",
        body: [UInt8] = [], form: Fields = Fields()
    ) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.remoteAddress = remoteAddress
        self.body = body
        self.form = form
    }
}

extension Request {
    /// Named values in their order, where a name may repeat (query arguments, form fields): `fields["q"]` is
    /// the first value, `fields.values("q")` every one.
    public struct Fields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
        /// Every name and value, in order.
        public var items: [Item]

        /// One name and its value.
        public struct Item: Sendable, Equatable {
            /// The name, as sent (decoded).
            public var name: String
            /// The value, as sent (decoded).
            public var value: String
            /// A name and a value.
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// Fields from `items`, in order.
        public init(_ items: [Item] = []) { self.items = items }

        /// Fields from a literal, in its order: `["q": "shoes"]`.
        public init(dictionaryLiteral elements: (String, String)...) {
            items = elements.map { Item(name: $0.0, value: $0.1) }
        }

        /// The first value named `name` (names compare exactly), or nil.
        public subscript(name: String) -> String? { items.first { $0.name == name }?.value }

        /// Every value named `name`, in order (empty if none).
        public func values(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }
    }

    /// Header fields in arrival order, looked up by name case-insensitively.
    public struct Headers: Sendable, Equatable, ExpressibleByDictionaryLiteral {
        /// Every field, in arrival order; names lowercased.
        public private(set) var items: [(name: String, value: String)]

        /// Header fields; names are lowercased here.
        public init(_ items: [(name: String, value: String)] = []) {
            self.items = items.map { (Self.lowercased($0.name), $0.value) }
        }

        /// Header fields from a literal: `["User-Agent": "curl"]`.
        public init(dictionaryLiteral elements: (String, String)...) { self.init(elements.map { ($0.0, $0.1) }) }

        /// The first value of the field named `name` (any case), or nil.
        public subscript(name: String) -> String? {
            let key = Self.lowercased(name)
            return items.first { $0.name == key }?.value
        }

        /// Every value of the field named `name` (any case), in arrival order.
        public func values(_ name: String) -> [String] {
            let key = Self.lowercased(name)
            return items.filter { $0.name == key }.map(\.value)
        }

        public static func == (lhs: Headers, rhs: Headers) -> Bool {
            lhs.items.count == rhs.items.count && zip(lhs.items, rhs.items).allSatisfy { $0 == $1 }
        }

        /// Header names are ASCII: only A–Z change.
        private static func lowercased(_ name: String) -> String {
            String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
    }
}

private struct RequestKey: EnvironmentKey { static var defaultValue: Request { Request() } }

extension EnvironmentValues {
    /// The request that opened the page (path, route parameters, query, headers, cookies, client address);
    /// a neutral `GET /` outside a server unless `LiveSession(request:)` set one.
    public var request: Request {
        get { self[RequestKey.self] }
        set { self[RequestKey.self] = newValue }
    }
}

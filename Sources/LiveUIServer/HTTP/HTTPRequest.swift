import Foundation

/// One parsed HTTP request, as the router sees it: method, decoded path, query, headers and body.
struct HTTPRequest: Sendable {
    /// The request method, e.g. `GET`.
    var method: String
    /// The percent-decoded path, already checked for dot segments and NUL.
    var path: String
    /// Query arguments (last value wins), percent-decoded by libmicrohttpd.
    var query: [String: String]
    /// Header fields in arrival order; names are lowercased.
    var headers: HTTPHeaders
    /// The request body, at most `maxBodyBytes` long.
    var body: [UInt8]
    /// The client's numeric address.
    var remoteAddress: String
    /// Query arguments in arrival order, every value kept (percent-decoded by libmicrohttpd).
    var queryItems: [(name: String, value: String)] = []
    /// The path as sent, when libmicrohttpd decoded it (it held `%` escapes or bytes over 0x7F); nil when
    /// `path` is already the path as sent.
    var rawPath: RawPath?

    /// A path as sent, kept for the routes to decode.
    enum RawPath: Sendable, Equatable {
        /// The path's text, escapes not yet decoded.
        case text(String)
        /// The path's bytes are not UTF-8.
        case notUTF8
        /// The path was not kept (the table of kept paths was emptied under load).
        case lost

        /// The state of a path ``RawPaths`` kept: its text, not UTF-8, or not found.
        init(kept: String??) {
            switch kept {
            case .some(.some(let text)): self = .text(text)
            case .some(.none): self = .notUTF8
            case .none: self = .lost
            }
        }
    }

    /// The path with its escapes as sent, for routes to decode segment by segment: 400 when its bytes are
    /// not UTF-8, 503 when it was not kept.
    func pathAsSent() throws(ServerError) -> String {
        switch rawPath {
        case nil: return path
        case .text(let text): return text
        case .notUTF8: throw .badRequest("the path is not UTF-8 text")
        case .lost: throw .unavailable("the server is too busy to read this path; try again")
        }
    }

    /// A request with header fields given as strings; names are lowercased here.
    init(
        method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [],
        body: [UInt8] = [], remoteAddress: String = "?"
    ) {
        self.init(method: method, path: path, query: query, fields: HTTPHeaders(headers), body: body, remoteAddress: remoteAddress)
    }

    /// A request with header fields as the server read them.
    init(
        method: String, path: String, query: [String: String] = [:], fields: HTTPHeaders, body: [UInt8] = [],
        remoteAddress: String = "?"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = fields
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? { headers.first(name) }

    /// All values of header `name` (case-insensitive).
    func headers(named name: String) -> [String] { headers.all(name) }

    /// Cookies from every `Cookie` header; the first occurrence of a name wins.
    var cookies: [String: String] {
        var out: [String: String] = [:]
        for line in headers(named: "cookie") {
            for pair in line.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                if out[name] == nil { out[name] = parts[1].trimmingCharacters(in: .whitespaces) }
            }
        }
        return out
    }

    /// The media type of the body without parameters, lowercased (`application/json`).
    var mediaType: String? {
        // What clients send (LiveUI's own does): already the answer, without reading the value.
        if headers.first("content-type", is: "application/json") { return "application/json" }
        guard let value = header("content-type") else { return nil }
        // The base is what `value.split(separator: ";", maxSplits: 1).first ?? value` gives: the first
        // non-empty piece (`;a` → `a`), or all of `value` when there is none.
        let base: Substring
        let utf8 = value.utf8
        if ASCII.allBytes(of: value, { $0 < 0x80 }) {
            // ASCII: bytes are characters, so scan instead of splitting into an array.
            let start = utf8.firstIndex { $0 != UInt8(ascii: ";") } ?? utf8.endIndex
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
            base = start == end ? value[...] : value[start..<end]
        } else {
            base = value.split(separator: ";", maxSplits: 1).first ?? value[...]
        }
        return ASCII.lowercased(ASCII.trimmingWhitespace(base))
    }
}

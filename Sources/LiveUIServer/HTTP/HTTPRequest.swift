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
    var headers: [(name: String, value: String)]
    /// The request body, at most `maxBodyBytes` long.
    var body: [UInt8]
    /// The client's numeric address.
    var remoteAddress: String

    /// A request; header names are lowercased here unless `namesAreLowercase` says they already are
    /// (the server lowercases them as it reads them).
    init(
        method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [],
        body: [UInt8] = [], remoteAddress: String = "?", namesAreLowercase: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        let lowercase = namesAreLowercase || headers.allSatisfy { ASCII.isLowercase($0.name) }
        self.headers = lowercase ? headers : headers.map { (name: ASCII.lowercased($0.name), value: $0.value) }
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        let lower = ASCII.lowercased(name)
        // Lengths first: a name of another length is not compared at all.
        let count = lower.utf8.count
        for index in headers.indices where headers[index].name.utf8.count == count && headers[index].name == lower {
            return headers[index].value
        }
        return nil
    }

    /// All values of header `name` (case-insensitive).
    func headers(named name: String) -> [String] {
        let lower = ASCII.lowercased(name)
        return headers.filter { $0.name == lower }.map(\.value)
    }

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
        guard let value = header("content-type") else { return nil }
        // What clients send (LiveUI's own does): already the answer.
        if value == "application/json" { return value }
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

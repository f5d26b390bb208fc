import Foundation

/// The request checks libmicrohttpd 0.9.75 leaves to the application (see docs/libmicrohttpd.md, "What MHD 0.9.75 does not check").
enum RequestValidation {
    /// Methods we recognise; others are 501. Recognised methods a route does not serve are 405.
    /// Compared in this order, without hashing: `GET` and `POST` first.
    static let knownMethods = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"]

    /// Whether `method` is one of ``knownMethods`` (case-sensitive, as methods are).
    static func isKnownMethod(_ method: String) -> Bool { knownMethods.contains(method) }

    /// Whether the raw (undecoded) request target is acceptable: origin-form only, no `%00`, no NUL.
    ///
    /// `%00` is looked for in the bytes: a search over characters would miss `%00` followed by a
    /// combining mark, which libmicrohttpd still decodes to a NUL and truncates at.
    static func rawURIIsAcceptable(_ uri: String) -> Bool {
        guard uri.hasPrefix("/") else { return false }  // absolute-form, authority-form and `*`
        var zeros = 0
        var percent = false
        for byte in uri.utf8 {
            if byte == 0 { return false }
            if percent && byte == UInt8(ascii: "0") {
                zeros += 1
                if zeros == 2 { return false }
                continue
            }
            percent = byte == UInt8(ascii: "%")
            zeros = 0
        }
        return true
    }

    /// `rawURIIsAcceptable` on libmicrohttpd's C string, without making a `String` when the target starts
    /// with `/` and an ASCII byte (every ordinary request).
    static func rawURIIsAcceptable(_ uri: UnsafePointer<CChar>) -> Bool {
        // Bytes as UInt8: CChar is signed on x86-64 and unsigned on arm64.
        func byte(_ k: Int) -> UInt8 { UInt8(bitPattern: uri[k]) }
        guard byte(0) == UInt8(ascii: "/") else { return false }
        // A non-ASCII second byte may start a combining mark, which would make `/` not a prefix as a
        // character: let the String version decide those.
        guard byte(1) < 0x80 else { return rawURIIsAcceptable(String(cString: uri)) }
        var k = 1
        while byte(k) != 0 {
            // Reading k+1 and k+2 is safe: the string is NUL-terminated and each test stops at the NUL.
            if byte(k) == UInt8(ascii: "%") && byte(k + 1) == UInt8(ascii: "0") && byte(k + 2) == UInt8(ascii: "0") {
                return false
            }
            k += 1
        }
        return true
    }

    /// The first fault of the request line and framing headers, or nil if the request may proceed.
    ///
    /// `requiresHost` (an HTTP/1.1 request): RFC 9112 §3.2 requires exactly one `Host` field, else 400.
    static func check(
        method: String, path: String, rawURIIsBad: Bool, headers: HTTPHeaders, maxBodyBytes: Int,
        requiresHost: Bool = false
    ) -> ServerError? {
        guard isKnownMethod(method) else { return .notImplemented("method \(method.prefix(32))") }
        if rawURIIsBad { return .badRequest("the request target must be a path without NUL bytes") }
        guard startsWithSlash(path) else { return .badRequest("the request target must be a path") }
        if !ASCII.allBytes(of: path, { $0 != 0 }) { return .badRequest("the path contains a NUL byte") }
        if hasDotSegment(path) { return .badRequest("the path contains dot segments") }
        // Every comma-separated Content-Length value must be the same: the first, and whether all agree.
        var length: String?
        var lengthsAgree = true
        var codings: [String] = []
        var transferEncodingFields = 0
        var hosts = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        headers.forEachField { name, value in
            if ASCII.equal(name, "content-length") {
                let text = String(decoding: value, as: UTF8.self)
                // One value of digits (what clients send) is its own only item.
                if !value.isEmpty, value.allSatisfy(isDigit) {
                    if let length { lengthsAgree = lengthsAgree && text == length } else { length = text }
                    return true
                }
                forEachListItem(of: text) { item in
                    if let length { lengthsAgree = lengthsAgree && item == length } else { length = item }
                }
            } else if ASCII.equal(name, "host") {
                hosts += 1
            } else if ASCII.equal(name, "transfer-encoding") {
                transferEncodingFields += 1
                forEachListItem(of: String(decoding: value, as: UTF8.self)) { codings.append(ASCII.lowercased($0)) }
            }
            return true
        }
        if requiresHost && hosts != 1 {
            return .badRequest(hosts == 0 ? "an HTTP/1.1 request needs a Host header" : "more than one Host header")
        }
        // libmicrohttpd reads the first Transfer-Encoding field only, and one without codings (empty, or only
        // commas) is not chunked to it: it would wait for the body until the timeout, without an answer.
        if transferEncodingFields > 0 {
            if length != nil { return .badRequest("Content-Length and Transfer-Encoding together") }
            if transferEncodingFields > 1 { return .badRequest("more than one Transfer-Encoding field") }
            if codings.isEmpty { return .badRequest("a Transfer-Encoding field without a transfer coding") }
            if codings != ["chunked"] { return .notImplemented("transfer coding \(codings.joined(separator: ", ").prefix(64))") }
        }
        if let first = length {
            guard lengthsAgree else { return .badRequest("conflicting Content-Length headers") }
            guard !first.isEmpty, ASCII.allBytes(of: first, isDigit) else {
                return .badRequest("invalid Content-Length")
            }
            // Longer than 18 digits cannot fit the limit anyway (digits only: bytes are characters).
            if first.utf8.count > 18 || (Int(first) ?? Int.max) > maxBodyBytes { return .bodyTooLarge(limit: maxBodyBytes) }
        }
        return nil
    }

    /// `path.hasPrefix("/")`, from the first two bytes when the second one is ASCII (or there is none):
    /// only a non-ASCII byte after the `/` can start a combining mark that makes `/` not a prefix.
    static func startsWithSlash(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        guard let second = utf8.next(), second >= 0x80 else { return true }
        return path.hasPrefix("/")
    }

    /// Calls `body` with each comma-separated item of a header value, trimmed of spaces and tabs, as
    /// `value.split(separator: ",").map { ASCII.trimmingWhitespace($0) }` lists them (empty items are skipped
    /// as `split` skips them), without building the list.
    private static func forEachListItem(of value: String, _ body: (String) -> Void) {
        var rest = value[...]
        while !rest.isEmpty {
            let comma = rest.firstIndex(of: ",")
            let item = rest[..<(comma ?? rest.endIndex)]
            if !item.isEmpty { body(ASCII.trimmingWhitespace(item)) }
            guard let comma else { return }
            rest = rest[rest.index(after: comma)...]
        }
    }

    /// Whether a `/`-separated segment of `path` is `.` or `..`. Byte comparison gives the same answer as
    /// the `Character` comparison it replaces: no non-ASCII text is canonically equivalent to `.` or `..`.
    static func hasDotSegment(_ path: String) -> Bool {
        return path.withUTF8Bytes { bytes in
            var length = 0
            var dots = true
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if dots && (length == 1 || length == 2) { return true }
                    length = 0
                    dots = true
                } else {
                    length += 1
                    dots = dots && byte == UInt8(ascii: ".")
                }
            }
            return dots && (length == 1 || length == 2)
        }
    }
}

import Foundation

/// The request checks libmicrohttpd 0.9.75 leaves to the application (see MHD-NOTES).
enum RequestValidation {
    /// Methods we recognise; others are 501. Recognised methods a route does not serve are 405.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"]

    /// Whether the raw (undecoded) request target is acceptable: origin-form only, no `%00`, no NUL.
    static func rawURIIsAcceptable(_ uri: String) -> Bool {
        guard uri.hasPrefix("/") else { return false }  // absolute-form, authority-form and `*`
        if uri.utf8.contains(0) { return false }
        return !uri.contains("%00")
    }

    /// The first fault of the request line and framing headers, or nil if the request may proceed.
    static func check(
        method: String, path: String, rawURIIsBad: Bool, headers: [(String, String)], maxBodyBytes: Int
    ) -> ServerError? {
        guard knownMethods.contains(method) else { return .notImplemented("method \(method.prefix(32))") }
        if rawURIIsBad { return .badRequest("the request target must be a path without NUL bytes") }
        guard path.hasPrefix("/") else { return .badRequest("the request target must be a path") }
        if path.utf8.contains(0) { return .badRequest("the path contains a NUL byte") }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) where segment == "." || segment == ".." {
            return .badRequest("the path contains dot segments")
        }
        var lengths: [String] = []
        var codings: [String] = []
        for (name, value) in headers {
            switch name.lowercased() {
            case "content-length":
                lengths += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            case "transfer-encoding":
                codings += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            default:
                break
            }
        }
        if !codings.isEmpty {
            if !lengths.isEmpty { return .badRequest("Content-Length and Transfer-Encoding together") }
            if codings != ["chunked"] { return .notImplemented("transfer coding \(codings.joined(separator: ", ").prefix(64))") }
        }
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }) else { return .badRequest("conflicting Content-Length headers") }
            guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .badRequest("invalid Content-Length")
            }
            // Longer than 18 digits cannot fit the limit anyway.
            if first.count > 18 || (Int(first) ?? Int.max) > maxBodyBytes { return .bodyTooLarge(limit: maxBodyBytes) }
        }
        return nil
    }
}

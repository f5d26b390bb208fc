@testable import LiveUIServer

/// A request line and header fields as libmicrohttpd hands them over: lines of the input are the method,
/// the raw target, then `name:value` fields.
///
/// Beyond "no crash": the C-string and `String` checks of a raw target agree, the byte-wise checks agree
/// with plain reference versions, a field read by name is the one a search in arrival order finds, and a
/// request `RequestValidation.check` lets through keeps the properties the routes rely on.
enum RequestValidationFuzz {
    static func run(_ input: [UInt8]) throws(FuzzFailure) {
        let lines = pieces(of: input, separator: UInt8(ascii: "\n"))
        let method = String(decoding: lines[0], as: UTF8.self)
        let rawTarget = lines.count > 1 ? lines[1] : []
        let path = String(decoding: rawTarget, as: UTF8.self)
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst(2).prefix(64) {
            let parts = line.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
            fields.append((String(decoding: parts[0], as: UTF8.self).lowercased(), value))
        }

        let rawIsAcceptable = RequestValidation.rawURIIsAcceptable(path)
        if !rawTarget.contains(0) {
            let cString = (rawTarget + [0]).map { CChar(bitPattern: $0) }
            let fromC = cString.withUnsafeBufferPointer { RequestValidation.rawURIIsAcceptable($0.baseAddress!) }
            try require(fromC == rawIsAcceptable, "raw target checks disagree on \(rawTarget)")
        }
        try require(RequestValidation.startsWithSlash(path) == path.hasPrefix("/"), "startsWithSlash(\(path.debugDescription))")
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let dotted = segments.contains { $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) }
        try require(RequestValidation.hasDotSegment(path) == dotted, "hasDotSegment(\(path.debugDescription))")
        let tabReference = (1...64).contains(path.utf8.count)
            && path.utf8.allSatisfy { $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || $0 == 0x2D || $0 == 0x5F) }
        try require(TabName.isValid(path) == tabReference, "TabName.isValid(\(path.debugDescription))")

        let headers = HTTPHeaders(fields)
        for name in ["host", "content-length", "content-type", "transfer-encoding"] {
            let expected = fields.filter { $0.name == name }.map(\.value)
            try require(headers.all(name) == expected, "all(\(name))")
            try require(headers.first(name) == expected.first, "first(\(name))")
        }
        let contentType = headers.withFirst("content-type") { $0.map { String(decoding: $0, as: UTF8.self) } }
        try require(contentType == headers.first("content-type"), "withFirst(content-type)")
        let request = HTTPRequest(method: method, path: path, fields: headers)
        _ = request.mediaType

        let maxBodyBytes = 65_536
        for requiresHost in [false, true] {
            let fault = RequestValidation.check(
                method: method, path: path, rawURIIsBad: !rawIsAcceptable, headers: headers, maxBodyBytes: maxBodyBytes,
                requiresHost: requiresHost)
            if let fault {
                _ = fault.response
                try require([400, 413, 501].contains(fault.status), "a request line got \(fault.status)")
                continue
            }
            try require(RequestValidation.isKnownMethod(method), "unknown method let through")
            try require(rawIsAcceptable && path.hasPrefix("/") && !dotted && !path.utf8.contains(0), "bad target let through")
            if requiresHost { try require(headers.all("host").count == 1, "Host count let through") }
            let lengths = headers.all("content-length").flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .init(charactersIn: " \t")) }.filter { !$0.isEmpty }
            if let first = lengths.first {
                try require(lengths.allSatisfy { $0 == first }, "conflicting lengths let through")
                try require(Int(first).map { $0 <= maxBodyBytes } == true, "length \(first) let through")
                try require(headers.all("transfer-encoding").isEmpty, "length and coding let through")
            }
        }
    }
}

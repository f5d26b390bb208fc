/// A request path split into percent-decoded segments, and the canonical form that names its page.
///
/// The canonical form re-encodes every byte outside RFC 3986's `pchar` set, so `/items/a%2Fb` (one segment,
/// `a/b`) stays distinct from `/items/a/b` (two), and every spelling of one path names the same graph.
struct RoutePath: Sendable, Equatable {
    /// The decoded segments after the leading `/` (none for `/`).
    let segments: [String]
    /// The canonical encoded path, e.g. `/items/a%2Fb`.
    let canonical: String

    /// Splits `raw` (a path as sent, still percent-encoded) at `/` and decodes each segment: 400 when an
    /// escape is not `%` and two hex digits, or the decoded bytes are not UTF-8.
    init(raw: String) throws(ServerError) {
        guard raw.hasPrefix("/") else { throw .badRequest("a route path starts with /") }
        // A path of plain characters is its own canonical form: nothing is decoded or re-encoded.
        if Self.isCanonical(raw) {
            canonical = raw
            segments = raw == "/" ? [] : raw.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            return
        }
        var segments: [String] = []
        for piece in raw.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            segments.append(try Self.decode(piece, in: raw))
        }
        self.segments = segments
        canonical = Self.encode(segments)
    }

    /// Whether `raw` is a path of plain characters only: then it is its own canonical form.
    static func isCanonical(_ raw: String) -> Bool {
        raw.utf8.allSatisfy { $0 == UInt8(ascii: "/") || isPlain($0) }
    }

    /// The canonical path of `segments`.
    static func encode(_ segments: [String]) -> String {
        guard !segments.isEmpty else { return "/" }
        var bytes: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for segment in segments {
            bytes.append(UInt8(ascii: "/"))
            for byte in segment.utf8 {
                if isPlain(byte) {
                    bytes.append(byte)
                } else {
                    bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// One segment's bytes, `%XX` escapes decoded, as UTF-8 text.
    private static func decode(_ piece: Substring.UTF8View.SubSequence, in raw: String) throws(ServerError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.count)
        var index = piece.startIndex
        while index < piece.endIndex {
            let byte = piece[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = piece.index(after: index)
                continue
            }
            let high = piece.index(after: index)
            guard high < piece.endIndex, piece.index(after: high) < piece.endIndex,
                let h = hexValue(piece[high]), let l = hexValue(piece[piece.index(after: high)])
            else { throw .badRequest("the path \(shown(raw)) has a % that is not followed by two hex digits") }
            bytes.append(h << 4 | l)
            index = piece.index(high, offsetBy: 2)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("the path \(shown(raw)) does not decode to UTF-8 text")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The path as an error message shows it: bounded, and only printable ASCII.
    private static func shown(_ raw: String) -> String {
        let bytes = raw.utf8.prefix(200).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
        return "'" + String(decoding: bytes, as: UTF8.self) + (raw.utf8.count > 200 ? "…'" : "'")
    }
}

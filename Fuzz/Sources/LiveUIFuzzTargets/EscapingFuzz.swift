@testable import LiveUI

/// Text, attribute values and URLs as an app (or a user, through a text field) could give them.
///
/// Beyond "no crash": escaped text holds no `<` or `>`, an escaped attribute value also no `"` or `'`,
/// every `&` starts one of the entities written, and unescaping gives the input back. A URL `SafeURL`
/// lets through never has the scheme `javascript:` or `vbscript:` once a browser has normalised it (nor
/// `data:` other than an image where images are allowed), nor does any URL of a `srcset` it lets through.
enum EscapingFuzz {
    static func run(_ input: [UInt8]) throws(FuzzFailure) {
        let text = String(decoding: input, as: UTF8.self)
        let asText = escapedText(text)
        try require(!asText.utf8.contains(UInt8(ascii: "<")) && !asText.utf8.contains(UInt8(ascii: ">")), "raw < or > in text")
        try require(unescape(asText) == text, "text does not round-trip")
        let asAttribute = escapedAttribute(text)
        try require(!asAttribute.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "<") },
            "raw quote or < in an attribute")
        try require(unescape(asAttribute) == text, "attribute does not round-trip")

        for imageData in [false, true] {
            if SafeURL.allows(text, imageData: imageData) {
                try require(browserAllows(text[...], imageData: imageData), "unsafe URL allowed: \(text.debugDescription)")
            }
            if SafeURL.allows(text, attribute: "srcset", imageData: imageData) {
                for url in sourceSetURLs(text) {
                    try require(browserAllows(url, imageData: imageData), "unsafe srcset allowed: \(text.debugDescription)")
                }
            }
        }
    }

    /// `escaped` with LiveUI's five entities replaced by their characters; nil if an `&` starts anything else.
    /// Read by bytes: as `Character`s, an entity's `;` and a combining mark after it are one.
    static func unescape(_ escaped: String) -> String? {
        let entities: [(entity: [UInt8], byte: UInt8)] = [
            (Array("&amp;".utf8), 0x26), (Array("&lt;".utf8), 0x3C), (Array("&gt;".utf8), 0x3E),
            (Array("&quot;".utf8), 0x22), (Array("&#39;".utf8), 0x27),
        ]
        let bytes = Array(escaped.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x26 else {
                out.append(bytes[i])
                i += 1
                continue
            }
            guard let match = entities.first(where: { bytes[i...].starts(with: $0.entity) }) else { return nil }
            out.append(match.byte)
            i += match.entity.count
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a browser following `url` runs no script and shows no document of the URL's making: the
    /// scheme as the URL standard reads it (leading and trailing C0 controls and spaces stripped, tabs and
    /// line breaks removed, ASCII case ignored) is not `javascript` or `vbscript`, nor `data` unless an image.
    static func browserAllows(_ url: Substring, imageData: Bool) -> Bool {
        var bytes = Array(url.utf8)
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
        if lowered.hasPrefix("javascript:") || lowered.hasPrefix("vbscript:") { return false }
        guard lowered.hasPrefix("data:") else { return true }
        guard imageData else { return false }
        // By code points, as a browser reads the URL: a comma and a combining mark after it are one
        // `Character`, but the comma still ends the type.
        let type = lowered.unicodeScalars.dropFirst(5).prefix { $0 != ";" && $0 != "," }.filter { $0.value > 0x20 }
        return ["image/png", "image/gif", "image/jpeg", "image/webp"].contains(String(String.UnicodeScalarView(type)))
    }

    /// The URLs of a `srcset` value as the HTML standard's parser reads them (candidates split at commas
    /// outside parentheses of a descriptor; a URL's trailing commas are not part of it), by code points as
    /// the parser reads them (a space or comma followed by a combining mark still counts).
    static func sourceSetURLs(_ value: String) -> [Substring] {
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        let scalars = Array(value.unicodeScalars)
        var urls: [Substring] = []
        var i = 0
        while i < scalars.count {
            while i < scalars.count, isSpace(scalars[i]) || scalars[i] == "," { i += 1 }
            guard i < scalars.count else { break }
            let start = i
            while i < scalars.count, !isSpace(scalars[i]) { i += 1 }
            var end = i
            let endsCandidate = scalars[end - 1] == ","
            while end > start, scalars[end - 1] == "," { end -= 1 }
            urls.append(Substring(String(String.UnicodeScalarView(scalars[start..<end]))))
            if endsCandidate { continue }
            var inParens = false
            while i < scalars.count {
                let c = scalars[i]
                i += 1
                if inParens {
                    if c == ")" { inParens = false }
                } else if c == "(" {
                    inParens = true
                } else if c == "," {
                    break
                }
            }
        }
        return urls
    }
}

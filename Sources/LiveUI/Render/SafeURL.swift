/// Which URLs LiveUI writes into the attributes a browser follows or loads (`href`, `src`, `action`, …).
///
/// A URL whose scheme runs script or a document of the URL's own making (`javascript:`, `vbscript:`, and
/// `data:` other than a PNG, GIF, JPEG or WebP image where an image is loaded) is never written: the
/// attribute gets ``blocked`` instead. Everything else passes: relative URLs, `http(s):`, `mailto:`, `tel:`
/// and other schemes that only navigate. The scheme is read the way browsers read it: leading and trailing
/// control characters and spaces are ignored, tabs and line breaks anywhere are removed, case does not count.
package enum SafeURL {
    /// What an unsafe URL renders as: the spelling Chromium uses for a navigation it blocked. Following or
    /// loading it shows nothing and runs nothing; the element keeps its place, style and focus order.
    package static let blocked = "about:blank#blocked"

    /// The image types a `data:` URL may carry where an image is loaded.
    static let imageTypes: Set<String> = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    /// Whether the attribute `name` (lowercased) holds a URL the browser follows or loads.
    package static func isURLAttribute(_ name: String) -> Bool {
        switch name {
        case "href", "src", "action", "formaction", "xlink:href", "poster", "srcset", "cite", "background", "data",
            "manifest", "codebase":
            true
        default: false
        }
    }

    /// Whether `name` (lowercased) on a `tag` element loads an image, where image `data:` URLs are allowed.
    package static func loadsImage(attribute name: String, tag: String) -> Bool {
        switch name {
        case "src", "srcset": tag == "img" || tag == "source"
        case "poster": true
        default: false
        }
    }

    /// Whether `value`, the value of the URL attribute `name` (lowercased), may be written as it is.
    package static func allows(_ value: String, attribute name: String, imageData: Bool) -> Bool {
        name == "srcset" ? allowsSourceSet(value, imageData: imageData) : allows(value, imageData: imageData)
    }

    /// Whether the URL `url` may be written into an attribute; `imageData` allows `data:` images.
    package static func allows(_ url: String, imageData: Bool) -> Bool {
        allows(Substring(url), imageData: imageData)
    }

    static func allows(_ url: Substring, imageData: Bool) -> Bool {
        var scheme: [UInt8] = []
        var rest = url.utf8.drop { $0 <= 0x20 }[...]
        var ended = false
        // A scheme is a letter, then letters, digits, `+`, `-` or `.`, up to the first `:`.
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: ":") {
                ended = true
                break
            }
            let lower = byte | 0x20
            let letter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard letter || (other && !scheme.isEmpty) else { return true }  // no scheme: a relative URL
            scheme.append(letter ? lower : byte)
            if scheme.count > 10 { return true }  // longer than any scheme that is refused
        }
        guard ended else { return true }  // no `:`: a relative URL
        switch String(decoding: scheme, as: UTF8.self) {
        case "javascript", "vbscript": return false
        case "data": return imageData && isImageData(rest)
        default: return true
        }
    }

    /// Whether a `data:` URL's body (after `data:`) declares one of ``imageTypes``.
    private static func isImageData(_ body: Substring.UTF8View.SubSequence) -> Bool {
        var type: [UInt8] = []
        for byte in body {
            // The type ends at its parameters or the data; a URL with neither is not a data: URL browsers load.
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") {
                return imageTypes.contains(String(decoding: type, as: UTF8.self))
            }
            if byte <= 0x20 { continue }
            type.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            if type.count > 16 { return false }
        }
        return false
    }

    /// Whether every image candidate of a `srcset` value may be written (candidates are a URL and an optional
    /// descriptor, separated by commas; a URL may hold commas itself, as a `data:` URL does, and so may a
    /// descriptor's parentheses).
    ///
    /// Split by bytes, as the HTML standard's parser splits by code points: only ASCII whitespace separates
    /// (a vertical tab or a no-break space belongs to the URL, whose leading controls the URL parser then
    /// drops), and a comma is one even when a combining mark follows it.
    static func allowsSourceSet(_ value: String, imageData: Bool) -> Bool {
        let utf8 = value.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        let comma = UInt8(ascii: ",")
        var index = utf8.startIndex
        while index < utf8.endIndex {
            while index < utf8.endIndex, isSpace(utf8[index]) || utf8[index] == comma { utf8.formIndex(after: &index) }
            guard index < utf8.endIndex else { break }
            let start = index
            while index < utf8.endIndex, !isSpace(utf8[index]) { utf8.formIndex(after: &index) }
            var end = index
            while end > start, utf8[utf8.index(before: end)] == comma { utf8.formIndex(before: &end) }
            guard allows(value[start..<end], imageData: imageData) else { return false }
            guard end == index else { continue }
            // The descriptor (`2x`, `480w`) runs to the next comma outside parentheses: the standard's
            // descriptor tokenizer reads `(…)` whole, commas included, so the next URL starts after it.
            var inParentheses = false
            while index < utf8.endIndex {
                let byte = utf8[index]
                utf8.formIndex(after: &index)
                if inParentheses {
                    if byte == UInt8(ascii: ")") { inParentheses = false }
                } else if byte == UInt8(ascii: "(") {
                    inParentheses = true
                } else if byte == comma {
                    break
                }
            }
        }
        return true
    }
}

extension GraphNode {
    /// `url` if it is safe in the attribute `name` of this node's element, else ``SafeURL/blocked`` and a
    /// warning naming this view, written to the session's change log once per view type and URL.
    package func safeURL(_ url: String, attribute name: String, imageData: Bool = false) -> String {
        if SafeURL.allows(url, attribute: name, imageData: imageData) { return url }
        graph.warnUnsafeURL(url, attribute: name, view: info.name)
        return SafeURL.blocked
    }
}

extension ViewGraph {
    /// Writes the warning for an unsafe URL once per view type and URL (the first 256 of them: a page that
    /// renders user-supplied links does not fill the log, nor the graph's memory).
    func warnUnsafeURL(_ url: String, attribute name: String, view: String) {
        guard unsafeURLWarnings.count < 256, unsafeURLWarnings.insert(view + "\u{0}" + url).inserted else { return }
        let shown = url.count > 80 ? url.prefix(80) + "…" : url[...]
        changeLog.write(
            "LiveUI warning: \(view) was given an unsafe URL for \(name) (\(shown.debugDescription)); "
                + "it renders as \(SafeURL.blocked)")
    }
}

/// `.htmlAttribute` and `.htmlClass`: the web escape hatch.
nonisolated struct HTMLAttributeModifier: ElementModifier, Equatable {
    let name: String
    let value: String?
    let className: String?

    func apply(to element: inout ElementSpec, node: GraphNode) {
        if let className {
            element.addClass(className)
            return
        }
        guard Self.isValidName(name) else {
            node.graph.changeLog.write(
                "LiveUI warning: .htmlAttribute(\(JSONString(String(name.prefix(64))))) is not an ASCII attribute name "
                    + "(a letter, _ or : then letters, digits, _ : . -); the attribute is left out")
            return
        }
        let lowered = name.lowercased()
        // Attributes the framework owns, and inline script handlers, cannot be overridden.
        guard !lowered.hasPrefix("on"), lowered != "data-lid", lowered != "data-on", lowered != "class", lowered != "style"
        else { return }
        guard let value else { return element.unset(name) }
        guard SafeURL.isURLAttribute(lowered) else { return element.set(name, value) }
        let imageData = SafeURL.loadsImage(attribute: lowered, tag: element.tag)
        element.set(name, node.safeURL(value, attribute: lowered, imageData: imageData))
    }

    /// Whether `name` is an attribute name every HTML parser reads as one name: an ASCII letter, `_` or `:`,
    /// then ASCII letters, digits, `_`, `:`, `.` or `-`, at most 256 bytes. (HTML itself allows more, but
    /// nothing an application needs, and non-ASCII or control characters are where parsers disagree.)
    static func isValidName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= 256 else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return false }
        return bytes.allSatisfy { b in
            isLetter(b) || isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "-")
        }
    }
}

nonisolated extension View {
    /// Sets an HTML attribute on this view's element (not `on…` handlers, `class`, `style` or LiveUI's own).
    /// A URL attribute (`href`, `src`, `action`, `formaction`, `srcset`, …) never takes a `javascript:`,
    /// `vbscript:` or `data:` URL (a PNG, GIF, JPEG or WebP `data:` image is fine where an image loads): it
    /// renders as `about:blank#blocked`, with a warning in the session's change log.
    public consuming func htmlAttribute(_ name: String, _ value: String?) -> some View {
        modifier(HTMLAttributeModifier(name: name, value: value, className: nil))
    }

    /// Adds a CSS class to this view's element.
    public consuming func htmlClass(_ name: String) -> some View {
        modifier(HTMLAttributeModifier(name: "class", value: nil, className: name))
    }
}

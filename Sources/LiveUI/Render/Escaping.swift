/// Escapes text content for HTML: `&`, `<` and `>`.
package func escapeText(_ text: String, into out: inout String) { escapeHTML(text, quotes: false, into: &out) }

/// Escapes an attribute value for use between double quotes: `&`, `<`, `>`, `"` and `'`.
package func escapeAttribute(_ value: String, into out: inout String) { escapeHTML(value, quotes: true, into: &out) }

/// Appends `text` with `&`, `<`, `>` (and, with `quotes`, `"` and `'`) replaced by entities.
private func escapeHTML(_ text: String, quotes: Bool, into out: inout String) {
    let needsEscaping = text.utf8.contains { byte in
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")))
    }
    guard needsEscaping else {
        out += text
        return
    }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where quotes: out += "&quot;"
        case "'" where quotes: out += "&#39;"
        default: out.unicodeScalars.append(scalar)
        }
    }
}

/// `value`, escaped for a double-quoted attribute.
package func escapedAttribute(_ value: String) -> String {
    var out = ""
    escapeAttribute(value, into: &out)
    return out
}

/// `text`, escaped for HTML text content.
package func escapedText(_ text: String) -> String {
    var out = ""
    escapeText(text, into: &out)
    return out
}

/// Tags that have no content and no closing tag.
package let voidElements: Set<String> = ["input", "img", "hr", "br", "meta", "link", "source", "wbr", "area", "col"]

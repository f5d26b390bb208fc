/// Escapes text content for HTML: `&`, `<` and `>`.
package func escapeText(_ text: String, into out: inout String) {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
    else {
        out += text
        return
    }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        default: out.unicodeScalars.append(scalar)
        }
    }
}

/// Escapes an attribute value for use between double quotes: `&`, `<`, `>`, `"` and `'`.
package func escapeAttribute(_ value: String, into out: inout String) {
    guard value.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
        out += value
        return
    }
    for scalar in value.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
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

/// An ordered set of HTML tokens (an element's classes) kept as the one space-separated string the
/// attribute renders as.
///
/// Each token appears once, in the order it was first inserted. A short list (`lui-button`,
/// `lui-text`) fits in the string's own storage, so most elements keep theirs without an allocation.
package struct TokenList: Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The tokens, separated by single spaces, as the attribute's value.
    package private(set) var joined = ""

    /// No tokens.
    package init() {}

    /// The given tokens, in order, each once.
    package init(arrayLiteral tokens: String...) {
        for token in tokens { insert(token) }
    }

    /// Whether the list has no token.
    package var isEmpty: Bool { joined.isEmpty }

    /// The tokens, in order.
    package var tokens: [Substring] { joined.split(separator: " ") }

    /// Whether `token` is in the list.
    package func contains<S: StringProtocol>(_ token: S) -> Bool {
        let wanted = token.utf8
        let all = joined.utf8
        var start = all.startIndex
        while start < all.endIndex {
            let end = all[start...].firstIndex(of: UInt8(ascii: " ")) ?? all.endIndex
            if all[start..<end].elementsEqual(wanted) { return true }
            start = end < all.endIndex ? all.index(after: end) : end
        }
        return false
    }

    /// Appends each space-separated token of `tokens` that is not in the list yet.
    package mutating func insert(_ tokens: String) {
        // Scanned as contiguous bytes (every element's class list passes here on each expansion).
        let hasSpace = tokens.withUTF8Bytes { $0.contains(UInt8(ascii: " ")) }
        guard hasSpace else {
            // The first token of an empty list needs no search for a duplicate.
            if joined.isEmpty { joined = tokens } else { insertToken(tokens) }
            return
        }
        for token in tokens.split(separator: " ") { insertToken(token) }
    }

    private mutating func insertToken<S: StringProtocol>(_ token: S) {
        guard !token.isEmpty, !contains(token) else { return }
        if joined.isEmpty {
            joined = String(token)
        } else {
            joined.reserveCapacity(joined.utf8.count + 1 + token.utf8.count)
            joined += " "
            joined += token
        }
    }

    /// Removes every token.
    package mutating func removeAll() { joined = "" }
}

/// An ordered set of HTML tokens (an element's classes, the events it sends) kept as the one
/// space-separated string the attribute renders as.
///
/// Each token appears once, in the order it was first inserted. A short list (`lui-button`,
/// `click`, `input submit`) fits in the string's own storage, so most elements keep theirs without
/// an allocation.
package struct TokenList: Equatable, ExpressibleByArrayLiteral {
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
    package func contains(_ token: Substring) -> Bool {
        joined.utf8.split(separator: UInt8(ascii: " ")).contains { $0.elementsEqual(token.utf8) }
    }

    /// Appends each space-separated token of `tokens` that is not in the list yet.
    package mutating func insert(_ tokens: String) {
        if joined.isEmpty && !tokens.utf8.contains(UInt8(ascii: " ")) {
            joined = tokens
            return
        }
        for token in tokens.split(separator: " ") where !contains(token) {
            if !joined.isEmpty { joined += " " }
            joined += token
        }
    }

    /// Removes every token.
    package mutating func removeAll() { joined = "" }
}

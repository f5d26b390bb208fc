/// A parsed route path: literal segments and `:name` parameters, e.g. `/items/:id`.
struct RoutePattern: Sendable, Equatable {
    /// One segment of a pattern.
    enum Segment: Sendable, Equatable {
        /// A segment matched exactly (after percent-decoding the request's segment).
        case literal(String)
        /// A segment matched by any value, which becomes the named parameter.
        case parameter(String)
    }

    /// The pattern as written, e.g. `/items/:id`.
    let text: String
    /// The segments after the leading `/` (none for `/`).
    let segments: [Segment]

    /// The parameter names, in order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The pattern with parameters unnamed: two patterns with the same shape match the same paths.
    var shape: [String?] {
        segments.map { if case .literal(let text) = $0 { text } else { nil } }
    }

    /// Parses `text`; throws naming the pattern when it starts without `/`, has an empty segment, a `:`
    /// without a name, a parameter name that is not letters, digits and `_`, or a name used twice.
    init(_ text: String) throws(RouteError) {
        guard text.hasPrefix("/") else { throw RouteError(pattern: text, problem: "a route path starts with /") }
        self.text = text
        guard text != "/" else {
            segments = []
            return
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        for piece in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard !piece.isEmpty else {
                throw RouteError(pattern: text, problem: "it has an empty segment (a doubled or trailing /)")
            }
            guard piece.hasPrefix(":") else {
                segments.append(.literal(String(piece)))
                continue
            }
            let name = String(piece.dropFirst())
            guard !name.isEmpty else { throw RouteError(pattern: text, problem: "a : has no parameter name after it") }
            guard name.utf8.allSatisfy(Self.isNameByte) else {
                throw RouteError(pattern: text, problem: "parameter name '\(name)' may hold only letters, digits and _")
            }
            guard names.insert(name).inserted else {
                throw RouteError(pattern: text, problem: "parameter name '\(name)' is used twice")
            }
            segments.append(.parameter(name))
        }
        self.segments = segments
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}

/// A route declaration the server cannot serve: it refuses to start and names the pattern.
public struct RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// What is wrong with it.
    public let problem: String

    /// `Route("/items/") cannot be served: …`.
    public var description: String { "Route(\"\(pattern)\") cannot be served: \(problem)" }
}

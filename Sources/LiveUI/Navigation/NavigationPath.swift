import Foundation

/// A type-erased list of the values a ``NavigationStack`` has pushed, as in SwiftUI.
///
/// Values of any `Hashable` type can be appended; when every value is also `Codable`, ``codable`` gives
/// a representation that can be saved and turned back into the same path (the URL of a stack holds it).
public struct NavigationPath: Equatable {
    /// One pushed value, with its URL form when its type is `Codable`.
    struct Element: Equatable {
        let value: AnyHashable
        /// The value as a JSON object `{"t": type name, "v": value}`, or `nil` when it is not `Codable`.
        let token: String?

        static func == (a: Element, b: Element) -> Bool { a.value == b.value }
    }

    var elements: [Element] = []

    /// The number of values in the path.
    public var count: Int { elements.count }

    /// Whether the path is empty (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }

    /// An empty path.
    public init() {}

    /// A path holding `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        for element in elements { append(element) }
    }

    /// A path holding `elements`, in order; it is codable.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable & Codable {
        for element in elements { append(element) }
    }

    /// The path a ``CodableRepresentation`` describes (decoding fails for a type this process never
    /// pushed or registered with `navigationDestination(for:destination:)`).
    public init(_ codable: CodableRepresentation) {
        elements = codable.elements
    }

    /// Pushes `value`.
    public mutating func append<V: Hashable>(_ value: V) {
        if let codable = value as? any (Hashable & Codable) {
            elements.append(Self.element(codable))
        } else {
            elements.append(Element(value: AnyHashable(value), token: nil))
        }
    }

    /// Pushes `value`, keeping its codable form.
    public mutating func append<V: Hashable & Codable>(_ value: V) {
        elements.append(Self.element(value))
    }

    /// Pops the last `k` values (all of them if there are fewer).
    public mutating func removeLast(_ k: Int = 1) {
        elements.removeLast(Swift.min(Swift.max(k, 0), elements.count))
    }

    /// The path in a form that can be encoded, or `nil` when a value in it is not `Codable`.
    public var codable: CodableRepresentation? {
        guard elements.allSatisfy({ $0.token != nil }) else { return nil }
        return CodableRepresentation(elements: elements)
    }

    static func element<V: Hashable & Codable>(_ value: V) -> Element {
        NavigationTypes.register(V.self)
        return Element(value: AnyHashable(value), token: NavigationTypes.token(value))
    }

    /// A serialisable form of a ``NavigationPath``: a JSON array of `{"t": type, "v": value}` objects.
    public struct CodableRepresentation: Codable, Equatable {
        let elements: [Element]

        init(elements: [Element]) { self.elements = elements }

        /// Decodes a representation written by ``encode(to:)``; a value of a type unknown to this process
        /// is a `DecodingError`.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let elements = NavigationTypes.decode(path: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a navigation path of known types"))
            }
            self.elements = elements
        }

        /// Encodes the path as its JSON text.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(NavigationTypes.text(of: elements.compactMap(\.token)))
        }
    }
}

/// The `Codable` types navigation paths may hold, by name: only these are decoded from a URL (a client
/// names a type, never makes the process load one it did not register).
enum NavigationTypes {
    private static let decoders = Locked<[String: @Sendable (Data) throws -> AnyHashable]>([:])

    static func name<V>(_ type: V.Type) -> String { String(reflecting: type) }

    /// Makes values of `V` decodable from a path's URL form.
    static func register<V: Hashable & Codable>(_ type: V.Type) {
        let name = name(type)
        decoders.withLock { table in
            if table[name] == nil { table[name] = { AnyHashable(try JSONDecoder().decode(V.self, from: $0)) } }
        }
    }

    /// `{"t": type name, "v": value}` for `value`, or `nil` if it does not encode.
    static func token<V: Encodable>(_ value: V) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let json = String(data: data, encoding: .utf8) else { return nil }
        let typeData = (try? encoder.encode(name(V.self))).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
        return "{\"t\":\(typeData),\"v\":\(json)}"
    }

    /// The JSON array of `tokens`.
    static func text(of tokens: [String]) -> String { "[" + tokens.joined(separator: ",") + "]" }

    /// The tokens of a path's JSON text, each re-serialised canonically; `nil` when it is not a JSON array
    /// of objects.
    static func tokens(of text: String) -> [String]? {
        guard let data = text.data(using: .utf8),
            let array = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any]
        else { return nil }
        var tokens: [String] = []
        for item in array {
            guard let object = item as? [String: Any] else { return nil }
            if let type = object["t"] as? String, let value = object["v"] {
                guard let valueData = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]),
                    let valueText = String(data: valueData, encoding: .utf8),
                    let typeData = try? JSONSerialization.data(withJSONObject: type, options: [.fragmentsAllowed, .withoutEscapingSlashes]),
                    let typeText = String(data: typeData, encoding: .utf8)
                else { return nil }
                tokens.append("{\"t\":\(typeText),\"v\":\(valueText)}")
            } else if let serial = object["n"] as? Int {
                tokens.append("{\"n\":\(serial)}")
            } else {
                return nil
            }
        }
        return tokens
    }

    /// The value a `{"t","v"}` token describes, or `nil` for an unknown type or a value that does not decode.
    static func value(of token: String) -> AnyHashable? {
        guard let data = token.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let type = object["t"] as? String, let value = object["v"],
            let decode = decoders.withLock({ $0[type] }),
            let valueData = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        else { return nil }
        return try? decode(valueData)
    }

    /// The elements of a path's JSON text, or `nil` when one does not decode.
    static func decode(path text: String) -> [NavigationPath.Element]? {
        guard let tokens = tokens(of: text) else { return nil }
        var elements: [NavigationPath.Element] = []
        for token in tokens {
            guard let value = value(of: token) else { return nil }
            elements.append(NavigationPath.Element(value: value, token: token))
        }
        return elements
    }
}

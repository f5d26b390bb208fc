import Foundation

/// One `@SceneStorage` or `@AppStorage` value, in the forms SwiftUI stores: `RawRepresentable` values keep
/// their raw `Int` or `String`. Encoded as a one-key JSON object (`{"int":3}`), so that a value read back
/// as another type is refused instead of misread.
enum StoredValue: Sendable, Equatable, Codable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case url(URL)
    case data(Data)

    private enum Kind: String, CodingKey {
        case bool, int, double, string, url, data
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "one stored value expected"))
        }
        switch kind {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: kind))
        case .int: self = .int(try container.decode(Int.self, forKey: kind))
        case .double: self = .double(try container.decode(Double.self, forKey: kind))
        case .string: self = .string(try container.decode(String.self, forKey: kind))
        case .url: self = .url(try container.decode(URL.self, forKey: kind))
        case .data: self = .data(try container.decode(Data.self, forKey: kind))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        case .url(let value): try container.encode(value, forKey: .url)
        case .data(let value): try container.encode(value, forKey: .data)
        }
    }
}

/// How a `@SceneStorage`/`@AppStorage` property's value type maps to a ``StoredValue`` and back (`nil`
/// stored means the key is removed; a stored value of another kind reads as the default).
struct StoredValueCoding<Value>: Sendable {
    let store: @Sendable (Value) -> StoredValue?
    let load: @Sendable (StoredValue) -> Value?
}

extension StoredValueCoding {
    static var bool: StoredValueCoding<Bool> { .init(store: { .bool($0) }, load: { if case .bool(let v) = $0 { v } else { nil } }) }
    static var int: StoredValueCoding<Int> { .init(store: { .int($0) }, load: { if case .int(let v) = $0 { v } else { nil } }) }
    static var double: StoredValueCoding<Double> {
        .init(store: { .double($0) }, load: {
            switch $0 {
            case .double(let v): v
            // An integral double encodes as an integer in JSON-backed stores that round-trip it.
            case .int(let v): Double(v)
            default: nil
            }
        })
    }
    static var string: StoredValueCoding<String> { .init(store: { .string($0) }, load: { if case .string(let v) = $0 { v } else { nil } }) }
    static var url: StoredValueCoding<URL> { .init(store: { .url($0) }, load: { if case .url(let v) = $0 { v } else { nil } }) }
    static var data: StoredValueCoding<Data> { .init(store: { .data($0) }, load: { if case .data(let v) = $0 { v } else { nil } }) }

    static func rawInt<R: RawRepresentable>(_: R.Type) -> StoredValueCoding<R> where R.RawValue == Int {
        .init(store: { .int($0.rawValue) }, load: { if case .int(let v) = $0 { R(rawValue: v) } else { nil } })
    }

    static func rawString<R: RawRepresentable>(_: R.Type) -> StoredValueCoding<R> where R.RawValue == String {
        .init(store: { .string($0.rawValue) }, load: { if case .string(let v) = $0 { R(rawValue: v) } else { nil } })
    }

    /// The optional form of `base`: `nil` removes the key.
    static func optional<Wrapped>(_ base: StoredValueCoding<Wrapped>) -> StoredValueCoding<Wrapped?> {
        .init(store: { $0.flatMap(base.store) }, load: { base.load($0) })
    }
}

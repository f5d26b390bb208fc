import Foundation

/// The keys saved state is kept under: a node's identity described the same way in every process, then its
/// view type and the property's name, e.g. `.body (0) [3] :: MyApp.Row._count`.
///
/// Each step is its ``ChildKey`` with explicit ids spelled by their value: `String` and numbers as JSON,
/// `Codable` values as sorted-key JSON, other `LosslessStringConvertible` values by their description. A step
/// whose id has none of these forms (an `ObjectIdentifier`, a hash) names nothing another process could
/// find again: its subtree's state is not saved.
enum StateKey {
    /// What separates a node's path from its view type and property.
    static let separator = " :: "

    /// The stable form of `identity`'s path (its steps, space separated), or `nil` when a step has no
    /// stable description.
    static func path(of identity: ViewIdentity) -> String? {
        var path = ""
        for (index, step) in identity.steps.enumerated() {
            guard let text = description(of: step) else { return nil }
            if index > 0 { path += " " }
            path += text
        }
        return path
    }

    /// The prefix of every key of the properties of the view with `identity`: its path, the separator and
    /// its type name.
    static func prefix(of identity: ViewIdentity) -> String? {
        guard let path = path(of: identity) else { return nil }
        return path + separator + typeName(identity.viewType) + "."
    }

    /// `key`'s stable form, as a step of a path.
    static func description(of key: ChildKey) -> String? {
        switch key {
        case .index(let i): "(\(i))"
        case .branch(let b): "If(\(b))"
        case .intID(let id): "[\(id)]"
        case .id(let id): stableDescription(of: id).map { "[\($0)]" }
        case .explicit(let id): stableDescription(of: id).map { "#\($0)" }
        case .type(let wrapped): "AnyView<\(typeName(wrapped.type))>"
        case .body: ".body"
        case .part(let p): ".part(\(p))"
        }
    }

    /// A type's name as every process of the same program spells it: `String(reflecting:)`, without the
    /// address a private or local type's context is printed with (worked out once per type).
    static func typeName(_ type: Any.Type) -> String {
        names.value(for: type) { StableTypeName(spelling(type)) }.text
    }

    private final class StableTypeName: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static let names = TypeCache<StableTypeName>()

    private static func spelling(_ type: Any.Type) -> String {
        let name = String(reflecting: type)
        guard name.contains("(unknown context at ") else { return name }
        var result = ""
        var rest = Substring(name)
        while let start = rest.range(of: "(unknown context at ") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ")") else { return result + "(private)" }
            result += "(private)"
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// An id's stable form, or `nil` when it has none. Spaces and `%` are percent-encoded, so that a step
    /// never holds the steps' separator.
    static func stableDescription(of id: AnyHashable) -> String? {
        stableText(of: id.base).map(escape)
    }

    private static func stableText(of value: Any) -> String? {
        switch value {
        case let text as String: return ScalarJSON.string(text) ?? jsonText(text)
        case let number as Int: return String(number)
        case let bool as Bool: return String(bool)
        case let uuid as UUID: return uuid.uuidString
        case let stable as any StableIdentity: return stable.stableIdentity
        // Only a boxed `AnyHashable` is unwrapped: any other `Hashable` value casts to one too, and its
        // base is the value again.
        case let hashable as AnyHashable where type(of: value) == AnyHashable.self: return stableText(of: hashable.base)
        case let list as [AnyHashable]:
            var parts: [String] = []
            for element in list {
                guard let part = stableText(of: element.base) else { return nil }
                parts.append(part)
            }
            return "[" + parts.joined(separator: ",") + "]"
        case is ObjectIdentifier, is AnyObject.Type: return nil
        case let encodable as any Encodable: return jsonText(encodable)
        case let lossless as any LosslessStringConvertible: return lossless.description
        default: return nil
        }
    }

    private static func jsonText(_ value: any Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == " " || $0 == "%" }) else { return text }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
    }
}

/// An identity value LiveUI itself makes (a navigation level's key), with a form stable across processes.
protocol StableIdentity {
    /// The stable form, or `nil` when this value has none.
    var stableIdentity: String? { get }
}

extension ChildKey: StableIdentity {
    var stableIdentity: String? {
        switch self {
        case .index(let i): "(\(i))"
        case .branch(let b): "If(\(b))"
        case .intID(let id): "[\(id)]"
        case .id(let id): StateKey.stableDescription(of: id).map { "[\($0)]" }
        case .explicit(let id): StateKey.stableDescription(of: id).map { "#\($0)" }
        case .type: nil
        case .body: ".body"
        case .part(let p): ".part(\(p))"
        }
    }
}

extension NavigationEntryKey: StableIdentity {
    var stableIdentity: String? {
        switch self {
        case .value(let index, let value): StateKey.stableDescription(of: value).map { "value(\(index),\($0))" }
        // A view pushed by a link is numbered per process: no other process pushes the same one.
        case .pushed: nil
        }
    }
}

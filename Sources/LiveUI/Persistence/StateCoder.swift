import Foundation

/// A saved property's value, encoded, or why it is not.
enum SavedValue {
    /// The value's JSON.
    case bytes(Data)
    /// The value's type is not `Codable` (or its value did not encode): it starts fresh on resume.
    case notCodable(type: String)
}

/// Encodes and decodes saved values as JSON: readable in a store and in the inspector, and `Codable`'s own
/// format, so that any `Codable` type saves as it is. Keys are sorted, so that an unchanged value encodes
/// to the same bytes and is not written again.
final class StateCoder {
    private let encoder: JSONEncoder
    private let decoder = JSONDecoder()

    init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// `value`, of type `type`, encoded. A ``NavigationPath`` saves its ``NavigationPath/codable`` form.
    func encode(_ value: Any, as type: Any.Type) -> SavedValue {
        // The type is compared first: a cast of every saved value to `NavigationPath` cost more than encoding an `Int`.
        if type == NavigationPath.self, let path = value as? NavigationPath {
            guard let codable = path.codable, let data = try? encoder.encode(codable) else {
                return .notCodable(type: StateKey.typeName(NavigationPath.self))
            }
            return .bytes(data)
        }
        if let data = ScalarJSON.encode(value, as: type) { return .bytes(data) }
        guard let codable = type as? any Codable.Type else { return .notCodable(type: StateKey.typeName(type)) }
        func open<C: Codable>(_: C.Type) -> Data? {
            guard let typed = value as? C else { return nil }
            return try? encoder.encode(typed)
        }
        guard let data = open(codable) else { return .notCodable(type: StateKey.typeName(type)) }
        return .bytes(data)
    }

    /// The value of type `T` that `data` encodes, or `nil` when it does not decode as one (the type changed).
    func decode<T>(_: T.Type, from data: Data) -> T? {
        if T.self == NavigationPath.self {
            guard let codable = try? decoder.decode(NavigationPath.CodableRepresentation.self, from: data) else { return nil }
            return NavigationPath(codable) as? T
        }
        guard let codable = T.self as? any Codable.Type else { return nil }
        func open<C: Codable>(_: C.Type) -> T? { (try? decoder.decode(C.self, from: data)) as? T }
        return open(codable)
    }
}

/// Storage whose value a graph saves.
protocol PersistableStorage: AnyObject {
    /// The value, encoded; `nil` for storage that is not the identity's own (an observed object).
    func savedValue(_ coder: StateCoder) -> SavedValue?
}

extension StateStorage: PersistableStorage {
    func savedValue(_ coder: StateCoder) -> SavedValue? { coder.encode(value, as: Value.self) }
}

extension ViewStorageBox: PersistableStorage {
    func savedValue(_ coder: StateCoder) -> SavedValue? { coder.encode(value, as: Value.self) }
}

extension ObjectStorage: PersistableStorage {
    func savedValue(_ coder: StateCoder) -> SavedValue? {
        guard isOwned, let object else { return nil }
        return coder.encode(object, as: type(of: object))
    }
}

/// A node behavior whose state a graph saves with the node's (a navigation stack's own path).
protocol PersistableBehavior: NodeBehavior {
    /// The name its value is saved under, in place of a property's.
    static var savedName: String { get }
    /// Its value, encoded; `nil` when it has nothing of its own to save.
    func savedValue(_ coder: StateCoder) -> SavedValue?
}

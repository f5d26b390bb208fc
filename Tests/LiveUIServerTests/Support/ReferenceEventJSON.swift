import Foundation

/// The event-body JSON reading the server used before `FlatJSONObject`: `JSONDecoder` into a dictionary of
/// `FieldValue`. Kept as the oracle the hand-written parser must agree with, input for input.
enum ReferenceEventJSON {
    /// The fields (null removed), or nil where the old code answered 400.
    static func fields(_ body: [UInt8]) -> [String: String]? {
        guard let object = try? JSONDecoder().decode([String: FieldValue].self, from: Data(body)) else { return nil }
        return object.compactMapValues(\.text)
    }

    private enum FieldValue: Decodable {
        case text(String)
        case null

        var text: String? {
            if case .text(let s) = self { return s }
            return nil
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .text(b ? "true" : "false")
            } else if let i = try? c.decode(Int.self) {
                self = .text(String(i))
            } else if let d = try? c.decode(Double.self) {
                self = .text(String(d))
            } else {
                self = .text(try c.decode(String.self))
            }
        }
    }
}

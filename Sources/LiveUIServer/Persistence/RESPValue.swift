/// A Redis reply (RESP2): what the server answered one command with.
enum RESPValue: Equatable, Sendable {
    /// `+OK`
    case simple(String)
    /// `-ERR …`: the command failed; the connection is still good.
    case error(String)
    /// `:42`
    case integer(Int)
    /// `$n` bytes, or nil for `$-1`.
    case bulk([UInt8]?)
    /// `*n` replies, or nil for `*-1`.
    case array([RESPValue]?)

    /// The reply as text, if it is a simple or bulk string.
    var text: String? {
        switch self {
        case .simple(let text): text
        case .bulk(let bytes?): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// Encodes one command as a RESP array of bulk strings (binary safe).
    static func command(_ arguments: [[UInt8]], into out: inout [UInt8]) {
        out.append(contentsOf: "*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            out.append(contentsOf: "$\(argument.count)\r\n".utf8)
            out.append(contentsOf: argument)
            out.append(contentsOf: "\r\n".utf8)
        }
    }
}

/// Reads RESP2 replies from bytes as they arrive: ``next()`` returns a whole reply once all of it is
/// buffered, nil while more is needed.
struct RESPParser {
    private var buffer: [UInt8] = []
    private var offset = 0

    /// A reply larger than this (bytes in a bulk string, or elements in an array) is refused as garbage.
    static let limit = 512 << 20

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        if offset > 0 && offset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            offset = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole reply, or nil if it has not all arrived.
    /// - Throws: ``StateStoreError/unavailable(_:)`` if the bytes are not RESP.
    mutating func next() throws(StateStoreError) -> RESPValue? {
        var position = offset
        guard let value = try parse(&position) else { return nil }
        offset = position
        return value
    }

    private func line(_ position: inout Int) -> ArraySlice<UInt8>? {
        var i = position
        while i + 1 < buffer.count {
            if buffer[i] == 13 && buffer[i + 1] == 10 {
                let line = buffer[position..<i]
                position = i + 2
                return line
            }
            i += 1
        }
        return nil
    }

    private func integer(_ line: ArraySlice<UInt8>) throws(StateStoreError) -> Int {
        guard let value = Int(String(decoding: line, as: UTF8.self)) else {
            throw .unavailable("redis: malformed reply")
        }
        return value
    }

    private func parse(_ position: inout Int) throws(StateStoreError) -> RESPValue? {
        guard position < buffer.count else { return nil }
        let kind = buffer[position]
        var cursor = position + 1
        guard let head = line(&cursor) else { return nil }
        let value: RESPValue
        switch kind {
        case UInt8(ascii: "+"): value = .simple(String(decoding: head, as: UTF8.self))
        case UInt8(ascii: "-"): value = .error(String(decoding: head, as: UTF8.self))
        case UInt8(ascii: ":"): value = .integer(try integer(head))
        case UInt8(ascii: "$"):
            let count = try integer(head)
            if count < 0 {
                value = .bulk(nil)
            } else {
                guard count <= Self.limit else { throw .unavailable("redis: reply too large") }
                guard cursor + count + 2 <= buffer.count else { return nil }
                value = .bulk(Array(buffer[cursor..<cursor + count]))
                cursor += count + 2
            }
        case UInt8(ascii: "*"):
            let count = try integer(head)
            if count < 0 {
                value = .array(nil)
            } else {
                guard count <= Self.limit else { throw .unavailable("redis: reply too large") }
                var elements: [RESPValue] = []
                elements.reserveCapacity(min(count, 1024))
                for _ in 0..<count {
                    guard let element = try parse(&cursor) else { return nil }
                    elements.append(element)
                }
                value = .array(elements)
            }
        default: throw .unavailable("redis: malformed reply")
        }
        position = cursor
        return value
    }
}

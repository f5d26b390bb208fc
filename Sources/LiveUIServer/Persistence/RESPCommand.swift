import Foundation

/// One command being encoded as a RESP array of bulk strings, argument by argument, straight into bytes:
/// a batch of many sessions is one command whose arguments are appended as they are known, each from the
/// pieces it is made of (a key prefix and an id, a field's scope and key), with no string or array made
/// for an argument first.
///
/// ```swift
/// var command = RESPCommand()
/// command.append("EVALSHA")
/// command.append("liveui:s:", id)         // one argument: liveui:s:<id>
/// command.append(42)                      // one argument: 42
/// var out: [UInt8] = []
/// command.encode(into: &out)              // *3\r\n$7\r\nEVALSHA\r\n…
/// ```
struct RESPCommand {
    /// The arguments encoded so far, without the array's header.
    private var body: [UInt8] = []
    /// How many arguments were appended.
    private(set) var count = 0

    init(capacity: Int = 512) { body.reserveCapacity(capacity) }

    /// A command encoded into the storage of `body`, an emptied buffer kept from one command to the next.
    init(body: consuming [UInt8]) {
        self.body = body
    }

    /// Appends an argument of `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        header(bytes.count)
        body.append(contentsOf: bytes)
        end()
    }

    /// Appends an argument of `bytes`.
    mutating func append(_ bytes: Data) {
        header(bytes.count)
        bytes.withUnsafeBytes { body.append(contentsOf: $0) }
        end()
    }

    /// Appends `count` arguments encoded before (another command's ``arguments``, or a part of them).
    mutating func append(encoded: some Collection<UInt8>, count: Int) {
        body.append(contentsOf: encoded)
        self.count += count
    }

    /// The arguments encoded so far, without the array's header: for ``append(encoded:count:)``.
    var arguments: [UInt8] { body }

    /// Appends an argument spelled by `text`'s UTF-8.
    mutating func append(_ text: String) {
        header(text.utf8.count)
        bytes(of: text)
        end()
    }

    /// Appends one argument made of `first` then `second`, without joining them first.
    mutating func append(_ first: String, _ second: String) {
        header(first.utf8.count + second.utf8.count)
        bytes(of: first)
        bytes(of: second)
        end()
    }

    /// Appends one argument spelled `<length of scope>:<scope><key>`, where the scope is `scope` then
    /// `scopeTail` (the field of a saved value in a Redis hash: ``RedisStateStore/field(scope:key:)``).
    mutating func appendField(scope: String, _ scopeTail: String = "", key: String) {
        let scopeLength = scope.utf8.count + scopeTail.utf8.count
        header(Self.digitCount(scopeLength) + 1 + scopeLength + key.utf8.count)
        digits(scopeLength)
        body.append(UInt8(ascii: ":"))
        bytes(of: scope)
        bytes(of: scopeTail)
        bytes(of: key)
        end()
    }

    /// Appends an argument spelled by the decimal digits of `number` (not negative).
    mutating func append(_ number: Int) {
        let value = max(0, number)
        header(Self.digitCount(value))
        digits(value)
        end()
    }

    /// Appends the whole command (the array header, then the arguments) to `out`.
    func encode(into out: inout [UInt8]) {
        out.reserveCapacity(out.count + body.count + 16)
        out.append(UInt8(ascii: "*"))
        Self.digits(count, into: &out)
        out.append(13)
        out.append(10)
        out.append(contentsOf: body)
    }

    private mutating func header(_ length: Int) {
        count += 1
        body.append(UInt8(ascii: "$"))
        digits(length)
        body.append(13)
        body.append(10)
    }

    /// Appends `text`'s UTF-8: a native string's at once, another's byte by byte.
    private mutating func bytes(of text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ body.append(contentsOf: $0) }) == nil { body.append(contentsOf: text.utf8) }
    }

    private mutating func end() {
        body.append(13)
        body.append(10)
    }

    private mutating func digits(_ value: Int) { Self.digits(value, into: &body) }

    private static func digitCount(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Appends the decimal digits of `value` (not negative) to `out`, most significant first.
    private static func digits(_ value: Int, into out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: 48 + value))
            return
        }
        var divisor = 10
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: 48 + (value / divisor) % 10))
            divisor /= 10
        }
    }
}

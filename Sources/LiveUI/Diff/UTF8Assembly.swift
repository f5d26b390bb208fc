#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text built from pieces in one allocation of exactly its size, each piece copied as bytes: `write` runs
/// once into a buffer on the stack and the text is copied from there, or, for a text longer than that
/// buffer, a second time straight into the string's storage.
///
/// Appending a piece to a `String` costs a few hundred instructions (capacity checks, flags, a
/// possible reallocation); copying it here costs about one per byte. The wire JSON of every update
/// (patches, answers, streams) is built this way.
///
/// ```swift
/// let json = assembleUTF8 { out in
///     out.append("{\"id\":")
///     out.appendJSONString(id)
///     out.append("}")
/// }
/// ```
package func assembleUTF8(_ write: (inout UTF8Assembly) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UTF8Assembly.stackCapacity) { stack in
        let size = UTF8Assembly.firstPass(write, into: stack)
        return String(unsafeUninitializedCapacity: size) { buffer in
            UTF8Assembly.fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<size]), from: stack, write)
            return size
        }
    }
}

// The buffers here are unsafe pointers: not measured against a safe form (see docs/performance.md);
// `assembleUTF8Allocated` is C interop (libmicrohttpd frees what it is given).

/// Text built as ``assembleUTF8(_:)`` builds it, into memory from `malloc` of exactly its size (at least
/// one byte), for a C library that takes the memory and frees it with `free`; `nil` if `malloc` fails.
/// No `String` is made.
package func assembleUTF8Allocated(_ write: (inout UTF8Assembly) -> Void) -> UnsafeMutableBufferPointer<UInt8>? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UTF8Assembly.stackCapacity) { stack in
        let size = UTF8Assembly.firstPass(write, into: stack)
        guard let memory = malloc(max(1, size)) else { return nil }
        let text = UnsafeMutableBufferPointer(start: memory.bindMemory(to: UInt8.self, capacity: max(1, size)), count: size)
        UTF8Assembly.fill(text, from: stack, write)
        return text
    }
}

/// Where ``assembleUTF8(_:)`` writes: it copies the bytes that fit in its buffer and counts them all.
package struct UTF8Assembly {
    /// The bytes of the buffer on the stack that a text is first written into.
    static let stackCapacity = 1024

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written (or, past the buffer's end, counted) so far.
    package private(set) var count = 0

    fileprivate init(into buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Runs `write` into `stack` (the bytes that fit) and returns the whole text's size.
    fileprivate static func firstPass(_ write: (inout UTF8Assembly) -> Void, into stack: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var first = UTF8Assembly(into: stack)
        write(&first)
        return first.count
    }

    /// Fills `target`, exactly the size ``firstPass(_:into:)`` returned, with the text: copied from
    /// `stack` when it fitted there, else written a second time straight into `target`.
    fileprivate static func fill(
        _ target: UnsafeMutableBufferPointer<UInt8>, from stack: UnsafeMutableBufferPointer<UInt8>,
        _ write: (inout UTF8Assembly) -> Void
    ) {
        if target.count <= stack.count {
            if let source = stack.baseAddress, let base = target.baseAddress { base.update(from: source, count: target.count) }
            return
        }
        var copy = UTF8Assembly(into: target)
        write(&copy)
        precondition(copy.count == target.count, "LiveUI internal error: assembleUTF8 wrote a different text the second time")
    }

    /// Once a piece did not fit, `count` is past the buffer's end and nothing more is copied: the text
    /// is then written again into a buffer of its size.
    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        if count < buffer.count { buffer[count] = b }
        count += 1
    }

    @inline(__always)
    private mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        if source.count <= buffer.count - count, let target = buffer.baseAddress, let base = source.baseAddress {
            (target + count).update(from: base, count: source.count)
        }
        count += source.count
    }

    /// Appends `s` as it is.
    package mutating func append(_ s: StaticString) {
        bytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends `s` as it is. Disfavoured, so that a literal is appended as the `StaticString` it can be
    /// (its bytes copied as they are) rather than made a `String` first, as the default literal type.
    @_disfavoredOverload
    package mutating func append(_ s: String) {
        s.withUTF8Bytes { bytes($0) }
    }

    /// Appends the decimal digits of `n` (with `-` when negative), as `String(n)` writes them.
    package mutating func append(_ n: Int) {
        if n < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        var digits = 1
        var scale: UInt = 1
        while magnitude / scale >= 10 {
            scale *= 10
            digits += 1
        }
        guard digits <= buffer.count - count else {
            count += digits
            return
        }
        while scale > 0 {
            byte(UInt8(ascii: "0") + UInt8(magnitude / scale))
            magnitude %= scale
            scale /= 10
        }
    }

    /// Appends `s` as a JSON string literal, quotes included, escaped as ``JSONString(_:)`` escapes it:
    /// `"` `\` and controls, and U+2028/U+2029 (which end a line in JavaScript). The runs between
    /// escapes (usually the whole string) are copied whole.
    package mutating func appendJSONString(_ s: String) {
        byte(UInt8(ascii: "\""))
        s.withUTF8Bytes { utf8 in
            var plainFrom = 0
            var index = 0
            while index < utf8.count {
                let b = utf8[index]
                let escaped: Int  // how many bytes of `s` the escape replaces; 0 for a plain byte
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20: escaped = 1
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escaped = 3
                default: escaped = 0
                }
                if escaped == 0 {
                    index += 1
                    continue
                }
                bytes(UnsafeBufferPointer(rebasing: utf8[plainFrom..<index]))
                switch b {
                case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
                case 0x0A: escape(UInt8(ascii: "n"))
                case 0x0D: escape(UInt8(ascii: "r"))
                case 0x09: escape(UInt8(ascii: "t"))
                case 0xE2: unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                default: unicodeEscape(UInt16(b))
                }
                index += escaped
                plainFrom = index
            }
            bytes(UnsafeBufferPointer(rebasing: utf8[plainFrom..<utf8.count]))
        }
        byte(UInt8(ascii: "\""))
    }

    private mutating func escape(_ letter: UInt8) {
        byte(UInt8(ascii: "\\"))
        byte(letter)
    }

    /// A backslash, `u` and the four lowercase hex digits of `value`.
    private mutating func unicodeEscape(_ value: UInt16) {
        byte(UInt8(ascii: "\\"))
        byte(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt16(shift)) & 0xF)
            byte(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}

/// The byte reader behind `FlatJSONObject.parse`: one pass over UTF-8, no recursion, every index checked.
struct FlatJSONParser {
    typealias Member = (name: String, value: FlatJSONObject.Value)

    /// Foundation's JSON reader refuses arrays and objects nested deeper than this.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private var i: Int

    init(_ bytes: [UInt8], start: Int) {
        self.bytes = bytes
        i = min(max(0, start), bytes.count)
    }

    /// The whole document: one object, then only whitespace.
    mutating func parseDocument() throws(FlatJSONError) -> [Member] {
        guard try nextNonWhitespace() == ascii("{") else {
            // Tell a JSON value that is not an object from malformed input.
            try skipValue(depth: 0)
            try expectEnd()
            throw .notAnObject
        }
        i += 1
        var members: [Member] = []
        // An event body has two to six members: one allocation.
        members.reserveCapacity(6)
        // Past a few members a set keeps duplicate detection linear for hostile bodies.
        var names: Set<String>?
        if try nextNonWhitespace() == ascii("}") {
            i += 1
            try expectEnd()
            return members
        }
        while true {
            let byte = try nextNonWhitespace()
            guard byte == ascii("\"") else { throw .unexpectedByte(byte, offset: i) }
            let name = try parseString()
            let colon = try nextNonWhitespace()
            guard colon == ascii(":") else { throw .unexpectedByte(colon, offset: i) }
            i += 1
            let duplicate: Bool
            if let set = names {
                duplicate = set.contains(name)
            } else {
                duplicate = members.contains { $0.name == name }
            }
            if duplicate {
                // Foundation keeps the first value and never decodes later ones: only their structure counts.
                try skipValue(depth: 1)
            } else {
                members.append((name, try parseValue(name: name)))
                if names != nil {
                    names?.insert(name)
                } else if members.count > 16 {
                    names = Set(members.map(\.name))
                }
            }
            let separator = try nextNonWhitespace()
            if separator == ascii("}") {
                i += 1
                break
            }
            guard separator == ascii(",") else { throw .unexpectedByte(separator, offset: i) }
            i += 1
            if try nextNonWhitespace() == ascii("}") {  // trailing comma, as Foundation allows
                i += 1
                break
            }
        }
        try expectEnd()
        return members
    }

    // MARK: Values that are decoded

    private mutating func parseValue(name: String) throws(FlatJSONError) -> FlatJSONObject.Value {
        let byte = try nextNonWhitespace()
        switch byte {
        case ascii("\""): return .string(try parseString())
        case ascii("t"):
            try literal("true")
            return .bool(true)
        case ascii("f"):
            try literal("false")
            return .bool(false)
        case ascii("n"):
            try literal("null")
            return .null
        case ascii("-"), ascii("0")...ascii("9"): return .number(try parseNumber())
        case ascii("["), ascii("{"): throw .nestedValue(name: name)
        default: throw .unexpectedByte(byte, offset: i)
        }
    }

    /// A string at `i` (on its opening quote), unescaped.
    private mutating func parseString() throws(FlatJSONError) -> String {
        i += 1
        let start = i
        // Fast path: printable ASCII without escapes needs no copy but the String's own.
        while i < bytes.count {
            let byte = bytes[i]
            if byte == ascii("\"") {
                defer { i += 1 }
                // From the contiguous bytes: decoding an array slice goes through the generic path.
                let end = i
                return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
            }
            if byte == ascii("\\") || byte < 0x20 || byte >= 0x80 { break }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case ascii("\""):
                i += 1
                // Every byte of `out` was validated (or encoded from a scalar): decoding repairs nothing.
                return String(decoding: out, as: UTF8.self)
            case ascii("\\"):
                try parseEscape(into: &out)
            case 0..<0x20:
                throw .controlCharacter(offset: i)
            case 0x80...:
                let length = try utf8SequenceLength(at: i)
                out.append(contentsOf: bytes[i..<(i + length)])
                i += length
            default:
                out.append(byte)
                i += 1
            }
        }
        throw .unexpectedEnd
    }

    /// An escape at `i` (on its backslash), appended to `out` as UTF-8.
    private mutating func parseEscape(into out: inout [UInt8]) throws(FlatJSONError) {
        let start = i
        i += 1
        guard i < bytes.count else { throw .unexpectedEnd }
        let byte = bytes[i]
        i += 1
        switch byte {
        case ascii("\""), ascii("\\"), ascii("/"): out.append(byte)
        case ascii("b"): out.append(0x08)
        case ascii("f"): out.append(0x0C)
        case ascii("n"): out.append(0x0A)
        case ascii("r"): out.append(0x0D)
        case ascii("t"): out.append(0x09)
        case ascii("u"):
            let unit = try hex4()
            let value: UInt32
            switch unit {
            case 0xD800...0xDBFF:
                guard i + 1 < bytes.count, bytes[i] == ascii("\\"), bytes[i + 1] == ascii("u") else {
                    throw .unpairedSurrogate(offset: start)
                }
                i += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw .unpairedSurrogate(offset: start) }
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00...0xDFFF:
                throw .unpairedSurrogate(offset: start)
            default:
                value = UInt32(unit)
            }
            guard let scalar = Unicode.Scalar(value) else { throw .unpairedSurrogate(offset: start) }
            out.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        default:
            throw .invalidEscape(offset: start)
        }
    }

    /// Four hex digits at `i`.
    private mutating func hex4() throws(FlatJSONError) -> UInt16 {
        guard i + 4 <= bytes.count else { throw .unexpectedEnd }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[i + offset]
            let digit: UInt8
            switch byte {
            case ascii("0")...ascii("9"): digit = byte - ascii("0")
            case ascii("a")...ascii("f"): digit = byte - ascii("a") + 10
            case ascii("A")...ascii("F"): digit = byte - ascii("A") + 10
            default: throw .invalidEscape(offset: i + offset)
            }
            value = value << 4 | UInt16(digit)
        }
        i += 4
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7: no overlongs,
    /// no surrogates, nothing above U+10FFFF).
    private func utf8SequenceLength(at index: Int) throws(FlatJSONError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .invalidUTF8(offset: index)
        }
        guard index + length <= bytes.count else { throw .invalidUTF8(offset: index) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { throw .invalidUTF8(offset: index) }
        for k in 2..<max(2, length) where bytes[index + k] & 0xC0 != 0x80 {
            throw .invalidUTF8(offset: index)
        }
        return length
    }

    /// A number at `i`, in JSON's grammar, as the text Foundation's decoding gave it.
    private mutating func parseNumber() throws(FlatJSONError) -> String {
        let start = i
        if bytes[i] == ascii("-") { i += 1 }
        guard i < bytes.count else { throw .unexpectedEnd }
        if bytes[i] == ascii("0") {
            i += 1
        } else if isDigit(bytes[i]) {
            skipDigits()
        } else {
            throw .invalidNumber(offset: start)
        }
        var isInteger = true
        if i < bytes.count, bytes[i] == ascii(".") {
            isInteger = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        if i < bytes.count, bytes[i] | 0x20 == ascii("e") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == ascii("+") || bytes[i] == ascii("-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        // `01`, `1.5.5`, `1-2`: Foundation reads these as one (bad) number too.
        if i < bytes.count, isLenientNumberByte(bytes[i]) { throw .invalidNumber(offset: start) }
        let token = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let text = FlatJSONObject.numberText(token, isInteger: isInteger) else {
            throw .numberOutOfRange(offset: start)
        }
        return text
    }

    private mutating func skipDigits() {
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    }

    // MARK: Values that are only skipped (later duplicates)

    /// Skips one value the way Foundation's scanner does before decoding: structure, literals and
    /// string ends are checked; string contents and number shapes are not.
    private mutating func skipValue(depth: Int) throws(FlatJSONError) {
        var open: [UInt8] = []  // closing bytes of the arrays and objects entered
        while true {
            // A value starts here.
            let byte = try nextNonWhitespace()
            switch byte {
            case ascii("\""): try skipString()
            case ascii("t"): try literal("true")
            case ascii("f"): try literal("false")
            case ascii("n"): try literal("null")
            case ascii("-"), ascii("0")...ascii("9"):
                i += 1
                while i < bytes.count, isLenientNumberByte(bytes[i]) { i += 1 }
            case ascii("["), ascii("{"):
                guard depth + open.count < Self.maxDepth else { throw .tooDeep(offset: i) }
                i += 1
                let close = byte == ascii("[") ? ascii("]") : ascii("}")
                if try nextNonWhitespace() == close {
                    i += 1
                } else {
                    open.append(close)
                    if close == ascii("}") { try skipKey() }
                    continue
                }
            default:
                throw .unexpectedByte(byte, offset: i)
            }
            // A value ended: close what it ended, or move on to the next element.
            var nextElement = false
            while let close = open.last, !nextElement {
                let separator = try nextNonWhitespace()
                if separator == close {
                    i += 1
                    open.removeLast()
                } else if separator == ascii(",") {
                    i += 1
                    if try nextNonWhitespace() == close {  // trailing comma
                        i += 1
                        open.removeLast()
                    } else {
                        if close == ascii("}") { try skipKey() }
                        nextElement = true
                    }
                } else {
                    throw .unexpectedByte(separator, offset: i)
                }
            }
            if !nextElement { return }
        }
    }

    /// A member name and its colon inside a skipped object.
    private mutating func skipKey() throws(FlatJSONError) {
        let quote = try nextNonWhitespace()
        guard quote == ascii("\"") else { throw .unexpectedByte(quote, offset: i) }
        try skipString()
        let colon = try nextNonWhitespace()
        guard colon == ascii(":") else { throw .unexpectedByte(colon, offset: i) }
        i += 1
    }

    /// Skips a string at `i` (on its opening quote) to just past its closing quote.
    private mutating func skipString() throws(FlatJSONError) {
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case ascii("\""):
                i += 1
                return
            case ascii("\\"):
                i += 1
                guard i < bytes.count else { throw .unexpectedEnd }
                let escaped = bytes[i]
                i += 1
                if escaped == ascii("u") {
                    guard i + 4 <= bytes.count else { throw .unexpectedEnd }
                    if let quote = bytes[i..<(i + 4)].firstIndex(of: ascii("\"")) { throw .invalidEscape(offset: quote) }
                    i += 4
                }
            default:
                i += 1
            }
        }
        throw .unexpectedEnd
    }

    // MARK: Bytes

    private mutating func literal(_ word: StaticString) throws(FlatJSONError) {
        let count = word.utf8CodeUnitCount
        for k in 0..<count {
            guard i + k < bytes.count else { throw .unexpectedEnd }
            let expected = word.utf8Start[k]
            guard bytes[i + k] == expected else { throw .unexpectedByte(bytes[i + k], offset: i + k) }
        }
        i += count
    }

    /// Skips JSON whitespace (space, tab, LF, CR) and returns the byte at `i` without consuming it.
    private mutating func nextNonWhitespace() throws(FlatJSONError) -> UInt8 {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return bytes[i]
            }
        }
        throw .unexpectedEnd
    }

    private mutating func expectEnd() throws(FlatJSONError) {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: throw .unexpectedByte(bytes[i], offset: i)
            }
        }
    }
}

private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

/// Bytes Foundation's scanner takes as part of a number token.
private func isLenientNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == 0x2E || byte == 0x2B || byte == 0x2D || byte == 0x65 || byte == 0x45
}

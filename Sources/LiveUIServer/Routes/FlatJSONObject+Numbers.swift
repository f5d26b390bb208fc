extension FlatJSONObject {
    /// The text of a JSON number token (grammar already checked) as the old `FieldValue` decoding gave it:
    /// Foundation's `Int` decoding if it succeeds, else its `Double` decoding; nil if neither does.
    ///
    /// Foundation reads a plain integer exactly; any other number through a `Double`, kept as an `Int`
    /// when that `Double` is integral and below 2^53, and between 2^53 and `Int.max` only when the decimal
    /// digits themselves fit (`9007199254740993.0` stays exact, `1e19` becomes `1e+19`).
    static func numberText(_ token: String, isInteger: Bool) -> String? {
        if isInteger, let n = Int(token) { return String(n) }
        guard let double = Double(token) else { return nil }
        if let n = Int(exactly: double) {
            if double.magnitude < 0x1p53 { return String(n) }
            if let exact = decimalInteger(token) { return String(exact) }
        }
        return double.isFinite ? String(double) : nil
    }

    /// The token's value as an `Int` the way Foundation reads it through `Decimal`: a 128-bit mantissa
    /// (digits past it dropped), an exponent within `Int8`, trailing zeros compacted, then a mantissa
    /// that fits a `UInt64` scaled by the power of ten (a negative one truncates). Nil where that fails.
    static func decimalInteger(_ token: String) -> Int? {
        var mantissa: UInt128 = 0
        var exponent = 0
        var negative = false
        var full = false
        var utf8 = token.utf8[...]
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        func append(_ digit: UInt8) -> Bool {
            let (times, o1) = mantissa.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt128(digit - UInt8(ascii: "0")))
            if o1 || o2 { return false }
            mantissa = plus
            return true
        }
        while let byte = utf8.first, isDigit(byte) {
            utf8 = utf8.dropFirst()
            if full || !append(byte) {
                full = true
                exponent += 1
                guard exponent <= Int(Int8.max) else { return nil }
            }
        }
        if utf8.first == UInt8(ascii: ".") {
            utf8 = utf8.dropFirst()
            while let byte = utf8.first, isDigit(byte) {
                utf8 = utf8.dropFirst()
                if full || !append(byte) {
                    full = true
                    continue
                }
                guard exponent > Int(Int8.min) else { return nil }
                exponent -= 1
            }
        }
        if let e = utf8.first, e | 0x20 == UInt8(ascii: "e") {
            utf8 = utf8.dropFirst()
            var sign = 1
            if let s = utf8.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                sign = s == UInt8(ascii: "-") ? -1 : 1
                utf8 = utf8.dropFirst()
            }
            var value = 0
            while let byte = utf8.first, isDigit(byte) {
                utf8 = utf8.dropFirst()
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= 2 * Int(Int8.max) else { return nil }
            }
            exponent += sign * value
            guard exponent >= Int(Int8.min) && exponent <= Int(Int8.max) else { return nil }
        }
        while mantissa != 0 && mantissa % 10 == 0 && exponent < Int(Int8.max) {
            mantissa /= 10
            exponent += 1
        }
        guard var magnitude = UInt64(exactly: mantissa) else { return nil }
        while exponent < 0 {
            magnitude /= 10
            exponent += 1
        }
        while exponent > 0 {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = times
            exponent -= 1
        }
        guard let value = Int(exactly: magnitude) else { return nil }
        return negative ? -value : value
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

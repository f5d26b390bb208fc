import Foundation
import Testing

@testable import LiveUI

@Suite("String bytes read in place")
struct StringBytesTests {
    /// Strings of every representation this platform makes: small (inline), native, empty, non-ASCII,
    /// made from a substring, from Foundation, and from bytes.
    static let samples: [String] = [
        "", "a", "Count: 1", "exactly15bytes!", "sixteen bytes!!!", String(repeating: "row-", count: 300),
        "ünïcødé ✓ \u{2028} 😀", String("  the middle  ".dropFirst(2).dropLast(2)),
        NSString(string: "from Foundation, long enough not to be small").description,
        String(decoding: Array("decoded from bytes".utf8), as: UTF8.self),
    ]

    @Test("withUTF8Bytes hands over exactly the string's UTF-8 bytes", arguments: samples)
    func withUTF8BytesGivesTheUTF8(_ s: String) {
        #expect(s.withUTF8Bytes { Array($0) } == Array(s.utf8))
    }

    @Test("withUTF8Bytes passes on what the body returns and throws")
    func withUTF8BytesPassesResultsAndErrors() throws {
        struct Stop: Error {}
        #expect("abc".withUTF8Bytes { $0.count } == 3)
        #expect(throws: Stop.self) { try "abc".withUTF8Bytes { _ in throw Stop() } }
    }
}

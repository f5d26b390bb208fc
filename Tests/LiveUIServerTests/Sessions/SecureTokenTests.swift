import Testing
@testable import LiveUIServer

@Suite("SecureToken")
struct SecureTokenTests {
    @Test("ids are 128 random bits in hex, distinct, and compared in constant time")
    func tokens() {
        let ids = (0..<1000).map { _ in SecureToken.hex() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.count == 32 && SecureToken.isWellFormed($0) })
        #expect(SecureToken.equal("abc", "abc"))
        #expect(!SecureToken.equal("abc", "abd"))
        #expect(!SecureToken.equal("abc", "abcd"))
        #expect(!SecureToken.equal("", "a"))
        #expect(!SecureToken.isWellFormed("ABCDEF0123456789abcdef0123456789"))
        #expect(!SecureToken.isWellFormed("../x"))
    }
}

import Testing
@testable import LiveUIServer

@Suite("RESPParser")
struct RESPParserTests {
    @Test("replies split anywhere are read whole once all their bytes arrived")
    func splitReplies() throws {
        let wire = Array("+OK\r\n-ERR no\r\n:42\r\n$5\r\nhe\r\no\r\n$-1\r\n*2\r\n$1\r\na\r\n*1\r\n:7\r\n*-1\r\n$0\r\n\r\n".utf8)
        let expected: [RESPValue] = [
            .simple("OK"), .error("ERR no"), .integer(42), .bulk(Array("he\r\no".utf8)), .bulk(nil),
            .array([.bulk(Array("a".utf8)), .array([.integer(7)])]), .array(nil), .bulk([]),
        ]
        for split in 0...wire.count {
            var parser = RESPParser()
            var replies: [RESPValue] = []
            parser.append(wire[..<split])
            while let reply = try parser.next() { replies.append(reply) }
            parser.append(wire[split...])
            while let reply = try parser.next() { replies.append(reply) }
            #expect(replies == expected, "split at \(split)")
        }
    }

    @Test("bytes that are not RESP are refused as unavailable")
    func garbage() {
        for wire in ["?what\r\n", ":12x\r\n", "$99999999999\r\n"] {
            var parser = RESPParser()
            parser.append(Array(wire.utf8)[...])
            #expect(throws: StateStoreError.self) { try parser.next() }
        }
    }

    @Test("commands are encoded as arrays of binary-safe bulk strings")
    func encoding() {
        var out: [UInt8] = []
        RESPValue.command([Array("SET".utf8), [0, 13, 10]], into: &out)
        #expect(out == Array("*2\r\n$3\r\nSET\r\n$3\r\n".utf8) + [0, 13, 10] + Array("\r\n".utf8))
    }

    @Test("a command built argument by argument encodes as the same arguments joined first do")
    func builtCommand() {
        var command = RESPCommand(capacity: 0)
        command.append("EVALSHA")
        command.append("liveui:s:", "0123")
        command.append(0)
        command.append(7)
        command.append(1_234_567_890)
        command.append([0, 13, 10])
        command.append([])
        command.appendField(scope: "r:", "/items/7", key: "0.title")
        command.appendField(scope: "scene", key: "")
        command.appendField(scope: String(repeating: "s", count: 12), key: "k")
        var built: [UInt8] = []
        command.encode(into: &built)
        var joined: [UInt8] = []
        RESPValue.command([
            Array("EVALSHA".utf8), Array("liveui:s:0123".utf8), Array("0".utf8), Array("7".utf8), Array("1234567890".utf8),
            [0, 13, 10], [], RedisStateStore.field(scope: "r:/items/7", key: "0.title"), RedisStateStore.field(scope: "scene", key: ""),
            RedisStateStore.field(scope: String(repeating: "s", count: 12), key: "k"),
        ], into: &joined)
        #expect(built == joined)
        #expect(command.count == 10)
    }
}

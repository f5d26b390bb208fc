/// The name a browser tab gives itself on its event stream (`GET /liveui/stream?tab=…`) and on its events
/// (`"tab"`): the stream is then left out of the updates of that tab's own events, whose answers carry
/// them. 1–64 ASCII letters, digits, `-` or `_`, chosen by the client (LiveUI's picks 24 random hex digits).
enum TabName {
    /// What a tab name must be, as the 400 answer says.
    static let requirement = "'tab' must be 1 to 64 ASCII letters, digits, '-' or '_'"

    /// Whether `name` is a tab name.
    static func isValid(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard !utf8.isEmpty, utf8.count <= 64 else { return false }
        return ASCII.allBytes(of: name) { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}

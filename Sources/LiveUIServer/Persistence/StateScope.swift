/// The namespaces of a session's saved keys, spelled once for every store: a route's graph state
/// (`r:/items/7`), scene storage, tab seqs and metadata. Stores save a key as (scope, key).
enum StateScope {
    /// The scope of `route`'s graph state.
    static func route(_ route: String) -> String { "r:" + route }
    /// Scene storage.
    static let scene = "scene"
    /// Each tab's highest seq, as decimal digits.
    static let tabSeq = "seq"
    /// Other facts about the session.
    static let metadata = "meta"

    /// Adds the saved `(scope, key) = bytes` to `session`; an unknown scope (a newer writer's) is skipped.
    static func restore(scope: String, key: String, bytes: [UInt8], into session: inout StoredSession) {
        if scope.hasPrefix("r:") {
            session.routes[String(scope.dropFirst(2)), default: [:]][key] = bytes
        } else if scope == scene {
            session.scene[key] = bytes
        } else if scope == metadata {
            session.metadata[key] = bytes
        } else if scope == tabSeq, let seq = Int(String(decoding: bytes, as: UTF8.self)) {
            session.tabSeqs[key] = seq
        }
    }
}

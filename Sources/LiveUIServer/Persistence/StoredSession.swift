/// A session as a store saved it: what a resumed session is rebuilt from.
package struct StoredSession: Sendable, Equatable {
    /// The session's id.
    package var session: String
    /// The token the session's client presents.
    package var token: String
    /// The browser whose app storage it uses, if known.
    package var browser: String?
    /// Per route (concrete path), the graph's saved state: key → bytes.
    package var routes: [String: [String: [UInt8]]]
    /// Scene storage.
    package var scene: [String: [UInt8]]
    /// Per tab, its highest `seq` answered.
    package var tabSeqs: [String: Int]
    /// Other facts the server saved.
    package var metadata: [String: [UInt8]]

    /// A saved session; empty maps unless given.
    package init(
        session: String, token: String, browser: String? = nil, routes: [String: [String: [UInt8]]] = [:],
        scene: [String: [UInt8]] = [:], tabSeqs: [String: Int] = [:], metadata: [String: [UInt8]] = [:]
    ) {
        self.session = session
        self.token = token
        self.browser = browser
        self.routes = routes
        self.scene = scene
        self.tabSeqs = tabSeqs
        self.metadata = metadata
    }
}

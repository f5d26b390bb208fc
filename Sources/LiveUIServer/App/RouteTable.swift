/// The app's pages and endpoints by pattern, matched segment by segment: at each segment a literal wins
/// over a parameter, and a parameter is tried when the literal's branch matches nothing further on.
struct RouteTable: Sendable {
    /// What a path matched: the page and endpoints declared at one pattern, with the parameter values.
    struct Match: Sendable {
        /// The page there, if one is declared.
        let page: RouteDefinition?
        /// The endpoints there, one per method.
        let endpoints: [EndpointDefinition]
        /// The parameters' decoded values by name.
        let parameters: [String: String]
        /// The concrete path in canonical form: the name of the page's graph.
        let path: String
    }

    /// What is declared at one pattern.
    private struct Entry: Sendable {
        var names: [String]
        var page: RouteDefinition?
        var endpoints: [EndpointDefinition] = []
    }

    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        var entry: Int?
    }

    private var nodes = [Node()]
    private var entries: [Entry] = []
    /// Patterns without parameters by path: most requests find their page here without splitting the path.
    private var exact: [String: Int] = [:]
    /// Every declared page, in declaration order.
    private(set) var pages: [RouteDefinition] = []

    /// Paths the server answers itself.
    static let reservedPrefixes = ["/liveui/", "/public/"]
    static let reservedPaths = ["/healthz", "/metrics", "/liveui", "/public"]

    /// The table of `pages` and `endpoints`; throws naming the first pattern that cannot be served: one
    /// that does not parse, collides with a path the server reserves, or is declared twice (two pages, or
    /// two endpoints of one method, with the same shape).
    init(pages: [RouteDefinition], endpoints: [EndpointDefinition]) throws(RouteError) {
        for page in pages {
            let entry = try slot(for: try page.pattern)
            guard entries[entry].page == nil else {
                throw RouteError(pattern: page.path, problem: "a page is already declared at this path")
            }
            entries[entry].page = page
            self.pages.append(page)
        }
        for endpoint in endpoints {
            let entry = try slot(for: try endpoint.pattern)
            guard !entries[entry].endpoints.contains(where: { $0.method == endpoint.method }) else {
                throw RouteError(pattern: endpoint.path, problem: "an endpoint for \(endpoint.method) is already declared at this path")
            }
            entries[entry].endpoints.append(endpoint)
        }
    }

    /// The entry for `pattern`'s shape, created if needed.
    private mutating func slot(for pattern: RoutePattern) throws(RouteError) -> Int {
        let text = pattern.text
        if Self.reservedPaths.contains(text) || Self.reservedPrefixes.contains(where: { text.hasPrefix($0) }) {
            throw RouteError(pattern: text, problem: "it collides with a path the server reserves (/liveui/, /public/, /healthz, /metrics)")
        }
        var node = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let literal):
                if let next = nodes[node].literals[literal] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[literal] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .parameter:
                if let next = nodes[node].parameter {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].parameter = nodes.count - 1
                    node = nodes.count - 1
                }
            }
        }
        if let entry = nodes[node].entry {
            guard entries[entry].names == pattern.parameterNames else {
                throw RouteError(pattern: text, problem: "another route matches the same paths with other parameter names")
            }
            return entry
        }
        entries.append(Entry(names: pattern.parameterNames))
        nodes[node].entry = entries.count - 1
        if pattern.parameterNames.isEmpty { exact[text] = entries.count - 1 }
        return entries.count - 1
    }

    /// The declarations `raw` (a path as sent, percent-encoded) matches, or nil; 400 if it does not decode.
    func match(raw: String) throws(ServerError) -> Match? {
        // A plain path that names a pattern without parameters: found without decoding anything.
        if let entry = exact[raw], RoutePath.isCanonical(raw) { return match(entry, values: [], path: raw) }
        let path = try RoutePath(raw: raw)
        return match(path)
    }

    /// The declarations `path` matches, or nil.
    func match(_ path: RoutePath) -> Match? {
        var values: [String] = []
        guard let entry = find(path.segments[...], from: 0, values: &values) else { return nil }
        return match(entry, values: values, path: path.canonical)
    }

    private func match(_ entry: Int, values: [String], path: String) -> Match {
        let e = entries[entry]
        return Match(
            page: e.page, endpoints: e.endpoints,
            parameters: Dictionary(zip(e.names, values), uniquingKeysWith: { first, _ in first }), path: path)
    }

    /// Depth-first, literal before parameter: the first entry reached.
    private func find(_ segments: ArraySlice<String>, from node: Int, values: inout [String]) -> Int? {
        guard let segment = segments.first else { return nodes[node].entry }
        if let next = nodes[node].literals[segment], let found = find(segments.dropFirst(), from: next, values: &values) {
            return found
        }
        // A parameter's value is never empty: `/items/` is not `/items/:id`.
        if let next = nodes[node].parameter, !segment.isEmpty {
            values.append(segment)
            if let found = find(segments.dropFirst(), from: next, values: &values) { return found }
            values.removeLast()
        }
        return nil
    }
}

/// What an ``Endpoint`` answers: a status, header fields and a body.
///
/// ```swift
/// .redirect("/", cookies: [Cookie(name: "user", value: "ada")])
/// .json(#"{"ok":true}"#)
/// Response(status: 204)
/// ```
/// Header names must be HTTP tokens and values must not hold line breaks, and cookies must be valid: a
/// response that breaks these is not sent (the client gets 500 and the log says why).
public struct Response: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header fields, in order (`Content-Type` included).
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// Cookies to set, one `Set-Cookie` field each.
    public var cookies: [Cookie]

    /// A response (by default an empty `200`).
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [], cookies: [Cookie] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cookies = cookies
    }

    /// `text` as `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// `json` (a JSON document, sent as it is) as `application/json`.
    public static func json(_ json: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "application/json")], body: Array(json.utf8))
    }

    /// `html` as `text/html; charset=utf-8`.
    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
    }

    /// A redirect to `location` (`303 See Other` by default: the browser follows with a `GET`, the way a
    /// form's answer should), setting `cookies`.
    public static func redirect(_ location: String, status: Int = 303, cookies: [Cookie] = []) -> Response {
        Response(status: status, headers: [("Location", location)], cookies: cookies)
    }
}

/// A cookie an ``Endpoint`` sets (or clears, with ``expired(_:path:)``).
///
/// Secure defaults: `HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure` when the server is configured
/// behind HTTPS.
public struct Cookie: Sendable, Equatable {
    /// When the browser sends the cookie with requests from other sites.
    public enum SameSite: String, Sendable {
        /// Only with requests from this site.
        case strict = "Strict"
        /// With this site's requests and top-level navigations from others (the browsers' default).
        case lax = "Lax"
        /// With every request (browsers then require `Secure`).
        case none = "None"
    }

    /// The name: an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``).
    public var name: String
    /// The value: printable ASCII without space, `"`, `,`, `;` or `\`.
    public var value: String
    /// The paths the cookie is sent for.
    public var path: String
    /// Seconds until it expires (nil: when the browser closes; 0: at once).
    public var maxAge: Int?
    /// Whether scripts in the page cannot read it.
    public var httpOnly: Bool
    /// The cross-site policy.
    public var sameSite: SameSite
    /// Whether it is sent over HTTPS only; nil follows the server's `behindHTTPS`.
    public var secure: Bool?

    /// A cookie with secure defaults.
    public init(
        name: String, value: String, path: String = "/", maxAge: Int? = nil, httpOnly: Bool = true,
        sameSite: SameSite = .lax, secure: Bool? = nil
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.secure = secure
    }

    /// A cookie that clears `name` (sign-out).
    public static func expired(_ name: String, path: String = "/") -> Cookie {
        Cookie(name: name, value: "", path: path, maxAge: 0)
    }

    /// The `Set-Cookie` value, or nil when the name, value or path cannot be sent as they are.
    func headerValue(behindHTTPS: Bool) -> String? {
        guard HeaderCheck.isValidName(name),
            value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x2C && $0 != 0x3B && $0 != 0x5C }),
            path.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x3B })
        else { return nil }
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(max(0, maxAge))") }
        if httpOnly { parts.append("HttpOnly") }
        parts.append("SameSite=\(sameSite.rawValue)")
        if secure ?? behindHTTPS || sameSite == .none { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}

import LiveUI

/// A plain HTTP answer declared beside the pages: a sign-in form's `POST`, a small JSON API, a health
/// probe of the app's own. It runs without a session or a view graph.
///
/// ```swift
/// Endpoint("/login", method: .post) { request in
///     guard request.form["password"] == "secret", let name = request.form["name"] else {
///         return .redirect("/login?failed=1")
///     }
///     return .redirect("/", cookies: [Cookie(name: "user", value: name)])
/// }
/// Endpoint("/api/ping") { _ in .json(#"{"ok":true}"#) }
/// ```
/// The request carries the route's parameters, the query, headers, cookies, and the body: raw bytes
/// (`request.body`) and, for `application/x-www-form-urlencoded`, its fields (`request.form`). Bodies
/// are capped at `maxBodyBytes`; a state-changing request (anything but `GET`/`HEAD`) whose `Origin`
/// names another site is refused with 403 before the handler runs. A handler that throws answers 500
/// and the error is logged, never sent.
public struct Endpoint: Sendable {
    /// The HTTP methods an endpoint can answer.
    public enum Method: String, Sendable, CaseIterable {
        /// `GET` (also answers `HEAD`, without the body).
        case get = "GET"
        /// `POST`.
        case post = "POST"
        /// `PUT`.
        case put = "PUT"
        /// `PATCH`.
        case patch = "PATCH"
        /// `DELETE`.
        case delete = "DELETE"
    }

    let definition: EndpointDefinition

    /// An endpoint answering `method` at `path` (a pattern, as a ``Route``'s: `/api/items/:id`).
    public init(
        _ path: String, method: Method = .get, handler: @escaping @Sendable (Request) async throws -> Response
    ) {
        definition = EndpointDefinition(
            path: path, method: method, parsed: Result { () throws(RouteError) in try RoutePattern(path) }, handler: handler)
    }
}

/// An endpoint as the route table keeps it.
struct EndpointDefinition: Sendable {
    let path: String
    let method: Endpoint.Method
    let parsed: Result<RoutePattern, RouteError>
    let handler: @Sendable (Request) async throws -> Response

    /// The parsed pattern.
    var pattern: RoutePattern {
        get throws(RouteError) { try parsed.get() }
    }
}

import LiveUI

/// What the server's `authorize` hook decides for a request that opens a page or a session.
///
/// ```swift
/// LiveServer(configuration: .load(), authorize: { request in
///     if request.path == "/login" { return .allow }
///     guard let user = users.signedIn(request.cookies["user"]) else { return .redirect("/login") }
///     return .allow(as: user.name) { $0.user = user }
/// }) { … }
/// ```
/// The hook runs for `GET` of a page (a first visit and every reload), for `POST /liveui/session`, and
/// for an event that opens a page the session had not opened. It does not run for the events of an open
/// page: a page allowed once stays allowed while it lives.
public struct Authorization: Sendable {
    enum Decision: Sendable {
        case allow(identity: String?, environment: (@Sendable (inout EnvironmentValues) -> Void)?)
        case deny
        case redirect(String)
    }

    let decision: Decision

    /// Serves the page, with nothing added to its environment.
    public static let allow = Authorization(decision: .allow(identity: nil, environment: nil))

    /// Serves the page to `identity` (e.g. the signed-in user's id) and writes `environment` into its root
    /// environment, where its views read it with `@Environment`.
    ///
    /// A page lives as long as its session and keeps the environment it was opened with; when a later
    /// request for it is allowed as another identity (someone signed in or out), the old page is closed and
    /// a new one opened for the new identity.
    public static func allow(
        as identity: String? = nil, environment: @escaping @Sendable (inout EnvironmentValues) -> Void = { _ in }
    ) -> Authorization {
        Authorization(decision: .allow(identity: identity, environment: environment))
    }

    /// Refuses: `403` (an HTML page for a page request, the JSON error `forbidden` for the API).
    public static let deny = Authorization(decision: .deny)

    /// Sends the browser to `location` (e.g. a sign-in page) with `303 See Other`; API requests get `403`
    /// with the location in a `Location` field.
    public static func redirect(_ location: String) -> Authorization { Authorization(decision: .redirect(location)) }
}

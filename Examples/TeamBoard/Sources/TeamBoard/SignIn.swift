import Foundation
import LiveUI
import LiveUIServer

/// Who is signed in, as the `authorize` hook hands it to the pages: `@Environment(\.user)`.
private struct UserKey: EnvironmentKey {
    static let defaultValue = ""
}

extension EnvironmentValues {
    /// The signed-in user's name; empty when nobody is.
    var user: String {
        get { self[UserKey.self] }
        set { self[UserKey.self] = newValue }
    }
}

/// Signing in with a name: a plain form posted to `/login` sets the `user` cookie; every page asks the
/// `authorize` hook, which sends anyone without it to `/login`.
///
/// A real app checks a password or a single sign-on provider here and signs the cookie (an HMAC of the
/// name with a server secret); the example keeps to the flow.
enum SignIn {
    static let cookie = "teamboard_user"

    /// Pages need a signed-in user; the name reaches views as `\.user`.
    @Sendable static func authorize(_ request: Request) -> Authorization {
        guard let name = request.cookies[cookie].flatMap(validName) else { return .redirect("/login") }
        return .allow(as: name) { $0.user = name }
    }

    /// `POST /login`: a name of 1 to 32 letters, digits, spaces, `-` or `_` signs in.
    @Sendable static func signIn(_ request: Request) -> Response {
        guard let name = request.form["name"].flatMap(validName) else { return .redirect("/login?failed=1") }
        return .redirect("/", cookies: [Cookie(name: cookie, value: name, maxAge: 30 * 24 * 3600)])
    }

    /// `POST /logout`: forgets the user.
    @Sendable static func signOut() -> Response {
        .redirect("/login", cookies: [.expired(cookie)])
    }

    /// A name as typed, trimmed, if it is acceptable.
    static func validName(_ text: String) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " -_"))
        guard (1...32).contains(name.count), name.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        return name
    }

    /// `GET /login`: the sign-in form (plain HTML: it works before any session exists).
    static func form(failed: Bool) -> Response {
        page(
            title: "Sign in",
            body: """
                <h1>Sign in to the team board</h1>
                \(failed ? "<p role=\"alert\">Use 1 to 32 letters, digits, spaces, - or _.</p>" : "")
                <form method="post" action="/login">
                <label>Your name <input name="name" autocomplete="username" required maxlength="32"></label>
                <button type="submit">Sign in</button>
                </form>
                """)
    }

    /// `GET /logout`: a confirmation, so that signing out is a `POST`.
    static func signOutForm() -> Response {
        page(
            title: "Sign out",
            body: """
                <h1>Sign out?</h1>
                <form method="post" action="/logout"><button type="submit">Sign out</button></form>
                <p><a href="/">Back to the board</a></p>
                """)
    }

    private static func page(title: String, body: String) -> Response {
        .html(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title><link rel="stylesheet" href="/public/liveui.css"></head>
            <body><main class="lui-root">\(body)</main></body></html>
            """)
    }
}

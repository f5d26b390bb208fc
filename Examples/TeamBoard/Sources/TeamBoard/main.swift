import LiveUIServer

// TeamBoard: a small team board on LiveUI. Everyone signed in sees the same board (one `SharedModel` for
// all sessions, changes pushed live); each browser session keeps the cards it looked at (one
// `SharedModel` per session, shared by its pages); a sign-in form sets a cookie that the `authorize`
// hook reads.
let board = SharedModel(Board())

LiveServer.launch(
    head: [.title("Team board"), .meta(name: "description", content: "A LiveUI example app")],
    authorize: SignIn.authorize,
    sharedObjects: [board],
    sessionObjects: { [SharedModel(RecentCards())] }
) {
    Route("/") { BoardPage() }
    Route("/cards/:id") { request in CardPage(id: Int(request.parameters["id"] ?? "")) }
    Endpoint("/login") { request in SignIn.form(failed: request.query["failed"] != nil) }
    Endpoint("/login", method: .post) { request in SignIn.signIn(request) }
    Endpoint("/logout") { _ in SignIn.signOutForm() }
    Endpoint("/logout", method: .post) { _ in SignIn.signOut() }
    Endpoint("/api/cards") { _ in .json(board.value.json) }
    NotFound { request in NotFoundPage(path: request.path) }
}

import LiveUI

/// A page's level-one heading, as a view of its own: its only input is its title, so when the page's
/// body runs again (every click of `/counter/minimal`, which `make bench` measures) the heading compares
/// equal and is not evaluated again.
struct PageHeading: View {
    let title: String

    var body: some View {
        Text(title).font(.title).accessibilityHeading(.h1)
    }
}

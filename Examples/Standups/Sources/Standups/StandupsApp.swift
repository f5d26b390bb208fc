import LiveUIServer

/// The app: one store of stand-ups per browser session, its list served at `/`.
@main
struct StandupsApp: App {
    @StateObject private var store = StandupStore()

    var body: some Scene {
        WindowGroup {
            StandupsView(standups: $store.standups)
        }
    }
}

import LiveUIDemoPages
import LiveUIServer

// liveui-demo: the gallery users run first. Configuration comes from config/liveui.json,
// LIVEUI_* environment variables and flags (`--port 9000 --config path`), in rising precedence.
AssetCatalog.current = AssetCatalog(colors: ShapesPage.palette)
LiveServer.launch {
    Route("/") { Gallery() }
    Route("/counter") { CounterPage() }
    Route("/counter/minimal") { MinimalCounter() }
    Route("/todos") { TodosPage() }
    Route("/rows") { RowsPage() }
    Route("/plain") { PlainListPage() }
    Route("/scroll") { ScrollPage() }
    Route("/identity") { IdentityLab() }
    Route("/observer") { ObserverPage() }
    Route("/clock") { ClockPage() }
    Route("/navigation") { NavigationPage() }
    Route("/presentations") { PresentationsPage() }
    Route("/shapes") { ShapesPage() }
    Route("/controls") { ControlsPage() }
    Route("/lazy") { LazyListPage() }
    Route("/grid") { GridPage() }
    Route("/editing") { EditingPage() }
    Route("/appearance") { AppearancePage() }
    Route("/app", app: SceneApp())
}

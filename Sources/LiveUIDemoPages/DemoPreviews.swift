import LiveUI

// Previews of the demo's pages, listed at /liveui/previews in development mode (found without registration).

struct ScenePhasePage_Previews: PreviewProvider {
    static var previews: some View {
        ScenePhasePage().environmentObject(SceneJournal())
            .previewDisplayName("Scene phase")
    }
}

struct MinimalCounter_Previews: PreviewProvider {
    static var previews: some View {
        MinimalCounter()
    }
}

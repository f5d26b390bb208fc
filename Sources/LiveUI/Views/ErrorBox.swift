/// The visible box shown where a view cannot be evaluated (a missing environment object).
nonisolated struct ErrorBox: ElementView {
    let message: String

    func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-error"], content: .text(message))
        spec.set("role", "alert")
        return .element(spec)
    }
}

import Foundation
import Testing

@testable import LiveUI

private struct SheetContent: View {
    let log: LogRecorder
    @State private var edits = 0
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("Sheet edits \(edits)")
            Button("Edit") { edits += 1 }.accessibilityIdentifier("edit")
            Button("Done") { dismiss() }.accessibilityIdentifier("done")
        }
        .onDisappear { log.append("sheet gone") }
    }
}

private struct Item: Identifiable {
    let id: Int
}

private struct Presenter: View {
    let log: LogRecorder
    @State private var showsSheet = false
    @State private var showsAlert = false
    @State private var showsDialog = false
    @State private var item: Item?
    @State private var deleted = 0
    var body: some View {
        VStack {
            Text("Deleted \(deleted) sheet \(showsSheet) alert \(showsAlert)")
            Button("Open") { showsSheet = true }.accessibilityIdentifier("open")
            Button("Alert") { showsAlert = true }.accessibilityIdentifier("alert")
            Button("Ask") { showsDialog = true }.accessibilityIdentifier("ask")
            Button("Item 7") { item = Item(id: 7) }.accessibilityIdentifier("item7")
            Button("Item 8") { item = Item(id: 8) }.accessibilityIdentifier("item8")
        }
        .sheet(isPresented: $showsSheet, onDismiss: { log.append("onDismiss") }) { SheetContent(log: log) }
        .alert("Delete?", isPresented: $showsAlert) {
            Button("Delete", role: .destructive) { deleted += 1 }.accessibilityIdentifier("delete")
            Button("Cancel", role: .cancel) {}.accessibilityIdentifier("cancel")
        } message: {
            Text("This cannot be undone.")
        }
        .confirmationDialog("Choose", isPresented: $showsDialog, titleVisibility: .visible) {
            Button("First") { log.append("first") }.accessibilityIdentifier("first")
        }
        .sheet(item: $item, onDismiss: { log.append("item dismissed") }) { item in
            Text("Item sheet \(item.id)")
        }
    }
}

/// The `data-lid` of the first dialog of `kind`.
private func dialogLid(_ html: String, _ kind: String) -> String? {
    lid(in: html, of: "data-lui-dialog=\"\(kind)\"")
}

@Suite("Presentations")
struct PresentationTests {
    @Test("a sheet shows while its binding is true; its dismiss event closes it and runs onDismiss once")
    func sheetDismissEvent() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Presenter(log: log) }
        var html = await session.html()
        #expect(!html.contains("<dialog"))
        _ = try await session.send(.click("open"))
        html = await session.html()
        #expect(html.contains("Sheet edits 0"))
        #expect(html.contains(#"aria-modal="true""#))
        #expect(html.contains(#"aria-label="Sheet""#))
        let sheet = try #require(dialogLid(html, "sheet"))
        _ = try await session.send(.click("edit"))
        _ = try await session.send(ClientEvent(target: sheet, type: "dismiss"))
        html = await session.html()
        #expect(!html.contains("Sheet edits"))
        #expect(html.contains("sheet false"))
        #expect(log.all.filter { $0 == "onDismiss" }.count == 1)
        #expect(log.all.contains("sheet gone"))
        // The dialog is gone: dismissing it again is refused and changes nothing.
        await #expect(throws: LiveError.self) { _ = try await session.send(ClientEvent(target: sheet, type: "dismiss")) }
        #expect(await session.html() == html)
        // Shown again, it starts afresh.
        _ = try await session.send(.click("open"))
        #expect(await session.html().contains("Sheet edits 0"))
    }

    @Test("dismiss inside a sheet closes it")
    func dismissInside() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Presenter(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("open"))
        _ = try await session.send(.click("done"))
        let html = await session.html()
        #expect(!html.contains("<dialog"))
        #expect(html.contains("sheet false"))
        #expect(log.all.contains("onDismiss"))
    }

    @Test("an alert's button runs its action and closes the alert; the alert is labelled and described")
    func alertButton() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Presenter(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("alert"))
        var html = await session.html()
        let alert = try #require(dialogLid(html, "alert"))
        #expect(html.contains(#"role="alertdialog""#))
        #expect(html.contains(#"aria-labelledby="lui-\#(alert)-title""#))
        #expect(html.contains(#"id="lui-\#(alert)-title" class="lui-dialog-title">Delete?</h2>"#))
        #expect(html.contains(#"aria-describedby="lui-\#(alert)-message""#))
        #expect(html.contains(#"class="lui-button lui-button-destructive""#))
        #expect(html.contains(#"data-role="cancel""#))
        _ = try await session.send(.click("delete"))
        html = await session.html()
        #expect(html.contains("Deleted 1 sheet false alert false"))
        #expect(!html.contains("<dialog"))
        _ = try await session.send(.click("alert"))
        _ = try await session.send(.click("cancel"))
        #expect(await session.html().contains("Deleted 1 sheet false alert false"))
    }

    @Test("a confirmation dialog shows its title when asked, and closes after a choice")
    func confirmationDialog() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Presenter(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("ask"))
        let html = await session.html()
        #expect(html.contains(">Choose</h2>"))
        _ = try await session.send(.click("first"))
        #expect(!(await session.html()).contains("<dialog"))
        #expect(log.all.contains("first"))
    }

    @Test("sheet(item:) shows the item; another item is another sheet; nil closes it")
    func sheetItem() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Presenter(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("item7"))
        var html = await session.html()
        #expect(html.contains("Item sheet 7"))
        let first = try #require(dialogLid(html, "sheet"))
        _ = try await session.send(.click("item8"))
        html = await session.html()
        #expect(html.contains("Item sheet 8"))
        #expect(dialogLid(html, "sheet") != first)
        #expect(log.all.filter { $0 == "item dismissed" }.count == 1)
        _ = try await session.send(ClientEvent(target: try #require(dialogLid(html, "sheet")), type: "dismiss"))
        #expect(!(await session.html()).contains("<dialog"))
        #expect(log.all.filter { $0 == "item dismissed" }.count == 2)
    }
}

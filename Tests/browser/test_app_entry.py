"""Issue 49 §6–7: an `App` served as a page reports the tab's visibility as `\\.scenePhase` (the app's
`onChange(of: scenePhase)` records each change), and the development previews page lists the program's
`PreviewProvider`s and runs their previews live."""
from liveui_browser import wait_until

# Hidden and shown as the browser does when the user switches tabs: the document's visibilityState changes,
# then `visibilitychange` fires on it.
SET_VISIBILITY = """
Object.defineProperty(document, 'visibilityState', {value: arguments[0], configurable: true});
document.dispatchEvent(new Event('visibilitychange'));
"""


def test_scene_phase_follows_the_tab(page):
    page.open("/app")
    page.wait_text("scene-phase", "Scene phase: active")
    page.wait_text("scene-journal", "Seen: nothing yet")

    page.step("hiding the tab puts the scene in the background")
    page.js(SET_VISIBILITY, "hidden")
    page.wait_text("scene-phase", "Scene phase: background")
    page.wait_text("scene-journal", "Seen: background")

    page.step("showing it again makes it active, and the app's onChange saw both")
    page.js(SET_VISIBILITY, "visible")
    page.wait_text("scene-phase", "Scene phase: active")
    page.wait_text("scene-journal", "Seen: background, active")
    page.converged()


def test_previews_page_lists_and_runs_previews(page):
    page.open("/liveui/previews")
    page.step("the demo's providers are listed without registration")
    names = page.aids("preview ")
    assert "preview LiveUIDemoPages.MinimalCounter_Previews" in names, names
    assert "preview LiveUIDemoPages.ScenePhasePage_Previews" in names, names

    page.step("a preview is live: its counter counts")
    counter = page.aid("preview LiveUIDemoPages.MinimalCounter_Previews")
    button = counter.find_element("css selector", "button")
    before = counter.text
    page.js("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait_until(lambda: counter.text != before, "the previewed counter to count")
    page.converged()

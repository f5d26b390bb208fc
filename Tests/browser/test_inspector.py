"""Issue 44 §10: the development inspector (/liveui/inspect/<route>) in one tab follows the page used in
another: the clicked view's body-evaluation count and state grow, and its node flashes."""
from liveui_browser import Page, wait_until


def test_inspector_follows_the_other_tab(page, driver, server, report):
    app = page
    app.open("/counter")
    app.handle = driver.current_window_handle
    driver.switch_to.new_window("tab")
    inspector = Page(driver, server, report)
    inspector.step("open the inspector of /counter")
    driver.get(server.base + "/liveui/inspect/counter")
    wait_until(lambda: driver.execute_script(
        "const r = document.getElementById('liveui-root'); return !!(r && r.liveui)"), "the inspector's runtime")
    inspector.handle = driver.current_window_handle

    def root_text() -> str:
        return driver.execute_script("return document.getElementById('liveui-root').textContent")

    wait_until(lambda: "body evaluations: 1" in root_text(), "the inspector's first tree")
    driver.switch_to.window(app.handle)
    app.click("increment")
    app.wait_text("count", "Count: 1")
    driver.switch_to.window(inspector.handle)
    wait_until(lambda: "body evaluations: 2" in root_text(), "the inspector to show the new count", timeout=10)
    assert driver.execute_script("return document.querySelectorAll('#liveui-root .liveui-flash-a, #liveui-root .liveui-flash-b').length") > 0

"""Issue 4 §7: two tabs of one session and route (two windows of one driver share the cookie) show one graph:
after edits in either, both converge on the server's HTML."""
from selenium.webdriver.common.keys import Keys

from liveui_browser import Page


def converge_both(tab_a: Page, tab_b: Page, step: str):
    for name, tab in (("tab A", tab_a), ("tab B", tab_b)):
        tab.driver.switch_to.window(tab.handle)
        tab.step(f"{step} — {name}")
        tab.converged()


def test_two_tabs_converge(page, driver, server, report):
    a = page
    a.open("/todos")
    a.handle = driver.current_window_handle
    driver.switch_to.new_window("tab")
    b = Page(driver, server, report)
    b.open("/todos")
    b.handle = driver.current_window_handle
    assert b.sid == a.sid, "the two tabs do not share the session"

    b.step("edit in tab B: add two items")
    field = b.aid("new-todo")
    field.click()
    field.send_keys("From B one", Keys.ENTER)
    b.wait_text("remaining", "1 of 1 left")
    field.send_keys("From B two", Keys.ENTER)
    b.wait_text("remaining", "2 of 2 left")
    b.settle()
    converge_both(a, b, "after B added two items")

    driver.switch_to.window(a.handle)
    a.step("edit in tab A: toggle the first, move the second up, add one")
    ids = a.ids("row-")
    a.click(f"toggle-{ids[0]}")
    a.click(f"up-{ids[1]}")
    field = a.aid("new-todo")
    field.click()
    field.send_keys("From A", Keys.ENTER)
    a.wait_text("remaining", "2 of 3 left")
    a.settle()
    converge_both(a, b, "after A's edits")
    driver.switch_to.window(b.handle)
    assert b.text("remaining") == "2 of 3 left"
    titles = b.js("""return [...document.querySelectorAll('#liveui-root [data-aid^="toggle-"]')].map(t => t.textContent.trim())""")
    assert titles == ["From B two", "From B one", "From A"], titles

    driver.switch_to.window(a.handle)
    a.js("document.querySelectorAll('#liveui-root [data-aid^=\"row-\"]').forEach(r => r.__mark = 1)")
    driver.switch_to.window(b.handle)
    b.step("edit in tab B again: delete a row")
    b.click(f"delete-{ids[0]}")
    b.wait_text("remaining", "2 of 2 left")
    b.settle()
    converge_both(a, b, "after B deleted one")
    driver.switch_to.window(a.handle)
    assert a.text("remaining") == "2 of 2 left"
    kept = a.js("return [...document.querySelectorAll('#liveui-root [data-aid^=\"row-\"]')].every(r => r.__mark === 1)")
    assert kept, "tab A re-created rows while receiving B's updates"

    a.step("interleaved clicks in both tabs")
    for i in range(3):
        driver.switch_to.window(a.handle)
        a.click(f"toggle-{ids[1]}")
        driver.switch_to.window(b.handle)
        b.click(f"toggle-{ids[1]}")
    for tab in (a, b):
        driver.switch_to.window(tab.handle)
        tab.settle()
    converge_both(a, b, "after interleaved toggles")
    driver.switch_to.window(a.handle)
    html_a = a.browser_state()
    driver.switch_to.window(b.handle)
    html_b = b.browser_state()
    assert html_a[0] == html_b[0], "the tabs applied different versions"

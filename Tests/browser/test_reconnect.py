"""Issue 4 §8: reconnect. The server process is stopped and started again on the same port: the page shows its
"reconnecting" state within 2 s, then recovers into a working page by itself, and an event posted during the
outage is either applied (retried) or reported to the user — never silently lost."""
import re
import time

from liveui_browser import wait_until

RECONNECTING = """return document.documentElement.classList.contains('liveui-reconnecting') &&
    getComputedStyle(document.getElementById('liveui-banner')).display !== 'none'"""


def count(page) -> int:
    m = re.fullmatch(r"Count: (-?\d+)", page.text("count") or "")
    assert m, f"unexpected count text {page.text('count')!r}"
    return int(m.group(1))


def test_reconnect_after_server_restart(page, driver, fresh_server):
    page.server = fresh_server  # a server of its own: this test stops it
    page.open("/counter")
    page.step("two clicks before the outage")
    page.click("increment")
    page.click("increment")
    page.wait_text("count", "Count: 2")
    page.converged()
    old_sid = page.sid
    page.js("window.__notReloaded = true")

    page.step("stop the server: the page shows it is reconnecting within 2 s")
    fresh_server.stop()
    t0 = time.monotonic()
    wait_until(lambda: page.js(RECONNECTING), "the reconnecting state", timeout=2.0)
    shown_after = time.monotonic() - t0
    assert not page.js("return document.documentElement.classList.contains('liveui-has-error')")

    page.step("click during the outage: the event waits in the client's queue")
    page.click("increment")
    wait_until(lambda: page.js("return document.getElementById('liveui-root').liveui.transport.queue.length") == 1,
               "the click to be queued", timeout=2.0)
    assert page.text("count") == "Count: 2"

    page.step("start the server again on the same port: the page recovers by itself")
    fresh_server.start()
    wait_until(lambda: page.js("return !document.documentElement.classList.contains('liveui-reconnecting')") and
               page.js("const r = document.getElementById('liveui-root'); return !!(r && r.liveui)"),
               "the page to leave the reconnecting state", timeout=15.0, on_timeout=page.dump)
    # The restarted server has no memory of the old session: the page must now run a fresh one (the client
    # reloads itself) — or, had the session survived, the same one with the queued click applied once.
    wait_until(lambda: page.js("return document.readyState") == "complete", "the page to load")
    fresh = page.sid != old_sid
    print(f"reconnect: reconnecting shown after {shown_after:.2f}s; recovered into a "
          f"{'fresh session (the client reloaded itself)' if fresh else 'resumed session'}")
    if fresh:
        page.step("fresh session after the restart: the queued click is reported as not applied")
        wait_until(lambda: page.js("return document.documentElement.classList.contains('liveui-has-error')"),
                   "an error telling the user their click was not applied", timeout=5.0, on_timeout=page.dump)
        message = page.js("return document.getElementById('liveui-error').textContent")
        assert "not applied" in message, f"error shown: {message!r}"
        assert count(page) == 0, "a fresh session starts at 0"
    else:
        page.step("resumed session: the queued click was retried and applied once")
        page.wait_text("count", "Count: 3")
        assert page.js("return window.__notReloaded === true")
    page.converged()

    page.step("the recovered page works")
    before = count(page)
    page.click("increment")
    page.wait_text("count", f"Count: {before + 1}")
    page.converged()
    assert shown_after <= 2.0
    severe = [entry for entry in driver.get_log("browser")
              if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
              and "net::ERR_CONNECTION_REFUSED" not in entry["message"]]
    assert not severe, f"errors in the browser console: {severe}"

"""Issue 48 §4: the `/lazy` page, 100,000 rows in a LazyVStack. Scrolling asks the server for the rows near
the viewport; after every step the DOM equals the server's HTML, and the rows on screen are rows, not spacers.
A row's tap count survives scrolling it away and back; ScrollViewReader's scrollTo reaches a row never sent."""

ROWS = 100_000


def window(page) -> tuple[int, int]:
    text = page.js("return document.querySelector('#liveui-root [data-aid=\"lazy\"]').getAttribute('data-window')")
    start, end = text.split("-")
    return int(start), int(end)


def scroll_to(page, fraction: float | None) -> None:
    """Sets the scroller's scrollTop to `fraction` of its range (None: the very end), then lets the client ask
    for the rows there and waits until the page converged and stays so."""
    page.js("""
        const s = document.querySelector('#liveui-root [data-aid="scroller"]');
        const f = arguments[0];
        s.scrollTop = f === null ? s.scrollHeight : Math.round((s.scrollHeight - s.clientHeight) * f);""", fraction)
    # The answer may change the measured row size and so the spacers: settle until the window stays.
    last = None
    for _ in range(6):
        page.settle()
        now = window(page)
        if now == last:
            break
        last = now


def visible_row_indices(page) -> list[int]:
    """The indices of the rows whose elements are inside the scroller's visible box."""
    return page.js("""
        const s = document.querySelector('#liveui-root [data-aid="scroller"]');
        const box = s.getBoundingClientRect();
        return [...s.querySelectorAll('[data-aid^="tap-"]')]
          .filter(e => { const r = e.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; })
          .map(e => Number(e.getAttribute('data-aid').slice(4)));""")


def viewport_is_rows(page) -> bool:
    """Whether the middle of the scroller shows a row (not a spacer)."""
    return page.js("""
        const s = document.querySelector('#liveui-root [data-aid="scroller"]');
        const box = s.getBoundingClientRect();
        const e = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
        return !!e && !e.classList.contains('lui-lazy-spacer') && !!e.closest('[data-lazy]');""")


def test_scrolling_to_the_end_of_100000_rows(page):
    page.open("/lazy")
    page.converged()
    start, end = window(page)
    assert start == 0 and 0 < end <= 500
    html_size = len(page.server_state()[1])
    assert html_size < 100_000, f"first page {html_size} bytes"
    for step, fraction in enumerate([0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, None]):
        page.step(f"scroll to {fraction}")
        scroll_to(page, fraction)
        page.converged()
        start, end = window(page)
        assert end - start <= 500
        assert viewport_is_rows(page), f"a spacer in view at {fraction}: window {start}-{end}"
        assert visible_row_indices(page), f"no row in view at {fraction}"
    page.step("the last row is reached")
    for _ in range(5):
        if window(page)[1] == ROWS:
            break
        scroll_to(page, None)
    assert window(page)[1] == ROWS
    assert ROWS - 1 in visible_row_indices(page)
    page.converged()


def test_tap_state_survives_scrolling_away_and_back(page):
    page.open("/lazy")
    page.converged()
    page.step("tap row 3 twice")
    page.click("tap-3")
    page.wait_text("tap-3", "Taps 1")
    page.click("tap-3")
    page.wait_text("tap-3", "Taps 2")
    page.step("scroll far away: row 3 leaves the DOM")
    scroll_to(page, 0.5)
    assert page.text("tap-3") is None
    page.converged()
    page.step("scroll back: row 3 keeps its count")
    scroll_to(page, 0)
    page.wait_text("tap-3", "Taps 2")
    assert page.text("tap-4").strip() == "Taps 0"
    page.converged()


def test_scroll_to_a_row_never_sent(page):
    page.open("/lazy")
    page.converged()
    assert page.text("tap-50000") is None
    page.step("jump to row 50,000")
    page.click("jump")
    page.settle()
    page.wait_text("tap-50000", "Taps 0")
    from liveui_browser import wait_until
    wait_until(lambda: 50_000 in visible_row_indices(page), "row 50,000 in view", on_timeout=page.dump)
    scroll_settled = window(page)
    assert scroll_settled[0] <= 50_000 < scroll_settled[1]
    page.converged()
    page.step("back to the top")
    page.click("top")
    wait_until(lambda: 0 in visible_row_indices(page), "row 0 in view", on_timeout=page.dump)
    page.settle()
    page.converged()

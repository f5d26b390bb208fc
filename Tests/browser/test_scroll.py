"""Issue 4 §4: the @ViewStorage page. Scroll offsets go into @ViewStorage, so 100 positions below the 300 px
threshold re-render nothing; crossing it hides the navigation bar, scrolling back shows it."""
import re

# Scrolls the scroller to each offset in turn, one animation frame apart, waiting after each until the client has
# posted that offset and its answer is in (so every position really reaches the server, none coalesced away).
SCROLL_THROUGH = """
const [offsets, done] = [arguments[0], arguments[arguments.length - 1]];
const root = document.getElementById('liveui-root');
const scroller = root.querySelector('[data-aid="scroller"]');
const transport = root.liveui.transport;
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
(async () => {
  const seen = [];
  for (const y of offsets) {
    scroller.scrollTop = y;
    seen.push(Math.round(scroller.scrollTop));
    const deadline = performance.now() + 3000;
    await frame();
    await frame();
    while ((transport.queue.length > 0 || transport.inFlight) && performance.now() < deadline) await frame();
  }
  done(seen);
})().catch(e => done('error: ' + e));
"""


def evaluations(page) -> int:
    text = page.text("evaluations")
    m = re.search(r"(\d+)\s*$", text or "")
    assert m, f"no count in {text!r}"
    return int(m.group(1))


def navbar_hidden(page) -> bool:
    return page.js("""
        const bar = document.querySelector('#liveui-root header.lui-navbar');
        return bar.hasAttribute('hidden') && getComputedStyle(bar).display === 'none'""")


def scroll_posts(page):
    """The scroll events posted, once each (a retry of an event keeps its seq and is not a new position)."""
    seen, out = set(), []
    for p in page.posts():
        if isinstance(p, dict) and p.get("type") == "scroll" and p.get("seq") not in seen:
            seen.add(p.get("seq"))
            out.append(p)
    return out


def test_viewstorage_scrolling(page):
    page.open("/scroll")
    assert not navbar_hidden(page)
    before = evaluations(page)
    assert before >= 1
    scroll_evaluations = page.text("scroll-evaluations")

    page.step("scroll through 100 positions below 300 px")
    page.count_posts()
    offsets = [3 * k + 2 for k in range(100)]  # 2 … 299
    seen = page.driver.execute_async_script(SCROLL_THROUGH, offsets)
    assert seen == offsets, f"the scroller did not take the offsets: {seen}"
    version = page.settle()
    posted = [p["value"] for p in scroll_posts(page)]
    wanted = [f"0,{y}" for y in offsets]
    assert posted == wanted, (f"not every position reached the server once, in order: {len(posted)} posted; "
                              f"missing {[v for v in wanted if v not in posted]}, extra {[v for v in posted if v not in wanted]}, "
                              f"all: {posted}")
    assert evaluations(page) == before, "scrolling below the threshold re-evaluated the view's body"
    assert page.text("scroll-evaluations") == scroll_evaluations
    assert not navbar_hidden(page)

    page.step("cross 300 px: the bar hides")
    page.count_posts()
    page.driver.execute_async_script(SCROLL_THROUGH, [301, 350, 420])
    page.settle()
    assert navbar_hidden(page), "the navigation bar is still shown past 300 px"
    after_hide = evaluations(page)
    assert after_hide > before, "hiding the bar did not evaluate the body"
    assert page.server_state()[0] > version

    page.step("scroll further down: nothing re-renders")
    page.driver.execute_async_script(SCROLL_THROUGH, list(range(430, 900, 47)))
    page.settle()
    assert evaluations(page) == after_hide
    assert navbar_hidden(page)

    page.step("scroll back above 300 px: the bar shows again")
    page.driver.execute_async_script(SCROLL_THROUGH, [250, 100, 0])
    page.settle()
    assert not navbar_hidden(page), "the navigation bar stays hidden after scrolling back"
    assert evaluations(page) > after_hide

"""Issue 4 §6: server push. The clock's `.task` changes state twice a second; the patches reach the page over the
stream with no request from it."""
import re
import time


# The tick count, the time shown and the applied version, read at one instant.
READ = """
const root = document.getElementById('liveui-root');
const text = (aid) => root.querySelector(`[data-aid="${aid}"]`).textContent;
return [text('ticks'), text('time'), Number(root.getAttribute('data-liveui-version'))];
"""


def read(page):
    ticks_text, clock, version = page.js(READ)
    m = re.search(r"(\d+)", ticks_text)
    assert m, f"no tick count in {ticks_text!r}"
    return int(m.group(1)), clock, version



def test_clock_ticks_without_input(page):
    page.open("/clock")
    page.count_posts()
    page.step("watch the clock, no input, until it has ticked 3 times and shown 3 different times, within 4 s")
    first_ticks, first_time, _ = read(page)
    seen_ticks, seen_times, versions = [first_ticks], [first_time], []
    start = time.monotonic()
    # Twice a second the task ticks: 3 ticks and 2 changes of the seconds shown take about 2 s.
    while time.monotonic() - start < 4.0 and (len(seen_ticks) - 1 < 3 or len(seen_times) < 3):
        t, clock, version = read(page)
        if t != seen_ticks[-1]:
            seen_ticks.append(t)
            versions.append(version)
        if clock != seen_times[-1]:
            seen_times.append(clock)
        time.sleep(0.05)
    assert len(seen_ticks) - 1 >= 3, f"only {len(seen_ticks) - 1} ticks in 4 s: {seen_ticks}"
    assert seen_ticks == sorted(seen_ticks), f"ticks went backwards: {seen_ticks}"
    assert len(seen_times) >= 3, f"the time shown changed only {len(seen_times) - 1} times: {seen_times}"
    assert all(re.fullmatch(r"\d\d:\d\d:\d\d UTC", t) for t in seen_times), seen_times
    assert versions == sorted(versions) and len(set(versions)) == len(versions), f"versions {versions}"
    assert page.posts() == [], f"the page sent events although nobody touched it: {page.posts()}"

    page.step("after pushes the page equals the server's HTML")
    page.converged()

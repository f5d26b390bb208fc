"""Issue 4 §6: server push. The clock's `.task` changes state twice a second; the patches reach the page over the
stream with no request from it."""
import re
import time


def ticks(page) -> int:
    m = re.search(r"(\d+)", page.text("ticks") or "")
    assert m, f"no tick count in {page.text('ticks')!r}"
    return int(m.group(1))


def test_clock_ticks_without_input(page):
    page.open("/clock")
    page.count_posts()
    page.step("watch the clock for 4 seconds, no input")
    seen_ticks, seen_times, versions = [ticks(page)], [page.text("time")], []
    start = time.monotonic()
    while time.monotonic() - start < 4.0:
        t, clock = ticks(page), page.text("time")
        if t != seen_ticks[-1]:
            seen_ticks.append(t)
            versions.append(page.browser_state()[0])
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

"""Issue 4 §2: the counter and the todo list — 50 items added, toggled, deleted, reordered, filtered; rows keep
their DOM element across reorders (and across a filter that keeps them visible)."""
import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from liveui_browser import wait_until

MARK_ROWS = """
document.querySelectorAll('#liveui-root [data-aid^="row-"]').forEach(el => { el.__mark = el.getAttribute('data-aid'); });
"""
# Rows whose element is still the one marked (same DOM object), and rows that are new objects.
KEPT_ROWS = """
const rows = [...document.querySelectorAll('#liveui-root [data-aid^="row-"]')];
return {kept: rows.filter(el => el.__mark === el.getAttribute('data-aid')).map(el => el.getAttribute('data-aid')),
        fresh: rows.filter(el => el.__mark !== el.getAttribute('data-aid')).map(el => el.getAttribute('data-aid'))};
"""


def row_titles(page):
    return page.js("""return [...document.querySelectorAll('#liveui-root [data-aid^="row-"]')]
        .map(r => r.querySelector('[data-aid^="toggle-"]').textContent.trim())""")


def test_counter(page):
    page.open("/counter")
    page.step("counter: 10 clicks on +, each converged")
    for i in range(1, 11):
        page.click("increment")
        page.wait_text("count", f"Count: {i}")
        page.converged()
    page.step("counter: 12 clicks on − (into negatives)")
    for i in range(9, -3, -1):
        page.click("decrement")
        page.wait_text("count", f"Count: {i}")
    page.converged()
    assert page.aid("reset").get_attribute("disabled") is None
    page.step("counter: reset disables Reset")
    page.click("reset")
    page.wait_text("count", "Count: 0")
    page.converged()
    assert page.aid("reset").get_attribute("disabled") is not None


@pytest.mark.slow(15)  # fifty items typed in, each converged
def test_todos_fifty_items(page):
    page.open("/todos")
    field = page.aid("new-todo")
    field.click()

    page.step("add 50 items (type + Enter), converged after each")
    titles = [f"Item {n:02d}" for n in range(1, 51)]
    for n, title in enumerate(titles, start=1):
        field.send_keys(title, Keys.ENTER)
        page.wait_text("remaining", f"{n} of {n} left")
        page.converged()
        assert field.get_property("value") == "", f"field not cleared after submit #{n}"
    assert row_titles(page) == titles
    ids = page.ids("row-")
    assert len(set(ids)) == 50

    page.step("toggle every third item")
    done = set(ids[::3])
    for i in ids[::3]:
        page.click(f"toggle-{i}")
    page.wait_text("remaining", f"{50 - len(done)} of 50 left")
    page.converged()
    for i in ids:
        checked = page.js(
            "return document.querySelector(`#liveui-root [data-aid='toggle-${arguments[0]}'] input`).checked", i)
        assert checked == (i in done), f"row {i}: checked={checked}"

    page.step("delete five items")
    for i in [ids[1], ids[10], ids[25], ids[48], ids[49]]:
        page.click(f"delete-{i}")
    page.wait_text("remaining", lambda t: t.endswith("of 45 left"))
    page.converged()
    ids = page.ids("row-")
    assert len(ids) == 45

    page.step("reorder with ↑/↓: rows keep their DOM element")
    page.js(MARK_ROWS)
    moved = ids[5]
    expected = list(ids)
    for _ in range(3):  # up three times
        page.click(f"up-{moved}")
        k = expected.index(moved)
        expected[k - 1], expected[k] = expected[k], expected[k - 1]
    page.click(f"down-{ids[0]}")
    expected[0], expected[1] = expected[1], expected[0]
    page.click(f"up-{ids[0]}")  # the first row is now second: back up, a no-op order afterwards
    expected[0], expected[1] = expected[1], expected[0]
    last = ids[-1]
    page.click(f"down-{last}")  # the last row cannot go down: nothing changes
    page.settle()
    assert page.ids("row-") == expected
    kept = page.js(KEPT_ROWS)
    assert kept["fresh"] == [], f"rows re-created by a reorder: {kept['fresh']}"
    assert len(kept["kept"]) == 45

    page.step("filter: Active, Done, All (the Picker)")
    select = Select(page.aid("filter"))
    page.js(MARK_ROWS)
    active = [i for i in expected if i not in done]
    select.select_by_value(next(o.get_attribute("value") for o in select.options if o.text == "Active"))
    page.settle()
    assert page.ids("row-") == active
    assert page.js(KEPT_ROWS)["fresh"] == [], "rows that stayed visible were re-created by the filter"

    select = Select(page.aid("filter"))
    select.select_by_value(next(o.get_attribute("value") for o in select.options if o.text == "Done"))
    page.settle()
    assert page.ids("row-") == [i for i in expected if i in done]

    select = Select(page.aid("filter"))
    select.select_by_value(next(o.get_attribute("value") for o in select.options if o.text == "All"))
    page.settle()
    assert page.ids("row-") == expected
    assert Select(page.aid("filter")).first_selected_option.text == "All"

    page.step("reorder under a filter keeps elements, and the Active filter hides a toggled row")
    select = Select(page.aid("filter"))
    select.select_by_value(next(o.get_attribute("value") for o in select.options if o.text == "Active"))
    page.settle()
    page.js(MARK_ROWS)
    first, second = page.ids("row-")[:2]
    page.click(f"down-{first}")
    page.settle()
    assert page.js(KEPT_ROWS)["fresh"] == []
    page.click(f"toggle-{second}")
    page.settle()
    assert second not in page.ids("row-")
    assert page.js(KEPT_ROWS)["fresh"] == []


def test_minimal_counter(page):
    """/counter/minimal, the counter `make bench` clicks in-process and over HTTP (one text without an
    identifier, one button): every click patches the text and the DOM converges to the server's HTML."""
    page.open("/counter/minimal")
    root_text = "return document.querySelector('#liveui-root').textContent"
    assert "Count: 0" in page.js(root_text)
    page.step("minimal counter: 5 clicks, each converged")
    for i in range(1, 6):
        page.click("increment")
        wait_until(lambda: f"Count: {i}" in page.js(root_text), f"the text to read Count: {i}", on_timeout=page.dump)
        page.converged()

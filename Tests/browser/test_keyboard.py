"""Issue 4 §9: keyboard and semantics. Every interactive element of the counter and todo pages is reachable by Tab
and operable from the keyboard; buttons are <button>; the TextField and the Picker have accessible labels."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

# Every element in the root that a user can act on: native controls, links, and anything listening for clicks.
INTERACTIVE = """
return [...document.querySelectorAll('#liveui-root button, #liveui-root input, #liveui-root select, '
  + '#liveui-root textarea, #liveui-root a[href], #liveui-root [data-on~="click"]')]
  .filter(el => !el.disabled)
  .map(el => el.getAttribute('data-lid'));
"""
ACTIVE_LID = "return document.activeElement && document.activeElement.getAttribute('data-lid')"


def tab_order(page, limit=200):
    """The data-lids focused by pressing Tab from the top of the page until focus leaves the root or cycles."""
    # Start where a user starts: at the top of the document (a temporary, unfocusable-by-Tab starting point).
    page.js("""const s = document.createElement('div'); s.id = '__tabstart'; s.tabIndex = -1;
               document.body.prepend(s); s.focus(); s.remove(); window.scrollTo(0, 0);""")
    order = []
    for _ in range(limit):
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
        lid = page.js(ACTIVE_LID)
        inside = page.js("return document.getElementById('liveui-root').contains(document.activeElement)")
        if not inside or lid is None:
            if order:
                break
            continue
        if lid in order:
            break
        order.append(lid)
    return order


def press(page, key):
    ActionChains(page.driver).send_keys(key).perform()


def focus(page, aid):
    el = page.aid(aid)
    page.js("arguments[0].focus()", el)
    assert page.js(ACTIVE_LID) == el.get_attribute("data-lid")
    return el


def assert_all_tabbable(page):
    interactive = page.js(INTERACTIVE)
    assert interactive, "no interactive elements found"
    order = tab_order(page, limit=len(interactive) + 20)
    missing = [lid for lid in interactive if lid not in order]
    assert not missing, f"not reachable by Tab: {missing} (order: {order})"


def test_counter_keyboard(page):
    page.open("/counter")
    page.step("counter: buttons are <button>, every control is reachable by Tab")
    for aid in ("increment", "decrement", "reset"):
        assert page.aid(aid).tag_name == "button", f"{aid} is a <{page.aid(aid).tag_name}>"
    # Reset is disabled at 0 (not focusable, rightly): enable it first so that it is checked too.
    page.click("increment")
    page.wait_text("count", "Count: 1")
    page.converged()
    assert_all_tabbable(page)

    page.step("counter: Enter and Space press + and −")
    focus(page, "increment")
    press(page, Keys.ENTER)
    page.wait_text("count", "Count: 2")
    press(page, Keys.SPACE)
    page.wait_text("count", "Count: 3")
    focus(page, "decrement")
    press(page, Keys.SPACE)
    page.wait_text("count", "Count: 2")
    page.converged()
    page.step("counter: Reset by Enter, then it is disabled")
    focus(page, "reset")
    press(page, Keys.ENTER)
    page.wait_text("count", "Count: 0")
    page.converged()
    assert page.aid("reset").get_attribute("disabled") is not None


def test_todos_keyboard(page):
    page.open("/todos")
    page.step("todos: labels and semantics")
    field = page.aid("new-todo")
    assert field.tag_name == "input" and field.get_attribute("type") == "text"
    assert (field.get_attribute("aria-label") or "").strip(), "the TextField has no aria-label"
    assert page.js("return arguments[0].labels.length > 0 || !!arguments[0].getAttribute('aria-label')", field)
    picker = page.aid("filter")
    assert picker.tag_name == "select"
    assert (picker.get_attribute("aria-label") or "").strip(), "the Picker has no accessible label"
    assert page.aid("add").tag_name == "button"

    page.step("todos: type and submit with Enter only")
    focus(page, "new-todo")
    press(page, "Keyboard item")
    press(page, Keys.ENTER)
    page.wait_text("remaining", "1 of 1 left")
    press(page, "Second")
    page.settle()
    page.step("todos: Tab from the field to Add, Enter adds")
    press(page, Keys.TAB)
    assert page.js(ACTIVE_LID) == page.aid("add").get_attribute("data-lid"), "Tab from the field does not reach Add"
    press(page, Keys.ENTER)
    page.wait_text("remaining", "2 of 2 left")
    page.settle()

    page.step("todos: every control (field, Add, Picker, toggles, ↑, ↓, Delete, links) is reachable by Tab")
    ids = page.ids("row-")
    for i in ids:
        for kind in ("up", "down", "delete"):
            assert page.aid(f"{kind}-{i}").tag_name == "button"
        box = page.js("return document.querySelector(`#liveui-root [data-aid='toggle-${arguments[0]}'] input`)", i)
        assert box.get_attribute("type") == "checkbox"
        assert box.get_attribute("role") == "switch"
        assert page.js("return arguments[0].labels.length", box) == 1, "the toggle's checkbox has no label"
    assert_all_tabbable(page)

    page.step("todos: Space toggles a row")
    page.js("document.querySelector(`#liveui-root [data-aid='toggle-${arguments[0]}'] input`).focus()", ids[0])
    press(page, Keys.SPACE)
    page.wait_text("remaining", "1 of 2 left")
    page.settle()

    page.step("todos: Enter on ↓ reorders, Space on ↑ restores, focus stays on the pressed button")
    focus(page, f"down-{ids[0]}")
    press(page, Keys.ENTER)
    page.settle()
    assert page.ids("row-") == [ids[1], ids[0]]
    assert page.js(ACTIVE_LID) == page.aid(f"down-{ids[0]}").get_attribute("data-lid"), "focus lost by the move"
    focus(page, f"up-{ids[0]}")
    press(page, Keys.SPACE)
    page.settle()
    assert page.ids("row-") == ids

    page.step("todos: the Picker by keyboard (arrow keys change the filter)")
    focus(page, "filter")
    press(page, Keys.ARROW_DOWN)
    page.settle()
    assert page.js("return arguments[0].value", page.aid("filter")) == page.js(
        "return arguments[0].options[1].value", page.aid("filter"))
    assert page.ids("row-") == [ids[1]], "the Active filter did not apply"
    press(page, Keys.ARROW_UP)
    page.settle()
    assert page.ids("row-") == ids

    page.step("todos: Delete by Enter")
    focus(page, f"delete-{ids[1]}")
    press(page, Keys.ENTER)
    page.wait_text("remaining", "0 of 1 left")
    page.settle()


# The focused element (or its label) is what the user sees at its centre: not covered by the sticky bar.
FOCUS_VISIBLE = """
const el = document.activeElement;
const r = el.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
const ok = !!hit && (hit === el || el.contains(hit) || [...(el.labels || [])].some(l => l.contains(hit)));
return {lid: el.getAttribute('data-lid'), visible: ok, covered_by: hit && hit.tagName + '.' + hit.className, top: r.top};
"""


def test_focus_never_hidden_under_the_navigation_bar(page):
    page.open("/todos")
    page.step("a list longer than the window")
    field = page.aid("new-todo")
    field.click()
    for n in range(1, 26):
        field.send_keys(f"Row {n:02d}", Keys.ENTER)
    page.wait_text("remaining", "25 of 25 left")
    page.settle()
    assert page.js("return document.documentElement.scrollHeight > window.innerHeight + 200"), "the page does not scroll"

    page.step("Shift+Tab from the bottom to the top: every focused control is visible, not under the sticky bar")
    page.js("document.querySelector('#liveui-root [data-aid=\"back\"]').focus()")
    hidden, seen = [], set()
    for _ in range(200):
        ActionChains(page.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        if not page.js("return document.getElementById('liveui-root').contains(document.activeElement)"):
            break
        state = page.js(FOCUS_VISIBLE)
        seen.add(state["lid"])
        if not state["visible"]:
            hidden.append(state)
    assert len(seen) >= 25 * 4, f"Shift+Tab reached only {len(seen)} controls"
    assert not hidden, f"focused controls hidden under the navigation bar: {hidden[:6]}"

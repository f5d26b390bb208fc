"""Issue 4 §3: typing is never clobbered. The todo field's binding (`draft`) is echoed by the server as the
input's `value` attribute on every keystroke; the server rewrites the field (clears it) on submit."""
from selenium.webdriver.common.keys import Keys

# Records, on the field, every programmatic write of `value` (the client applying a server value), every
# keystroke and every loss of focus, with timestamps.
INSTRUMENT = """
const el = arguments[0];
const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
window.__field = {writes: [], keys: [], blurs: 0};
Object.defineProperty(el, 'value', {
  configurable: true,
  get() { return proto.get.call(this); },
  set(v) { window.__field.writes.push({t: performance.now(), from: proto.get.call(this), to: String(v)}); proto.set.call(this, v); },
});
el.addEventListener('keydown', () => window.__field.keys.push(performance.now()));
el.addEventListener('blur', () => { window.__field.blurs += 1; });
"""

TEXT = "".join("The quick brown fox jumps over the lazy dog 0123456789 "[i % 55] for i in range(200))


def field_state(page):
    return page.js("""
        const f = document.querySelector('#liveui-root [data-aid="new-todo"]');
        return {value: f.value, start: f.selectionStart, end: f.selectionEnd,
                focused: document.activeElement === f, attr: f.getAttribute('value')}""")


def test_typing_200_characters_is_never_clobbered(page):
    page.open("/todos")
    field = page.aid("new-todo")
    field.click()
    page.js(INSTRUMENT, field)

    page.step("type 100 characters in one WebDriver call (fastest burst)")
    field.send_keys(TEXT[:100])
    state = field_state(page)
    assert state["value"] == TEXT[:100], f"typed text clobbered: {state['value']!r}"
    assert state["focused"], "focus lost during the burst"

    page.step("type 100 more, one WebDriver call per key (server answers land between keystrokes)")
    for i, ch in enumerate(TEXT[100:], start=101):
        field.send_keys(ch)
        if i % 10 == 0:
            state = field_state(page)
            assert state["value"] == TEXT[:i], f"after {i} keys the field holds {state['value']!r}"
            assert state["focused"], f"focus lost after {i} keys"
            assert state["start"] == state["end"] == i, f"caret moved to {state['start']}…{state['end']} after {i} keys"

    page.step("the server echoes the whole text; the field keeps exactly what was typed, caret at the end")
    page.settle()
    state = field_state(page)
    assert state["value"] == TEXT, f"field ends with {state['value']!r}"
    assert state["attr"] == TEXT, "the server's echo (value attribute) is not the typed text"
    assert state["start"] == state["end"] == 200
    assert state["focused"]
    log = page.js("return window.__field")
    assert log["blurs"] == 0, "the field lost focus while typing"
    clobbering = [w for w in log["writes"] if w["to"] != w["from"]]
    assert clobbering == [], f"the client wrote the field while the user typed: {clobbering[:5]}"


def test_server_rewrite_lands_after_typing_stops(page):
    page.open("/todos")
    field = page.aid("new-todo")
    field.click()
    page.js(INSTRUMENT, field)

    page.step("type, then Enter: the server adds the item and clears the field")
    for ch in "Water the plants":
        field.send_keys(ch)
    field.send_keys(Keys.ENTER)
    page.wait_text("remaining", "1 of 1 left")
    page.settle()
    state = field_state(page)
    assert state["value"] == "", f"the server's clear did not land: {state['value']!r}"
    assert state["focused"], "focus lost on submit"
    log = page.js("return window.__field")
    writes = [w for w in log["writes"] if w["to"] != w["from"]]
    assert [w["to"] for w in writes] == [""], f"unexpected writes: {writes}"
    assert writes[0]["t"] >= log["keys"][-1], "the clear landed before the last keystroke"

    page.step("type, Enter and keep typing in one burst: the clear does not land while the user types")
    page.js(INSTRUMENT, field)
    field.send_keys("first", Keys.ENTER, "second")
    page.wait_text("remaining", "2 of 2 left")
    page.settle()
    log = page.js("return window.__field")
    state = field_state(page)
    titles = page.js("""return [...document.querySelectorAll('#liveui-root [data-aid^="toggle-"]')]
        .map(t => t.textContent.trim())""")
    assert titles == ["Water the plants", "first"]
    # The user saw "first" stay and typed "second" after it; nothing they typed vanished.
    assert state["value"] == "firstsecond", f"field holds {state['value']!r}"
    assert state["attr"] == "firstsecond", "the server's draft is not what the field shows"
    assert state["focused"] and state["start"] == state["end"] == len("firstsecond")
    clobbering = [w for w in log["writes"] if w["to"] != w["from"]]
    assert clobbering == [], f"the server's clear was written into the field mid-burst: {clobbering}"

    page.step("after typing stops, a submit clears the field (the rewrite lands)")
    field.send_keys(Keys.ENTER)
    page.wait_text("remaining", "3 of 3 left")
    page.settle()
    assert field_state(page)["value"] == ""

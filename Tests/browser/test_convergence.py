"""Issue 4 §1: convergence after every step. After each click, keystroke burst, scroll and push, the browser's
#liveui-root (normalised) equals GET /liveui/html for the session, at the version the server reports."""
import time

from selenium.webdriver.common.keys import Keys

from liveui_browser import normalise


def test_normalise_ignores_only_what_does_not_count():
    # The comparison itself: attribute order, whitespace between tags, entity spelling, valueless attributes and
    # client-owned attributes do not count; text, attribute values and structure do.
    a = '<div data-lid="a" class="x">\n  <button data-on="click" tabindex="0" disabled>A &amp; B</button> </div>'
    b = "<div class=\"x\" data-lid=\"a\"><button disabled=\"\" data-on=\"click\">A &#38; B</button></div>"
    assert normalise(a) == normalise(b)
    assert normalise(a) != normalise(b.replace("A &#38; B", "A &#38; C"))
    assert normalise(a) != normalise(b.replace('class="x"', 'class="y"'))
    assert normalise(a) != normalise(b.replace(' disabled=""', ""))
    assert normalise("<p>a b</p>") != normalise("<p>ab</p>")


def test_convergence_every_step(page):
    page.open("/counter")
    page.step("click")
    for i in range(1, 6):
        page.click("increment")
        page.settle()
        assert page.text("count") == f"Count: {i}"

    page.open("/todos")
    field = page.aid("new-todo")
    field.click()
    for burst in range(5):
        page.step(f"keystroke burst {burst}")
        field.send_keys(f"burst {burst} <b>&amp; \"quoted\" 'x' ")
        page.settle()
        page.step(f"submit {burst}")
        field.send_keys(Keys.ENTER)
        page.settle()
    assert page.text("remaining") == "5 of 5 left"
    # Markup typed by the user is text, escaped by the server and shown as typed.
    first = page.js("return document.querySelector('#liveui-root [data-aid^=\"toggle-\"]').textContent.trim()")
    assert first == "burst 0 <b>&amp; \"quoted\" 'x'"

    page.open("/scroll")
    scroller = page.aid("scroller")
    for y in (120, 280, 310, 600, 40, 0):
        page.step(f"scroll to {y}")
        page.js("arguments[0].scrollTop = arguments[1]", scroller, y)
        page.settle()

    page.open("/clock")
    page.step("push")
    start = page.browser_state()[0]
    deadline = time.monotonic() + 5
    checks = 0
    while checks < 4 and time.monotonic() < deadline:
        version = page.converged()
        if version > start + checks:
            checks += 1
    assert checks >= 4, "fewer than 4 pushed versions converged in 5 s"

"""Issue 48 §1: NavigationStack on the browser's history — a push is a history entry whose URL holds the path;
Back and Forward pop and push on the server (the popped level's state ends, the one below keeps its own); a
reload keeps the stack; the URL opened in a fresh session restores it; the bar's back button and the title."""
from urllib.parse import parse_qs, urlparse

from liveui_browser import wait_until

VISIBLE_TEXT = """
const e = document.querySelector(`#liveui-root section.lui-navlevel:not([hidden]) [data-aid='${arguments[0]}']`);
return e && e.textContent.trim();
"""
CLICK_VISIBLE = """
const e = document.querySelector(`#liveui-root section.lui-navlevel:not([hidden]) [data-aid='${arguments[0]}']`);
e.scrollIntoView({block: 'center'}); e.click();
"""


def visible(page, name):
    return page.js(VISIBLE_TEXT, name)


def wait_visible(page, name, expected):
    wait_until(lambda: visible(page, name) == expected, f"visible [data-aid={name}] to read {expected!r}",
               on_timeout=page.dump)


def url_path(page):
    nav = parse_qs(urlparse(page.driver.current_url).query).get("nav")
    return nav[0] if nav else None


def test_push_back_forward_reload(page):
    page.open("/navigation")
    assert url_path(page) is None
    assert page.driver.title == "Navigation"

    page.step("push Red: a history entry with the path in the URL")
    page.click("push-Red")
    wait_visible(page, "swatch", "Red 1")
    page.converged()
    wait_until(lambda: url_path(page) == '[{"t":"LiveUIDemoPages.Swatch","v":{"name":"Red","shade":1}}]',
               "the URL to hold the pushed path", on_timeout=page.dump)
    wait_until(lambda: page.driver.title == "Red 1", "the title to follow the pushed level")
    assert page.js("return document.querySelector('#liveui-root .lui-navback').textContent") == "‹ Navigation"

    page.step("like, then push Darker")
    page.js(CLICK_VISIBLE, "like")
    wait_visible(page, "likes", "Likes: 1")
    page.js(CLICK_VISIBLE, "darker")
    wait_visible(page, "swatch", "Red 2")
    page.converged()
    deep = url_path(page)
    assert deep is not None and '"shade":2' in deep

    page.step("Back pops on the server: Red 1 keeps its likes")
    page.driver.back()
    wait_visible(page, "swatch", "Red 1")
    wait_visible(page, "likes", "Likes: 1")
    page.converged()
    assert '"shade":2' not in (url_path(page) or "")

    page.step("Forward pushes Red 2 again, with fresh state")
    page.driver.forward()
    wait_visible(page, "swatch", "Red 2")
    wait_visible(page, "likes", "Likes: 0")
    page.converged()

    page.step("reload keeps the stack")
    page.driver.refresh()
    wait_until(lambda: page.js("const r = document.getElementById('liveui-root'); return !!(r && r.liveui)"),
               "the runtime after the reload")
    wait_visible(page, "swatch", "Red 2")
    page.converged()
    assert url_path(page) == deep

    page.step("the bar's back button goes back in the history")
    page.js("document.querySelector('#liveui-root .lui-navback').click()")
    wait_visible(page, "swatch", "Red 1")
    page.converged()
    wait_until(lambda: '"shade":2' not in (url_path(page) or ""), "the URL to drop the popped level")

    page.step("the URL opened in a fresh session restores the stack")
    page.driver.delete_all_cookies()
    page.driver.get(page.server.base + "/navigation?nav=" + deep.replace('"', "%22"))
    wait_visible(page, "swatch", "Red 2")
    page.converged()
    assert page.js("return document.querySelectorAll('#liveui-root section.lui-navlevel').length") == 3

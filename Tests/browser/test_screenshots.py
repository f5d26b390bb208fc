"""Issue 4 §10: a PNG of each gallery page (`make screenshots`, or LIVEUI_SCREENSHOTS=<dir> pytest -k screenshots).
Skipped unless LIVEUI_SCREENSHOTS names the directory to write to."""
import os
import struct

import pytest
from selenium.webdriver.common.keys import Keys

PAGES = ["/", "/counter", "/todos", "/scroll", "/identity", "/observer", "/clock"]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


@pytest.mark.skipif(not os.environ.get("LIVEUI_SCREENSHOTS"), reason="set LIVEUI_SCREENSHOTS=<dir> to save screenshots")
def test_screenshots(page):
    out = os.path.abspath(os.environ["LIVEUI_SCREENSHOTS"])
    os.makedirs(out, exist_ok=True)
    page.driver.set_window_size(1100, 900)
    for route in PAGES:
        page.open(route)
        name = "gallery" if route == "/" else route.strip("/")
        if route == "/counter":
            for _ in range(3):
                page.click("increment")
            page.wait_text("count", "Count: 3")
        elif route == "/todos":
            field = page.aid("new-todo")
            field.click()
            for title in ("Buy milk", "Walk the dog", "Write the report"):
                field.send_keys(title, Keys.ENTER)
            page.wait_text("remaining", "3 of 3 left")
            toggle = page.aids("toggle-")[0]
            page.click(toggle)
            page.wait_text("remaining", "2 of 3 left")
        elif route == "/identity":
            for aid in ("click-stable", "click-branch", "click-id"):
                page.click(aid)
            page.settle()
        page.settle()
        page.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        path = os.path.join(out, f"{name}.png")
        assert page.driver.save_screenshot(path), f"could not save {path}"
        width, height = png_size(path)
        assert width >= 800 and height >= 600, f"{path} is {width}x{height}"

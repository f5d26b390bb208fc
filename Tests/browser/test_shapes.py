"""Issue 49's shapes and accessibility modifiers in Chromium: the progress ring's SVG path is patched on each step
and drawn as SVG (not as unknown HTML elements), and the DOM equals the server's HTML after every step."""
import math

from liveui_browser import wait_until

RING = """
const svg = document.querySelector('#liveui-root [data-aid="ring"]');
const path = svg && svg.querySelector('path');
if (!path) return null;
const box = svg.getBoundingClientRect();
return {d: path.getAttribute('d'), ns: path.namespaceURI, length: path.getTotalLength(),
        width: box.width, height: box.height, stroke: getComputedStyle(path).stroke,
        transform: getComputedStyle(svg).transform};
"""


def ring(page):
    return page.js(RING)


def test_progress_ring_patches_its_path(page):
    page.open("/shapes")
    page.step("the ring starts empty, drawn as SVG in its 140-point frame")
    first = ring(page)
    assert first["ns"] == "http://www.w3.org/2000/svg", first
    assert first["d"] == "" and first["length"] == 0, first
    assert round(first["width"]) == 140 and round(first["height"]) == 140, first
    assert first["transform"] != "none", "rotationEffect(-90°) is a CSS rotation"
    page.converged()

    circumference = math.pi * 100  # the unframed circle is drawn in a 100-point square
    for step in (1, 2, 3):
        page.step(f"step {step}: a tenth more of the circle")
        before = ring(page)["d"]
        page.click("step")
        page.wait_text("percent", f"{step * 10}%")
        wait_until(lambda: ring(page)["d"] != before, "the ring's path to change")
        now = ring(page)
        assert now["d"].startswith("M100 50C"), now
        assert abs(now["length"] - circumference * step / 10) < 0.5, now
        page.converged()

    page.step("reset empties the ring again")
    page.click("reset-ring")
    page.wait_text("percent", "0%")
    wait_until(lambda: ring(page)["d"] == "", "the ring's path to be empty")
    page.converged()


def test_accessibility_attributes_reach_the_browser(page):
    page.open("/shapes")
    rating = page.aid("rating")
    assert rating.get_attribute("role") == "img"
    assert rating.get_attribute("aria-label") == "Rating"
    assert rating.get_attribute("aria-description") == "3 of 5 stars"
    page.step("a tap toggles the favourite's selected state")
    favourite = page.aid("favourite")
    assert favourite.get_attribute("role") == "button"
    assert favourite.get_attribute("aria-pressed") is None
    page.click("favourite")
    wait_until(lambda: page.aid("favourite").get_attribute("aria-pressed") == "true", "the favourite to be selected (a pressed button)")
    # Chromium's accessibility tree gets the name from aria-label, as VoiceOver would read it.
    name = page.js("return document.querySelector('#liveui-root [data-aid=\"rating\"]').ariaLabel")
    assert name == "Rating"
    page.converged()


def test_styles_draw_buttons_progress_and_toggles(page):
    page.open("/shapes")
    assert "lui-button-bordered" in page.aid("bordered").get_attribute("class")
    page.step("a bordered button's action fills the styled progress ring too")
    before = page.js("return document.querySelector('[data-aid=\"styled-progress\"] svg:nth-of-type(2) path').getAttribute('d')")
    page.click("bordered")
    page.wait_text("percent", "10%")
    wait_until(lambda: page.js(
        "return document.querySelector('[data-aid=\"styled-progress\"] svg:nth-of-type(2) path').getAttribute('d')") != before,
        "the styled ring's path to change")
    page.converged()

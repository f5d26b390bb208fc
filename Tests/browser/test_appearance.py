"""Issue 48 §5–6: the browser's color scheme reaches `\\.colorScheme` live, `.preferredColorScheme` darkens the page,
locale and time zone come from the browser, and animated updates play transitions that `prefers-reduced-motion`
turns off; a removed element leaves after its exit, and the DOM then equals the server's HTML."""
import pytest

from liveui_browser import wait_until

BANNER = '#liveui-root [data-aid="banner"]'
BACKGROUND = "return getComputedStyle(document.body).backgroundColor"


def emulate(page, **features):
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})


@pytest.fixture
def appearance(page):
    try:
        yield page
    finally:
        emulate(page)
        page.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_color_scheme_locale_and_time_zone(appearance):
    page = appearance
    # A zone other than the machine's (UTC, which Foundation names GMT) shows that the browser's is used.
    page.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Berlin"})
    page.open("/appearance")
    page.step("the browser's language and time zone reach the page")
    language, zone = page.js("return [navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]")
    page.wait_text("locale", f"Locale: {language}")
    assert zone == "Europe/Berlin"
    page.wait_text("time-zone", f"Time zone: {zone}")
    page.wait_text("color-scheme", "Color scheme: light")
    light = page.js(BACKGROUND)

    page.step("switching the browser to dark updates \\.colorScheme and the theme live")
    emulate(page, prefers_color_scheme="dark")
    page.wait_text("color-scheme", "Color scheme: dark")
    page.converged()
    assert page.js(BACKGROUND) != light

    page.step("and back to light")
    emulate(page, prefers_color_scheme="light")
    page.wait_text("color-scheme", "Color scheme: light")
    assert page.js(BACKGROUND) == light

    page.step(".preferredColorScheme(.dark) darkens the page whatever the browser prefers")
    page.click("force-dark")
    page.wait_text("color-scheme", "Color scheme: dark")
    page.converged()
    assert page.js(BACKGROUND) != light
    page.click("force-dark")
    page.wait_text("color-scheme", "Color scheme: light")
    assert page.js(BACKGROUND) == light


def test_transition_plays_and_removal_waits_for_exit(appearance):
    page = appearance
    page.open("/appearance")
    page.step("withAnimation inserts the banner with its transition playing")
    page.click("toggle-banner")
    wait_until(lambda: page.js(f"return !!document.querySelector('{BANNER}')"), "the banner to appear")
    assert page.js(f"return document.querySelector('{BANNER}').getAnimations().length") > 0
    page.converged()

    page.step("hiding it keeps it until its exit ends, then the DOM equals the server's HTML")
    page.click("toggle-banner")
    wait_until(lambda: page.js(f"const b = document.querySelector('{BANNER}'); return !!b && b.hasAttribute('data-lui-leaving')"),
               "the banner to start leaving")
    wait_until(lambda: page.js(f"return !document.querySelector('{BANNER}')"), "the banner to be removed", timeout=3)
    page.converged()

    page.step(".animation(_:value:) animates the opacity change")
    page.click("dim")
    wait_until(lambda: page.js("return document.querySelector('#liveui-root [data-aid=\"dimmable\"]').getAnimations().length > 0"),
               "the dimmed text to animate", timeout=2)
    page.converged()


def test_reduced_motion_turns_animations_off(appearance):
    page = appearance
    emulate(page, prefers_reduced_motion="reduce")
    page.open("/appearance")
    page.step("with reduced motion the banner appears without animation")
    version = page.converged()
    page.click("toggle-banner")
    wait_until(lambda: page.js(f"return !!document.querySelector('{BANNER}')"), "the banner to appear")
    assert page.js(f"return document.querySelector('{BANNER}').getAnimations().length") == 0
    version = page.converged()

    page.step("and leaves at once")
    page.click("toggle-banner")
    wait_until(lambda: page.browser_state()[0] == version + 1, "the hiding update to apply")
    assert page.js(f"return document.querySelector('{BANNER}')") is None
    page.converged()

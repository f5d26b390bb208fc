"""Issue 48 §3: the controls page in Chromium. A stepper, a text editor, a date picker in the browser's time zone,
a menu, a disclosure group with a search field, a keyboard shortcut, and @FocusState both ways; after every step the
browser's DOM equals the server's HTML."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from liveui_browser import wait_until

ACTIVE_AID = """const a = document.activeElement;
return a && (a.getAttribute('data-aid') || (a.closest('[data-aid]') && a.closest('[data-aid]').getAttribute('data-aid')))"""


def test_stepper_editor_menu_and_shortcut(page):
    page.open("/controls")

    page.step("the stepper's + raises the quantity; the formatted total follows")
    plus = page.aid("quantity").find_element(By.CSS_SELECTOR, '[aria-label="Increment"]')
    plus.click()
    page.settle()
    assert "Quantity: 2" in page.text("quantity")
    assert page.text("total").endswith("5.00")

    page.step("the text editor sends what is typed, newlines included")
    editor = page.aid("notes")
    editor.click()
    editor.send_keys(Keys.END, Keys.ENTER, "second")
    page.settle()
    page.wait_text("summary", lambda t: t.startswith("Notes: 17 characters"))
    assert page.js("return arguments[0].value", editor) == "First line\nsecond"

    page.step("a menu opens natively, runs an action and closes")
    page.aid("actions").find_element(By.TAG_NAME, "summary").click()
    assert page.js("return arguments[0].open", page.aid("actions"))
    page.click("archive")
    page.wait_text("last-action", "Last action: archive")
    assert not page.js("return arguments[0].open", page.aid("actions")), "the menu stayed open after its action"
    page.settle()

    page.step("Control+S clicks the button with that keyboard shortcut")
    page.js("document.activeElement && document.activeElement.blur()")
    ActionChains(page.driver).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    page.wait_text("saves", "Saved 1×")
    page.settle()


def test_date_picker_uses_the_browsers_time_zone(page):
    page.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/New_York"})
    try:
        page.open("/controls")
        picker = page.aid("when").find_element(By.CSS_SELECTOR, "input[data-instant]")

        page.step("2027-01-01T00:00Z is New Year's Eve in New York")
        assert picker.get_attribute("data-instant") == "2027-01-01T00:00:00Z"
        assert page.js("return arguments[0].value", picker) == "2026-12-31"

        page.step("choosing 5 January keeps the time of day in New York (19:00) and sends the instant")
        page.js("""const i = arguments[0]; i.value = '2027-01-05';
                   i.dispatchEvent(new Event('change', {bubbles: true}));""", picker)
        page.settle()
        picker = page.aid("when").find_element(By.CSS_SELECTOR, "input[data-instant]")
        assert picker.get_attribute("data-instant") == "2027-01-06T00:00:00Z"
        assert page.js("return arguments[0].value", picker) == "2027-01-05"

        page.step("an incomplete date sends nothing")
        page.count_posts()
        page.js("""const i = arguments[0]; i.value = '';
                   i.dispatchEvent(new Event('change', {bubbles: true}));""", picker)
        page.settle()
        assert page.posts() == []
    finally:
        page.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_disclosure_and_search(page):
    page.open("/controls")

    page.step("the disclosure is collapsed; a click expands it and shows the searchable group")
    toggle = page.aid("more").find_element(By.CSS_SELECTOR, "button[aria-expanded]")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    page.settle()
    toggle = page.aid("more").find_element(By.CSS_SELECTOR, "button[aria-expanded]")
    assert toggle.get_attribute("aria-expanded") == "true"
    search = page.aid("more").find_element(By.CSS_SELECTOR, 'input[type="search"]')

    page.step("typing in the search field filters the flavours")
    search.click()
    search.send_keys("choc")
    page.settle()
    shown = page.js("""return [...arguments[0].querySelectorAll('.lui-groupbox-content .lui-text')]
                       .map(e => e.textContent)""", page.aid("more"))
    assert shown == ["chocolate"], shown

    page.step("a second click collapses it")
    toggle.click()
    page.settle()
    assert page.aid("more").find_elements(By.CSS_SELECTOR, 'input[type="search"]') == []


def test_focus_state_both_ways(page):
    page.open("/controls")

    page.step("the server sets the focus: the client focuses the text editor")
    page.click("focus-notes")
    wait_until(lambda: page.js(ACTIVE_AID) == "notes", "the text editor to get the focus", on_timeout=page.dump)
    page.settle()
    assert page.text("summary").endswith("focus: notes")

    page.step("the user focuses the name field: the server's FocusState follows")
    page.aid("name").click()
    page.wait_text("summary", lambda t: t.endswith("focus: name"))
    page.settle()
    assert page.js(ACTIVE_AID) == "name"

    page.step("the server moves the focus back to the notes")
    page.click("focus-notes")
    wait_until(lambda: page.js(ACTIVE_AID) == "notes", "the text editor to get the focus back", on_timeout=page.dump)
    page.settle()

    page.step("the user leaves the field for the page: the state is nil")
    page.js("document.activeElement.blur()")
    page.wait_text("summary", lambda t: t.endswith("focus: none"))
    page.settle()

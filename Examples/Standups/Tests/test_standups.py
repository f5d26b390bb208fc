"""The ported SwiftUI app, driven as its user would: the list of stand-ups, a stand-up's page, the edit sheet
with its toolbar's Cancel and Done, an attendee deleted with the keyboard, and the meeting's ring filling in
over the event stream with nobody touching the page.

    .build/venv/bin/python -m pytest -q Examples/Standups/Tests      (after `swift build` in Examples/Standups)
"""
from __future__ import annotations

import os
import sys

import pytest
from selenium.webdriver.common.keys import Keys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))

from conftest import _reset_browser, new_driver  # noqa: E402
from liveui_browser import DemoServer, Page, wait_until  # noqa: E402

BINARY = os.environ.get("STANDUPS_BINARY", os.path.join(ROOT, "Examples", "Standups", ".build", "debug", "Standups"))

ROOT_TEXT = "return document.getElementById('liveui-root').innerText"
OPEN_DIALOG = "return document.querySelectorAll('#liveui-root dialog[open]').length"
RING = "return document.querySelector('#liveui-root [data-aid=\"meeting-ring\"] path')?.getAttribute('d') ?? null"


@pytest.fixture(scope="module")
def server():
    if not os.access(BINARY, os.X_OK):
        pytest.exit(f"{BINARY} is missing: run `swift build` in Examples/Standups first", returncode=2)
    s = DemoServer(BINARY).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def driver():
    d = new_driver()
    yield d
    d.quit()


@pytest.fixture
def page(driver, server):
    _reset_browser(driver)
    yield Page(driver, server, {})
    _reset_browser(driver)


def button(page: Page, text: str):
    """The enabled button whose text is `text` (the first in document order)."""
    for b in page.driver.find_elements("css selector", "#liveui-root button"):
        if b.text.strip() == text and b.is_enabled():
            return b
    raise AssertionError(f"no button {text!r} in {page.js(ROOT_TEXT)!r}")


def root_text(page: Page) -> str:
    return page.js(ROOT_TEXT)


def dialog_fields(page: Page):
    return page.driver.find_elements("css selector", "#liveui-root dialog[open] input[type=text], #liveui-root dialog[open] input:not([type])")


def test_list_detail_and_the_edit_sheet(page):
    page.open("/")
    for title in ("Design", "App Dev", "Web Dev"):
        assert title in root_text(page)
    assert page.driver.title.startswith("Daily Standups")

    page.step("a row opens the stand-up's page")
    page.driver.find_element("xpath", "//*[@id='liveui-root']//button[contains(@class,'lui-navlink')][contains(., 'Design')]").click()
    wait_until(lambda: "Start Meeting" in root_text(page), "the detail page", on_timeout=page.dump)
    page.converged()
    assert "10 minutes" in root_text(page) and "Jonathan" in root_text(page)

    page.step("Cancel in the sheet's toolbar throws the edit away")
    button(page, "Edit").click()
    wait_until(lambda: page.js(OPEN_DIALOG) == 1, "the edit sheet", on_timeout=page.dump)
    title = dialog_fields(page)[0]
    assert title.get_attribute("value") == "Design"
    title.send_keys(" Crit")
    page.converged()
    assert dialog_fields(page)[0].get_attribute("value") == "Design Crit"
    button(page, "Cancel").click()
    wait_until(lambda: page.js(OPEN_DIALOG) == 0, "the sheet to close", on_timeout=page.dump)
    page.converged()
    assert "Design Crit" not in root_text(page)

    page.step("Done keeps the edit; an attendee is deleted from the keyboard")
    button(page, "Edit").click()
    wait_until(lambda: page.js(OPEN_DIALOG) == 1, "the edit sheet again", on_timeout=page.dump)
    dialog_fields(page)[0].send_keys(" Crit")
    deletes = page.driver.find_elements("css selector", "#liveui-root dialog[open] button.lui-row-delete")
    assert len(deletes) == 4
    # Reach the first row's Delete with Tab from its name field, as a keyboard user would, and press Enter.
    names = [f for f in dialog_fields(page) if f.get_attribute("value") == "Cathy"]
    names[0].click()
    names[0].send_keys(Keys.TAB)
    focused = page.js("return document.activeElement.className")
    assert "lui-row-delete" in focused, f"Tab from the name field reached {focused!r}"
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_until(lambda: len(page.driver.find_elements("css selector", "#liveui-root dialog[open] button.lui-row-delete")) == 3,
               "the deleted attendee to go", on_timeout=page.dump)
    page.converged()
    button(page, "Done").click()
    wait_until(lambda: page.js(OPEN_DIALOG) == 0, "the sheet to close", on_timeout=page.dump)
    page.converged()
    text = root_text(page)
    assert "Design Crit" in text and "Cathy" not in text and "Daisy" in text


def test_the_meeting_ring_fills_in_over_the_event_stream(page):
    page.open("/")
    page.driver.find_element("xpath", "//*[@id='liveui-root']//button[contains(@class,'lui-navlink')][contains(., 'App Dev')]").click()
    wait_until(lambda: "Start Meeting" in root_text(page), "the detail page", on_timeout=page.dump)

    page.step("the meeting starts; the ring grows with no event from the page")
    page.driver.find_element("xpath", "//*[@id='liveui-root']//button[contains(@class,'lui-navlink')][contains(., 'Start Meeting')]").click()
    wait_until(lambda: "is speaking" in root_text(page), "the meeting", on_timeout=page.dump)
    assert "Speaker 1 of 5" in root_text(page)
    start = page.js(RING)
    assert start is not None, "the ring has no path"
    wait_until(lambda: page.js(RING) not in (None, start), "the ring to grow", timeout=10, on_timeout=page.dump)
    page.converged()

    page.step("skipping a speaker draws their arc")
    arcs = page.js("return document.querySelectorAll('#liveui-root svg.lui-shape').length")
    page.driver.find_element("css selector", "#liveui-root [aria-label='Next speaker']").click()
    wait_until(lambda: "Speaker 2 of 5" in root_text(page), "the next speaker", on_timeout=page.dump)
    assert page.js("return document.querySelectorAll('#liveui-root svg.lui-shape').length") == arcs + 1
    page.converged()



def test_leaving_the_meeting_adds_it_to_the_history(page):
    page.open("/")
    page.driver.find_element("xpath", "//*[@id='liveui-root']//button[contains(@class,'lui-navlink')][contains(., 'App Dev')]").click()
    wait_until(lambda: "Start Meeting" in root_text(page), "the detail page", on_timeout=page.dump)
    page.driver.find_element("xpath", "//*[@id='liveui-root']//button[contains(@class,'lui-navlink')][contains(., 'Start Meeting')]").click()
    wait_until(lambda: "is speaking" in root_text(page), "the meeting", on_timeout=page.dump)

    page.step("leaving the meeting adds it to the history")
    page.driver.back()
    wait_until(lambda: "Start Meeting" in root_text(page), "the detail page again", on_timeout=page.dump)
    wait_until(lambda: "5 attended" in root_text(page), "the meeting in the history", on_timeout=lambda: root_text(page))

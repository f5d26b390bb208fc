"""Issue 48 §2: presentations are accessible dialogs — a sheet opens modally and takes focus, Escape closes it
(the server sets the binding to false, onDismiss runs) and focus returns to its opener; an alert's button runs
its action and closes the alert; a click outside a confirmation dialog dismisses it."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from liveui_browser import wait_until

ACTIVE_AID = "return document.activeElement && document.activeElement.getAttribute('data-aid')"
OPEN_DIALOG = "return [...document.querySelectorAll('#liveui-root dialog[open]')].map(d => d.getAttribute('data-lui-dialog'))"


def test_sheet_escape_and_focus(page):
    page.open("/presentations")
    page.step("open the sheet: it is modal and focus moves into it")
    page.click("open-sheet")
    wait_until(lambda: page.js(OPEN_DIALOG) == ["sheet"], "the sheet to open", on_timeout=page.dump)
    page.converged()
    assert page.js("return document.querySelector('#liveui-root dialog[open]').matches(':modal')")
    wait_until(lambda: page.js("return document.querySelector('#liveui-root dialog[open]').contains(document.activeElement)"),
               "focus inside the sheet")

    page.step("Escape closes it on the server; onDismiss runs; focus returns to the opener")
    ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
    wait_until(lambda: page.js("return document.querySelector('#liveui-root dialog') === null"), "the sheet to go",
               on_timeout=page.dump)
    page.wait_text("note", "Sheet closed")
    page.converged()
    wait_until(lambda: page.js(ACTIVE_AID) == "open-sheet", "focus back on the opener")

    page.step("Done (dismiss inside) closes it too")
    page.click("open-sheet")
    wait_until(lambda: page.js(OPEN_DIALOG) == ["sheet"], "the sheet to open again")
    page.click("sheet-done")
    wait_until(lambda: page.js("return document.querySelector('#liveui-root dialog') === null"), "the sheet to go")
    page.converged()
    wait_until(lambda: page.js(ACTIVE_AID) == "open-sheet", "focus back on the opener after dismiss")


def test_alert_button_and_click_outside(page):
    page.open("/presentations")
    page.step("an alert's button runs its action and closes it")
    page.click("open-alert")
    wait_until(lambda: page.js(OPEN_DIALOG) == ["alert"], "the alert to open", on_timeout=page.dump)
    assert page.js("return document.querySelector('#liveui-root dialog[open]').getAttribute('role')") == "alertdialog"
    page.click("confirm-delete")
    page.wait_text("deletions", "Deleted 1 times")
    wait_until(lambda: page.js("return document.querySelector('#liveui-root dialog') === null"), "the alert to go")
    page.converged()
    wait_until(lambda: page.js(ACTIVE_AID) == "open-alert", "focus back on the alert's opener")

    page.step("a click outside a confirmation dialog dismisses it")
    page.click("open-choices")
    wait_until(lambda: page.js(OPEN_DIALOG) == ["confirmation"], "the dialog to open")
    # A click on the backdrop is a click on the dialog element outside its box.
    page.js("""const d = document.querySelector('#liveui-root dialog[open]');
               d.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: 2, clientY: 2}));""")
    wait_until(lambda: page.js("return document.querySelector('#liveui-root dialog') === null"), "the dialog to go",
               on_timeout=page.dump)
    page.converged()
    assert page.text("note") == "Nothing yet"

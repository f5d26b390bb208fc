"""Issue 49 §5: a list over a binding with onDelete and onMove. Rows are deleted and moved from the keyboard
(focus a row's button, press Enter); the move buttons appear only in edit mode, toggled by the EditButton;
typing into a row after a reorder edits that row's element."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from liveui_browser import wait_until

ROW_BUTTON = """return document.querySelector(`#liveui-root [data-aid='${arguments[0]}']`)
  .closest('[role=listitem]').querySelector(arguments[1])"""
ACTIVE_LID = "return document.activeElement && document.activeElement.getAttribute('data-lid')"


def press_row_button(page, row_aid, selector):
    """Focuses the row's button from the keyboard's point of view and presses Enter on it."""
    button = page.js(ROW_BUTTON, row_aid, selector)
    assert button is not None, f"{selector} in row {row_aid}"
    page.js("arguments[0].focus()", button)
    assert page.js(ACTIVE_LID) == button.get_attribute("data-lid")
    ActionChains(page.driver).send_keys(Keys.ENTER).perform()


def test_delete_and_move_from_the_keyboard(page):
    page.open("/editing")
    page.wait_text("summary", "Apple, Banana, Cherry, Damson")

    page.step("delete buttons are always there; move buttons only in edit mode")
    assert page.js("return document.querySelectorAll('#liveui-root .lui-row-delete').length") == 4
    assert page.js("return document.querySelectorAll('#liveui-root .lui-row-up').length") == 0

    page.step("Enter on Banana's delete button removes Banana")
    press_row_button(page, "fruit-2", ".lui-row-delete")
    page.wait_text("summary", "Apple, Cherry, Damson")
    page.converged()

    page.step("the EditButton shows the move buttons and reads Done")
    page.click("edit")
    wait_until(lambda: page.js("return document.querySelectorAll('#liveui-root .lui-row-down').length") == 3,
               "move buttons in edit mode", on_timeout=page.dump)
    assert page.text("edit") == "Done"

    page.step("Enter on Apple's Move down puts it after Cherry")
    press_row_button(page, "fruit-1", ".lui-row-down")
    page.wait_text("summary", "Cherry, Apple, Damson")
    page.step("Enter on Damson's Move up puts it before Apple")
    press_row_button(page, "fruit-4", ".lui-row-up")
    page.wait_text("summary", "Cherry, Damson, Apple")
    page.converged()
    assert page.ids("fruit-") == ["3", "4", "1"]

    page.step("typing into a moved row edits its own element")
    field = page.aid("fruit-1")
    field.send_keys(" pie")
    page.wait_text("summary", "Cherry, Damson, Apple pie")

    page.step("Done hides the move buttons again")
    page.click("edit")
    wait_until(lambda: page.js("return document.querySelectorAll('#liveui-root .lui-row-down').length") == 0,
               "move buttons gone", on_timeout=page.dump)
    page.converged()

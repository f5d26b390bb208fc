"""The `/plain` page: 1,000 rows of a text and a delete button, whose rows sleep on the server while idle
(each check of the server's HTML renders the page, which puts them back to sleep). Deleting rows by their
buttons (which wakes them by lid), adding a row above them and reversing the list keep the browser's DOM
equal to the server's HTML."""
from selenium.webdriver.common.keys import Keys

# Clicks the delete button of the row whose text is arguments[0]; false if there is no such row.
DELETE_IN_ROW = """
const row = [...document.querySelectorAll('#liveui-root .lui-list > *')]
    .find(r => r.querySelector('.lui-text')?.textContent === arguments[0]);
if (!row) return false;
const button = [...row.querySelectorAll('button')].find(b => b.textContent === 'Delete');
button.scrollIntoView({block: 'center'});
button.click();
return true;
"""

TITLES = "return [...document.querySelectorAll('#liveui-root .lui-list .lui-text')].map(e => e.textContent)"


def test_sleeping_rows_answer_their_buttons(page):
    page.open("/plain")
    assert len(page.js(TITLES)) == 1000
    page.step("plain: delete item 500, then item 7 (the rows slept in between)")
    assert page.js(DELETE_IN_ROW, "Item 500")
    page.wait_text("count", "999 items")
    page.converged()
    assert page.js(DELETE_IN_ROW, "Item 7")
    page.wait_text("count", "998 items")
    page.converged()
    page.step("plain: add an item above the rows, then reverse the list")
    page.click("new-item")
    page.aid("new-item").send_keys("Fresh", Keys.ENTER)
    page.wait_text("count", "999 items")
    page.converged()
    page.click("reverse")
    page.converged()
    titles = page.js(TITLES)
    assert titles[0] == "Item 999" and titles[-1] == "Fresh"
    assert "Item 500" not in titles and "Item 7" not in titles and len(titles) == 999

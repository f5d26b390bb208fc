"""Issue 3's smoke test: the counter and the todo list in a real browser, the DOM checked against
GET /liveui/html after every step."""
from selenium.webdriver.common.keys import Keys


def test_smoke_counter_and_todos(page):
    page.open("/counter")
    assert page.text("count") == "Count: 0"

    page.step("counter: click + three times")
    for _ in range(3):
        page.click("increment")
    page.wait_text("count", "Count: 3")
    page.converged()

    page.step("counter: click −")
    page.click("decrement")
    page.wait_text("count", "Count: 2")
    page.converged()

    page.step("counter: reset")
    page.click("reset")
    page.wait_text("count", "Count: 0")
    assert page.aid("reset").get_attribute("disabled") is not None, "Reset is enabled at 0"
    page.converged()

    page.open("/todos")
    page.step("todos: type and submit two items")
    field = page.aid("new-todo")
    field.click()
    field.send_keys("Buy milk", Keys.ENTER)
    page.wait_text("remaining", "1 of 1 left")
    page.converged()
    field.send_keys("Walk the dog")
    page.click("add")
    page.wait_text("remaining", "2 of 2 left")
    page.converged()

    page.step("todos: reorder (move the second row up)")
    rows = page.aids("row-")
    assert len(rows) == 2
    second = rows[1].removeprefix("row-")
    page.click(f"up-{second}")
    page.wait_text("todo-list", lambda t: t.index("Walk the dog") < t.index("Buy milk"))
    page.converged()

    page.step("todos: toggle the first row")
    page.click(f"toggle-{second}")
    page.wait_text("remaining", "1 of 2 left")
    page.converged()

"""The `/rows` page (the keyed list `make bench` clicks): a tap changes its own row's @State only, and the
row keeps it across a reverse of the whole list and while the rows sleep on the server (each check of the
server's HTML renders the page, which puts them to sleep; the next tap wakes them)."""


def test_rows_keep_their_own_state(page):
    page.open("/rows")
    page.step("rows: three taps on row 500, one on row 7")
    for taps in range(1, 4):
        page.click("row-500")
        page.wait_text("row-500", f"Taps {taps}")
    page.click("row-7")
    page.wait_text("row-7", "Taps 1")
    page.converged()
    assert page.text("row-499").strip() == "Taps 0"
    assert page.text("row-501").strip() == "Taps 0"
    page.step("rows: reverse; the taps move with their rows")
    page.click("reverse")
    page.converged()
    order = page.ids("row-")
    assert order[0] == "999" and order[-1] == "0"
    assert page.text("row-500").strip() == "Taps 3"
    assert page.text("row-7").strip() == "Taps 1"
    page.step("rows: a tap after the rows slept counts on from where the row was")
    page.click("row-500")
    page.wait_text("row-500", "Taps 4")
    page.converged()

"""Issue 48 §8: accessible by default. Every page the demo routes (read from Sources/LiveUIDemo/main.swift, so a
new page is audited without being listed here) passes an axe-core audit in Chromium with no violations, with
every rule axe runs by default (WCAG A and AA, and best practices such as one main landmark, a level-one
heading and content inside landmarks). Presented dialogs, an open menu, an expanded disclosure, a pushed
navigation level and a lazy list scrolled far from its start are audited in that state too."""
from __future__ import annotations

import os
import re

import pytest
from axe_core_python.selenium import Axe

from liveui_browser import ROOT, wait_until

OPEN_DIALOG = "return [...document.querySelectorAll('#liveui-root dialog[open]')].map(d => d.getAttribute('data-lui-dialog'))"


def demo_routes() -> list[str]:
    """The paths of the demo's `Route("…")` declarations, in the order main.swift lists them."""
    with open(os.path.join(ROOT, "Sources", "LiveUIDemo", "main.swift"), encoding="utf-8") as f:
        routes = re.findall(r'Route\("([^"]+)"\)', f.read())
    assert routes, "no Route(\"…\") found in Sources/LiveUIDemo/main.swift"
    return routes


# The axe-core that axe-core-python ships (4.4) predates `aria-description` (ARIA 1.3, which Chromium reads
# and `.accessibilityValue`/`.accessibilityHint` render): it would report the attribute as misspelt. It is
# declared here as later axe-core releases declare it (a global string attribute); no rule is turned off.
CONFIGURE = """axe.configure({standards: {ariaAttrs: {
    'aria-description': {type: 'string', allowEmpty: true, global: true}}}});"""


def audit(page, state: str) -> None:
    """Runs axe-core on the whole document as it is now; fails listing every violation and its elements."""
    page.step(f"axe audit: {state}")
    page.driver.set_script_timeout(60)
    page.driver.execute_script(Axe().axe_script)
    page.driver.execute_script(CONFIGURE)
    result = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; axe.run({resultTypes: ['violations']}).then(done, e => done({error: String(e)}));")
    assert "error" not in result, f"axe-core failed: {result.get('error')}"
    lines = []
    for violation in result["violations"]:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {len(violation['nodes'])} element(s)")
        for node in violation["nodes"][:5]:
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:200]}")
            summary = node.get("failureSummary") or ""
            lines.extend("        " + line for line in summary.splitlines()[:4])
    assert not lines, f"axe-core found violations on {page.route} ({state}):\n" + "\n".join(lines)
    assert result["passes"], "axe-core ran no check (was the page empty?)"


@pytest.mark.parametrize("route", demo_routes())
def test_every_demo_page_has_no_axe_violations(page, route):
    page.open(route)
    audit(page, "as loaded")


@pytest.mark.parametrize("route", demo_routes())
def test_every_demo_page_has_no_axe_violations_in_the_dark_theme(page, route):
    """The browser prefers dark: liveui.css's dark colours are audited (contrast above all)."""
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        page.open(route)
        assert page.js("return matchMedia('(prefers-color-scheme: dark)').matches")
        audit(page, "dark theme")
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_presented_dialogs_have_no_axe_violations(page):
    page.open("/presentations")
    for opener, kind, closer in [("open-sheet", "sheet", "sheet-done"),
                                 ("open-alert", "alert", "cancel-delete"),
                                 ("open-choices", "confirmation", None)]:
        page.step(f"open the {kind}")
        page.click(opener)
        wait_until(lambda: page.js(OPEN_DIALOG) == [kind], f"the {kind} to open", on_timeout=page.dump)
        page.converged()
        audit(page, f"{kind} open")
        page.step(f"close the {kind}")
        if closer:
            page.click(closer)
        else:
            page.click("pick-red")
        wait_until(lambda: page.js(OPEN_DIALOG) == [], f"the {kind} to close", on_timeout=page.dump)
        page.settle()


def test_open_menu_and_expanded_disclosure_have_no_axe_violations(page):
    from selenium.webdriver.common.by import By

    page.open("/controls")
    page.step("open the menu")
    page.aid("actions").find_element(By.TAG_NAME, "summary").click()
    wait_until(lambda: page.js("return arguments[0].open", page.aid("actions")), "the menu to open")
    audit(page, "menu open")
    page.step("expand the disclosure group (its searchable group shows)")
    toggle = page.aid("more").find_element(By.CSS_SELECTOR, "button[aria-expanded]")
    page.js("arguments[0].scrollIntoView({block: 'center'})", toggle)
    toggle.click()
    page.settle()
    wait_until(lambda: page.js("return !!document.querySelector('#liveui-root input[type=search]')"),
               "the search field to show", on_timeout=page.dump)
    audit(page, "disclosure expanded")


def test_pushed_navigation_level_has_no_axe_violations(page):
    page.open("/navigation")
    page.click("push-Red")
    page.wait_text("swatch", "Red 1")
    page.settle()
    audit(page, "a level pushed")


def test_lazy_list_scrolled_far_has_no_axe_violations(page):
    page.open("/lazy")
    page.click("jump")
    wait_until(lambda: page.js("return !!document.querySelector(`#liveui-root [data-aid='tap-50000']`)"),
               "row 50,000 to arrive", timeout=10, on_timeout=page.dump)
    page.settle()
    audit(page, "scrolled to row 50,000")

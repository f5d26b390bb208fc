"""Fixtures of the browser suite: one `liveui-demo` server and one headless Debian chromium for the whole run
(for each worker, under pytest-xdist); each test gets a fresh LiveUI session (cookies cleared) through the
`page` fixture.

    .build/venv/bin/python -m pytest -q Tests/browser           (after `swift build --product liveui-demo`)
    .build/venv/bin/python -m pytest -q -n 2 Tests/browser      (two workers, as `make test` runs it)
"""
from __future__ import annotations

import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from liveui_browser import ROOT, DemoServer, Page  # noqa: E402

CHROMIUM = os.environ.get("LIVEUI_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("LIVEUI_CHROMEDRIVER", "/usr/bin/chromedriver")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow(seconds): takes about that long, ten seconds or more; started first, the longest first")


def pytest_collection_modifyitems(config, items):
    """The slow tests first, the longest first: with two workers each handed one test at a time (`make test`),
    the others run beside them instead of after them."""
    def seconds(item):
        marker = item.get_closest_marker("slow")
        return marker.args[0] if marker else 0
    items.sort(key=seconds, reverse=True)


def demo_binary() -> str:
    path = os.environ.get("LIVEUI_DEMO_BINARY", os.path.join(ROOT, ".build", "debug", "liveui-demo"))
    if not os.access(path, os.X_OK):
        pytest.exit(f"{path} is missing: run `swift build --product liveui-demo` first", returncode=2)
    return path


@pytest.fixture(scope="session")
def server():
    demo = DemoServer(demo_binary()).start()
    yield demo
    demo.stop()


@pytest.fixture
def fresh_server():
    """A server of its own, for a test that stops and restarts it."""
    demo = DemoServer(demo_binary()).start()
    yield demo
    demo.stop()


def new_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    for path in (CHROMIUM, CHROMEDRIVER):
        if not shutil.which(path):
            pytest.exit(f"{path} is missing: install Debian's chromium and chromium-driver (make test-deps)", returncode=2)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900",
                "--disable-gpu", "--disable-extensions", "--no-first-run", "--force-device-scale-factor=1",
                # Tabs in the background keep their timers, as a visible one (the two-tab test watches both).
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


@pytest.fixture(scope="session")
def driver():
    d = new_driver()
    yield d
    d.quit()


@pytest.fixture
def report(request):
    """What a failure prints: filled by `Page.step`."""
    data = {}
    request.node._liveui_report = data
    return data


def _reset_browser(driver):
    """One window on about:blank, no cookies (so the next page starts a fresh session), no session storage."""
    handles = driver.window_handles
    for handle in handles[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(handles[0])
    try:
        driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
    except Exception:  # noqa: BLE001 - a page that is gone has nothing to clear
        pass
    driver.get("about:blank")
    # delete_all_cookies() only reaches the current document's cookies (none on about:blank): clear them all.
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})


@pytest.fixture
def page(driver, server, report):
    """A fresh session (no cookies) in the driver's first window."""
    _reset_browser(driver)
    p = Page(driver, server, report)
    yield p
    _reset_browser(driver)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    data = getattr(item, "_liveui_report", None)
    if rep.when == "call" and rep.failed and data and data.get("page") is not None:
        try:
            dump = data["page"].dump()
        except Exception as e:  # noqa: BLE001 - the report must not hide the failure
            dump = f"(could not read the page: {e!r})"
        rep.sections.append(("LiveUI: step, browser root HTML | server HTML", dump))

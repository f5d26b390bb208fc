"""The example app, driven as two people would: two Chromium sessions sign in, see each other's cards appear
live, open a card's page, and keep their own "recently opened" lists.

    .build/venv/bin/python -m pytest -q Examples/TeamBoard/Tests      (after `swift build` in Examples/TeamBoard)

The server runs from an empty folder: the client runtime must come with the binary.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))

from conftest import new_driver  # noqa: E402
from liveui_browser import free_port, wait_until  # noqa: E402

BINARY = os.environ.get("TEAMBOARD_BINARY", os.path.join(ROOT, "Examples", "TeamBoard", ".build", "debug", "TeamBoard"))


@pytest.fixture(scope="module")
def server():
    if not os.access(BINARY, os.X_OK):
        pytest.exit(f"{BINARY} is missing: run `swift build` in Examples/TeamBoard first", returncode=2)
    port = free_port()
    folder = tempfile.mkdtemp(prefix="teamboard-")
    log = open(os.path.join(folder, "server.log"), "wb")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIVEUI_")}
    env["LIVEUI_LOGLEVEL"] = "error"
    proc = subprocess.Popen([BINARY, "--port", str(port), "--host", "127.0.0.1"], cwd=folder, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"

    def healthy():
        assert proc.poll() is None, f"TeamBoard exited with {proc.returncode}; see {folder}/server.log"
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as r:
                return r.status == 200
        except OSError:
            return False

    wait_until(healthy, "GET /healthz", timeout=20, interval=0.05)
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def browsers():
    drivers = [new_driver(), new_driver()]
    yield drivers
    for d in drivers:
        d.quit()


def get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


def by_aid(driver, aid: str):
    return driver.find_element("css selector", f'#liveui-root [data-aid="{aid}"]')


def text_of(driver, aid: str) -> str:
    return by_aid(driver, aid).text.strip()


def sign_in(driver, base: str, name: str):
    driver.get(base + "/")
    wait_until(lambda: driver.current_url.endswith("/login"), "the redirect to /login")
    field = driver.find_element("name", "name")
    field.send_keys(name)
    driver.find_element("css selector", "button[type=submit]").click()
    wait_until(lambda: text_of(driver, "user") == f"Signed in as {name}", f"{name}'s board")


def test_every_client_module_is_served_from_an_empty_folder(server):
    status, headers, page = get(server + "/login")
    assert status == 200 and "Sign in" in page
    status, _, js = get(server + "/public/liveui.js")
    assert status == 200
    modules = [line.split('"')[1] for line in js.splitlines() if line.startswith("import") and '"./' in line]
    assert modules, "liveui.js imports no modules"
    for module in modules:
        status, headers, _ = get(server + "/public/" + module[2:])
        assert status == 200 and headers["Content-Type"].startswith("text/javascript"), module
    status, headers, _ = get(server + "/public/liveui.css")
    assert status == 200 and headers["Content-Type"].startswith("text/css")


def test_unknown_path_is_the_apps_404_page(server):
    status, headers, page = get(server + "/no/such/page")
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert "No page at /no/such/page." in page


def test_two_people_share_the_board_live(server, browsers):
    alice, bob = browsers
    sign_in(alice, server, "alice")
    sign_in(bob, server, "bob")
    assert alice.title == "Team board"

    before = int(text_of(bob, "count").split()[0])
    draft = by_aid(alice, "draft")
    draft.send_keys("Ship the release")
    by_aid(alice, "add").click()
    # Bob never reloads: the new card reaches him over his event stream.
    wait_until(lambda: text_of(bob, "count") == f"{before + 1} cards", "bob's board to show alice's card")
    link = bob.find_element("link text", "Ship the release")
    assert "by alice" in bob.find_element("css selector", "#liveui-root").text

    link.click()
    wait_until(lambda: text_of(bob, "title") == "Ship the release", "the card's page")
    assert "/cards/" in bob.current_url
    notes = by_aid(bob, "notes")
    notes.send_keys("Tag it v2")
    # Alice opens the same card and sees bob's notes.
    alice.get(bob.current_url)
    wait_until(lambda: by_aid(alice, "notes").get_attribute("value") == "Tag it v2", "bob's notes on alice's page")

    # Each session keeps its own "recently opened" list (a per-session object shared by its pages).
    bob.find_element("link text", "Back to the board").click()
    wait_until(lambda: "Ship the release" in text_of(bob, "recent"), "bob's recently opened cards")
    alice.find_element("link text", "Back to the board").click()
    wait_until(lambda: text_of(alice, "count") == f"{before + 1} cards", "alice's board")
    assert "Ship the release" in text_of(alice, "recent")

    # A card removed by one is gone for the other, live.
    alice.find_element("css selector", '#liveui-root [data-aid^="remove-"]').click()
    wait_until(lambda: text_of(bob, "count") == f"{before} cards", "the removal on bob's board")
    assert not bob.find_elements("link text", "Ship the release")


def test_a_card_that_does_not_exist_says_so(server, browsers):
    alice = browsers[0]
    sign_in(alice, server, "carol")
    alice.get(server + "/cards/999999")
    wait_until(lambda: text_of(alice, "missing") == "There is no such card.", "the missing card's page")

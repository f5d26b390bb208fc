#!/usr/bin/env python3
"""Drives Public/liveui.js in Debian's chromium (Selenium) against Tests/client/mock_server.mjs.

Checks, in a real browser: events reach the server, patches land, the DOM equals the server's HTML, typing is
never clobbered, a server rewrite lands once typing stopped, moves keep elements, keyboard access, scroll
throttling, server push, and the reconnecting state / recovery after a server restart.

    python3 Tests/client/browser_smoke.py        (needs: node, chromium, chromium-driver, pip selenium)
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HERE = os.path.dirname(os.path.abspath(__file__))
STEP = "start"


STATE_FILE = os.path.join(tempfile.mkdtemp(prefix="liveui-mock-"), "sessions.json")


def start_server(port=0, keep_sessions=True):
    env = dict(os.environ, MOCK_STATE_FILE=STATE_FILE) if keep_sessions else dict(os.environ)
    proc = subprocess.Popen(["node", os.path.join(HERE, "mock_server.mjs"), str(port)], stdout=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    m = re.match(r"listening (\d+)", line)
    if not m:
        raise RuntimeError(f"mock server did not start: {line!r}")
    return proc, int(m.group(1))


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,900"]:
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, predicate, what, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"[{STEP}] timed out waiting for {what}; root: {root_html(driver)[:1500]}")


def root_html(driver):
    return driver.execute_script("return document.getElementById('liveui-root').innerHTML")


def normalise(html):
    """Attribute order, client-owned tabindex and whitespace between tags do not count."""
    def tag(m):
        name, attrs = m.group(1), m.group(2)
        pairs = re.findall(r'([^\s=]+)(?:="([^"]*)")?', attrs)
        pairs = sorted((k, v) for k, v in pairs if k != "tabindex")
        return "<" + name + "".join(f' {k}="{v}"' for k, v in pairs) + ">"
    html = re.sub(r">\s+<", "><", html.strip())
    return re.sub(r"<([a-zA-Z][\w-]*)((?:\s+[^\s>]+)*)\s*>", tag, html)


def server_html(driver, base):
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    req = urllib.request.Request(f"{base}/liveui/html?route=/counter", headers={"Cookie": cookies})
    with urllib.request.urlopen(req) as r:
        return {"version": int(r.headers["X-LiveUI-Version"]), "html": r.read().decode()}


def converged(driver, base):
    def same():
        server = server_html(driver, base)
        version = driver.execute_script("return document.getElementById('liveui-root').dataset.liveuiVersion")
        if str(server["version"]) != version:
            return False
        return normalise(root_html(driver)) == normalise(server["html"])
    try:
        wait(driver, same, "DOM == server HTML", timeout=3)
    except AssertionError:
        print("browser:", normalise(root_html(driver)), "\nserver: ", normalise(server_html(driver, base)["html"]))
        raise


def mock(driver, base, action):
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    with urllib.request.urlopen(urllib.request.Request(f"{base}/mock/{action}", headers={"Cookie": cookies})) as r:
        return json.load(r)


def text(driver, lid):
    return driver.execute_script(f"return document.querySelector('[data-lid=\"{lid}\"]').textContent")


def main():
    global STEP
    proc, port = start_server()
    base = f"http://127.0.0.1:{port}"
    driver = browser()
    try:
        driver.get(f"{base}/counter")
        wait(driver, lambda: driver.execute_script("return !!document.getElementById('liveui-root').liveui"), "runtime start")
        assert driver.execute_script("return getComputedStyle(document.getElementById('liveui-banner')).display") == "none"

        STEP = "click three times"
        button = driver.find_element(By.CSS_SELECTOR, '[data-lid="k3"]')
        for _ in range(3):
            button.click()
        wait(driver, lambda: text(driver, "k2") == "Count: 3", "Count: 3")
        converged(driver, base)

        STEP = "type 200 characters fast"
        field = driver.find_element(By.CSS_SELECTOR, '[data-lid="k4"]')
        typed = "".join("abcdefghij klmnopqrstuvwxyz"[i % 27] for i in range(200))
        field.click()
        # One WebDriver call per key, so answers and pushes land between keystrokes.
        for i, ch in enumerate(typed):
            field.send_keys(ch)
            if i % 20 == 0:
                assert driver.execute_script("return document.activeElement.dataset.lid") == "k4", "focus lost"
        assert field.get_property("value") == typed, f"typed text clobbered: {field.get_property('value')!r}"
        wait(driver, lambda: text(driver, "k5") == "Hello, " + typed, "echo of the typed text")
        time.sleep(0.6)
        assert field.get_property("value") == typed
        assert driver.execute_script("const f=document.activeElement;return [f.selectionStart,f.selectionEnd]") == [200, 200]
        converged(driver, base)

        STEP = "rewrite on submit lands after typing stops"
        field.send_keys(Keys.END, "!", Keys.ENTER)
        wait(driver, lambda: field.get_property("value") == typed.upper() + "!", "upper-cased value")
        assert driver.execute_script("return document.activeElement.dataset.lid") == "k4"
        converged(driver, base)

        STEP = "toggle"
        driver.find_element(By.CSS_SELECTOR, '[data-lid="k6"] span').click()
        wait(driver, lambda: driver.execute_script("return document.querySelector('[data-lid=k6c]').hasAttribute('checked')"), "checked attr")
        assert driver.find_element(By.CSS_SELECTOR, '[data-lid="k6c"]').is_selected()
        converged(driver, base)

        STEP = "keyboard tap on a non-button keeps rows (moves)"
        driver.execute_script("document.querySelectorAll('[data-lid=k8] > li').forEach(li => li.marker = li.dataset.lid)")
        tap = driver.find_element(By.CSS_SELECTOR, '[data-lid="k7"]')
        assert tap.get_attribute("tabindex") == "0"
        driver.execute_script("arguments[0].focus()", tap)
        tap.send_keys(Keys.ENTER)
        tap.send_keys(Keys.SPACE)
        wait(driver, lambda: driver.execute_script(
            "return [...document.querySelectorAll('[data-lid=k8] > li')].map(li => li.textContent).join('')") == "cdab", "rotation")
        assert driver.execute_script(
            "return [...document.querySelectorAll('[data-lid=k8] > li')].every(li => li.marker === li.dataset.lid)"), "rows re-created"
        converged(driver, base)

        STEP = "scroll is throttled and reports x,y"
        driver.execute_script("""
            const s = document.querySelector('[data-lid=k9]');
            for (let y = 10; y <= 300; y += 10) s.scrollTop = y;""")
        wait(driver, lambda: text(driver, "k10") == "Scroll: 0,300", "Scroll: 0,300")
        converged(driver, base)

        STEP = "server push"
        before = int(text(driver, "k11").split(": ")[1])
        wait(driver, lambda: int(text(driver, "k11").split(": ")[1]) >= before + 3, "3 ticks")
        converged(driver, base)

        STEP = "a lost update is noticed (version gap) and the page resyncs, keeping elements and the typed text"
        driver.execute_script("document.querySelectorAll('[data-lid=k8] > li').forEach(li => li.marker = li.dataset.lid)")
        field = driver.find_element(By.CSS_SELECTOR, '[data-lid="k4"]')
        field.click()
        count = int(text(driver, "k2").split(": ")[1])
        mock(driver, base, "lose")
        field.send_keys(Keys.END, "-x")
        wait(driver, lambda: text(driver, "k2") == f"Count: {count + 100}", "resync shows the lost count", timeout=4)
        assert driver.execute_script(
            "return [...document.querySelectorAll('[data-lid=k8] > li')].every(li => li.marker === li.dataset.lid)"), "rows re-created"
        assert field.get_property("value").endswith("-x"), field.get_property("value")
        assert driver.execute_script("return document.activeElement.dataset.lid") == "k4"
        converged(driver, base)

        STEP = "a stream reset morphs the page while the user types"
        field.send_keys("yz")
        mock(driver, base, "reset")
        field.send_keys("w")
        wait(driver, lambda: field.get_property("value").endswith("-xyzw"), "typed text kept")
        assert driver.execute_script(
            "return [...document.querySelectorAll('[data-lid=k8] > li')].every(li => li.marker === li.dataset.lid)"), "rows re-created"
        assert driver.execute_script("return document.activeElement.dataset.lid") == "k4"
        converged(driver, base)

        STEP = "reconnect to a restarted server that kept the session: the click made meanwhile is retried"
        count = int(text(driver, "k2").split(": ")[1])
        proc.terminate()
        proc.wait()
        t0 = time.time()
        wait(driver, lambda: driver.execute_script(
            "return document.documentElement.classList.contains('liveui-reconnecting') && "
            "getComputedStyle(document.getElementById('liveui-banner')).display !== 'none'"), "reconnecting banner", timeout=2)
        print(f"reconnecting shown after {time.time() - t0:.2f}s")
        driver.execute_script("window.notReloaded = true")
        driver.find_element(By.CSS_SELECTOR, '[data-lid="k3"]').click()
        driver.find_element(By.CSS_SELECTOR, '[data-lid="k3"]').click()
        time.sleep(1.0)
        proc, _ = start_server(port)
        wait(driver, lambda: text(driver, "k2") == f"Count: {count + 2}", "the two queued clicks applied once each", timeout=10)
        wait(driver, lambda: not driver.execute_script(
            "return document.documentElement.classList.contains('liveui-reconnecting')"), "banner gone", timeout=6)
        assert driver.execute_script("return window.notReloaded === true"), "page was reloaded"
        assert not driver.execute_script("return document.documentElement.classList.contains('liveui-has-error')")
        converged(driver, base)
        assert text(driver, "k2") == f"Count: {count + 2}", "a retried click was applied twice"

        STEP = "reconnect after a server restart that lost the session"
        proc.terminate()
        proc.wait()
        os.remove(STATE_FILE)
        t0 = time.time()
        wait(driver, lambda: driver.execute_script(
            "return document.documentElement.classList.contains('liveui-reconnecting') && "
            "getComputedStyle(document.getElementById('liveui-banner')).display !== 'none'"), "reconnecting banner", timeout=2)
        print(f"reconnecting shown after {time.time() - t0:.2f}s")
        driver.find_element(By.CSS_SELECTOR, '[data-lid="k3"]').click()
        time.sleep(0.5)
        proc, _ = start_server(port, keep_sessions=False)
        # The restarted mock has no sessions: the client reloads into a fresh one and says the click was lost.
        wait(driver, lambda: driver.execute_script(
            "return document.documentElement.classList.contains('liveui-has-error') && "
            "!document.documentElement.classList.contains('liveui-reconnecting')"), "recovery with a visible error", timeout=10)
        msg = driver.find_element(By.ID, "liveui-error").text
        assert "not applied" in msg, msg
        driver.find_element(By.CSS_SELECTOR, '[data-lid="k3"]').click()
        wait(driver, lambda: text(driver, "k2") == "Count: 1", "working page after restart")
        converged(driver, base)
        logs = [l for l in driver.get_log("browser") if l["level"] == "SEVERE" and "Failed to load resource" not in l["message"]]
        assert not logs, logs
        print("browser smoke test: all steps passed")
    finally:
        driver.quit()
        proc.terminate()


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("FAILED:", e)
        sys.exit(1)

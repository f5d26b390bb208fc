"""Issue 45 §6: two instances behind a real nginx (config/nginx.conf), on one Redis store, with Chromium on a
counter. The instance holding the session dies (SIGKILL: a crash; SIGTERM: a deploy), and the page goes on
working without a reload: the count it had, further clicks applied to it, and its event stream reconnected
to the survivor, proved by an update that only the stream can bring (a click from another tab of the same
session, posted through nginx). Then the stopped instance comes back, and the session moves back to it."""
from __future__ import annotations

import json
import time

import pytest

from conftest import _reset_browser, demo_binary
from liveui_browser import Page, wait_until
from liveui_cluster import Cluster

# A session moves once its dead holder's lease lapses (at most 10 s) and the client's next retry comes
# (its back-off reaches 5 s); the page then resets from the survivor's stream.
TAKEOVER_SECONDS = 30


@pytest.fixture
def cluster():
    c = Cluster(demo_binary(), count=2).start()
    yield c
    c.stop()


@pytest.fixture
def counter(driver, report, cluster):
    """Chromium on /counter through nginx, clicked to 3; the page, and the instance that holds its session."""
    _reset_browser(driver)
    page = Page(driver, cluster.front(driver), report)
    page.open("/counter")
    page.step("three clicks before the failure")
    for _ in range(3):
        page.click("increment")
    page.wait_text("count", "Count: 3")
    page.converged()
    page.step("every request of the browser went to one instance")
    assert driver.get_cookie("liveui_affinity"), "nginx set no liveui_affinity cookie"
    requests = cluster.nginx.requests()
    assert requests, "nginx logged no request"
    served_by = {entry["upstreams"][-1] for entry in requests if entry["upstreams"]}
    assert len(served_by) == 1, f"the session's requests were spread over instances {served_by}:\n{requests}"
    holder = cluster.instance(served_by.pop())
    page.js("window.__notReloaded = true")
    yield page, holder
    _reset_browser(driver)


def other_tab_click(page, cluster):
    """A click posted through nginx as another tab of the same session (no tab name): its update reaches the
    page only over the page's event stream."""
    token = page.js("return document.querySelector('meta[name=\"liveui-token\"]').content")
    status, _, body = page.server.request(
        "/liveui/event", method="POST",
        body=json.dumps({"target": "increment", "type": "click", "route": "/counter"}).encode(),
        headers={"X-LiveUI-Token": token, "Content-Type": "application/json"})
    return status, body


def after(requests, moment, sid):
    return [entry for entry in requests if entry["time"] >= moment and entry["sid"] == sid]


def goes_on_after_failure(page, cluster, holder, failed_at):
    """The checks both variants share, once the holder is gone: state kept, clicks applied, stream moved.
    Prints the session's requests after the failure, as nginx logged them (shown when a check fails)."""
    try:
        return checks_after_failure(page, cluster, holder, failed_at)
    finally:
        print("the session's requests after the failure (seconds, method, path, instances tried, status):")
        for entry in after(cluster.nginx.requests(), failed_at, page.sid):
            print(f"  {entry['time'] - failed_at:6.2f} {entry['method']} {entry['uri']} {entry['upstreams']} "
                  f"{entry['status']}")


def checks_after_failure(page, cluster, holder, failed_at):
    survivor = next(i for i in cluster.instances if i is not holder)
    sid = page.sid
    page.step("a click after the failure applies to the restored count")
    page.click("increment")
    page.wait_text("count", "Count: 4", timeout=TAKEOVER_SECONDS)
    assert page.js("return window.__notReloaded === true"), "the page reloaded itself"
    assert page.sid == sid, "the browser was given another session"
    page.transport_idle(timeout=TAKEOVER_SECONDS)
    page.converged()

    page.step("the page's event stream is connected again, to the survivor")
    wait_until(lambda: page.js("return document.getElementById('liveui-root').liveui.stream.connected === true"),
               "the event stream to reconnect", timeout=TAKEOVER_SECONDS, on_timeout=page.dump)
    page.step("a click from another tab of the session reaches the page over its stream")
    status, body = other_tab_click(page, cluster)
    assert status == 200, body
    page.wait_text("count", "Count: 5", timeout=10)
    page.converged()

    page.step("nginx passed the session's requests to the survivor after the failure")
    later = after(cluster.nginx.requests(), failed_at, sid)
    events = [entry for entry in later if entry["uri"] == "/liveui/event" and entry["status"] == 200]
    assert events and all(entry["upstreams"][-1] == survivor.port for entry in events), later
    assert page.js("return document.documentElement.classList.contains('liveui-has-error')") is False, \
        page.js("return document.getElementById('liveui-error').textContent")
    return later, survivor


@pytest.mark.slow(10)  # the dead holder's lease lapsing
def test_sigkill_of_the_session_holder_moves_the_page_to_the_survivor(counter, cluster):
    page, holder = counter
    page.step("SIGKILL the instance that holds the session")
    failed_at = time.time()
    holder.kill()
    goes_on_after_failure(page, cluster, holder, failed_at)
    streams = [e for e in cluster.nginx.requests() if e["uri"] == "/liveui/stream" and e["time"] >= failed_at]
    assert any(e["upstreams"] and e["upstreams"][0] == holder.port for e in streams), \
        f"no stream to the killed instance ended when it died: {streams}"


def test_sigterm_of_the_session_holder_hands_the_page_over_at_once(counter, cluster):
    page, holder = counter
    page.step("SIGTERM the instance that holds the session: it gives its leases up")
    failed_at = time.time()
    holder.stop()
    later, survivor = goes_on_after_failure(page, cluster, holder, failed_at)
    # Given up, the lease is the survivor's at once: it never has to answer "held elsewhere, retry later".
    waits = [e for e in later if e["status"] == 503 and e["upstreams"] and e["upstreams"][-1] == survivor.port]
    assert not waits, f"the survivor answered 503 after the SIGTERM: {waits}"


@pytest.mark.slow(30)  # nginx's fail_timeout, then the other instance letting the session go
def test_a_restarted_instance_takes_its_browsers_back(counter, cluster):
    """A rolling deploy's second half: the instance that was stopped comes back, nginx sends the page's requests to
    it again, and the page's session (held meanwhile by the other instance, with the page's stream open there)
    moves back to it without the page's clicks failing."""
    page, holder = counter
    page.step("SIGTERM the holder: the other instance takes the session over")
    failed_at = time.time()
    holder.stop()
    goes_on_after_failure(page, cluster, holder, failed_at)

    page.step("start the stopped instance again: nginx passes the page's requests to it once it answers")
    holder.start()
    back_at = time.time()

    def reaches_holder():
        page.server.request("/liveui/html?route=/counter")
        return any(e["upstreams"] and e["upstreams"][-1] == holder.port for e in after(cluster.nginx.requests(), back_at, page.sid))

    wait_until(reaches_holder, "nginx to pass the session's requests to the restarted instance", timeout=30, interval=0.5)
    page.step("a click now reaches the restarted instance, which takes the session back with its count")
    try:
        page.click("increment")
        page.wait_text("count", "Count: 6", timeout=TAKEOVER_SECONDS)
        page.transport_idle(timeout=TAKEOVER_SECONDS)
        page.converged()
        assert page.js("return window.__notReloaded === true"), "the page reloaded itself"
        answered = [e for e in after(cluster.nginx.requests(), back_at, page.sid)
                    if e["uri"] == "/liveui/event" and e["status"] == 200]
        assert answered and answered[-1]["upstreams"][-1] == holder.port, f"the click was answered elsewhere: {answered}"
        assert page.js("return document.documentElement.classList.contains('liveui-has-error')") is False, \
            page.js("return document.getElementById('liveui-error').textContent")
    finally:
        print("the session's requests after the instance came back (seconds, method, path, instances tried, status):")
        for entry in after(cluster.nginx.requests(), back_at, page.sid):
            print(f"  {entry['time'] - back_at:6.2f} {entry['method']} {entry['uri']} {entry['upstreams']} {entry['status']}")

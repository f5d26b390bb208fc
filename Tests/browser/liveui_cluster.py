"""Several `liveui-demo` instances behind Debian's nginx, on one `redis-server`: the layout of README.md's
"Deploying" (config/nginx.conf), all on loopback, nothing run as a service, everything in one temporary folder.

Nothing here sleeps for a fixed time: every wait polls with a deadline (`wait_until`).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile

from liveui_browser import ROOT, DemoServer, free_port, wait_until

NGINX_CONF = os.path.join(ROOT, "config", "nginx.conf")
NGINX = os.environ.get("LIVEUI_NGINX", "/usr/sbin/nginx")
REDIS = os.environ.get("LIVEUI_REDIS", "/usr/bin/redis-server")

# One access-log line per request: which instance nginx passed it to ($upstream_addr lists every one it
# tried, comma separated) and what it answered. The log is how a test sees where a session's requests went.
ACCESS_LOG_FORMAT = "$msec|$cookie_liveui_sid|$request_method|$uri|$upstream_addr|$upstream_status|$status"


class Redis:
    """`redis-server` on a free loopback port, without persistence as the Swift tests start it
    (Tests/LiveUIServerTests/Persistence/RedisServer.swift), or with `durable` its append-only file in
    `directory`, fsynced on every write, so that a restart keeps what it acknowledged."""

    def __init__(self, directory: str, durable: bool = False):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.directory = directory
        self.durable = durable
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Redis":
        if not os.access(REDIS, os.X_OK):
            raise AssertionError(f"{REDIS} is missing: install Debian's redis-server (make test-deps)")
        log = open(os.path.join(self.directory, "redis.log"), "ab")
        self.proc = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             *(["--appendonly", "yes", "--appendfsync", "always"] if self.durable else ["--appendonly", "no"]),
             "--daemonize", "no", "--protected-mode", "yes", "--loglevel", "warning", "--dir", self.directory],
            stdout=log, stderr=subprocess.STDOUT)
        log.close()
        wait_until(self.ping, f"redis-server to answer PING on port {self.port}", timeout=10)
        return self

    def ping(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"redis-server exited with {self.proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        stop(self.proc, signal.SIGKILL)

    kill = stop


def nginx_config(template: str, listen: int, upstreams: list[int], directory: str) -> str:
    """config/nginx.conf with its ports replaced and every path nginx writes moved into `directory`, so that
    it runs as any user. Each replacement must match exactly where the sample has it: a change to the
    sample that this does not understand fails here, by name, instead of testing another proxy."""
    text = template
    servers = re.findall(r"^[ \t]*server 127\.0\.0\.1:\d+;[ \t]*$", text, flags=re.M)
    assert len(servers) == len(upstreams), f"config/nginx.conf has {len(servers)} upstream servers, expected {len(upstreams)}"
    for line, port in zip(servers, upstreams):
        text = text.replace(line, re.sub(r":\d+;", f":{port};", line), 1)
    text, n = re.subn(r"^([ \t]*)listen \d+;", rf"\g<1>listen 127.0.0.1:{listen};", text, flags=re.M)
    assert n == 1, f"config/nginx.conf has {n} `listen` lines, expected 1"
    paths = "\n".join(f"    {name}_temp_path {os.path.join(directory, name)};"
                      for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    local = (f"\n    # Added by Tests/browser/liveui_cluster.py: its own paths, and where each request went.\n{paths}\n"
             f"    log_format failover '{ACCESS_LOG_FORMAT}';\n"
             f"    access_log {os.path.join(directory, 'access.log')} failover;\n")
    text, n = re.subn(r"^http \{\n", lambda m: m.group(0) + local, text, count=1, flags=re.M)
    assert n == 1, "config/nginx.conf has no `http {` block"
    top = f"pid {os.path.join(directory, 'nginx.pid')};\nerror_log {os.path.join(directory, 'error.log')} warn;\n"
    if os.geteuid() == 0:
        top += "user root;\n"  # as root, workers would switch to `nobody`, who cannot enter the temporary folder
    return top + text


class Nginx:
    """Debian's nginx in the foreground (`daemon off`), with a config made by `nginx_config`."""

    def __init__(self, directory: str, upstreams: list[int]):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.directory = directory
        self.upstreams = upstreams
        self.conf = os.path.join(directory, "nginx.conf")
        self.access_log = os.path.join(directory, "access.log")
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Nginx":
        if not os.access(NGINX, os.X_OK):
            raise AssertionError(f"{NGINX} is missing: install Debian's nginx (make test-deps)")
        with open(NGINX_CONF, encoding="utf-8") as f:
            template = f.read()
        with open(self.conf, "w", encoding="utf-8") as f:
            f.write(nginx_config(template, self.port, self.upstreams, self.directory))
        # -e: the error log before the config is read (the default, /var/log/nginx, is root's).
        args = [NGINX, "-p", self.directory, "-c", self.conf, "-e", os.path.join(self.directory, "error.log"),
                "-g", "daemon off;"]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, f"nginx -t refused the generated config:\n{check.stderr}\n{self.conf}"
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

        def listening():
            if self.proc.poll() is not None:
                raise AssertionError(f"nginx exited with {self.proc.returncode}: {self.errors()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                return False

        wait_until(listening, f"nginx to listen on port {self.port}", timeout=10)
        return self

    def stop(self) -> None:
        stop(self.proc, signal.SIGTERM)

    def errors(self) -> str:
        try:
            with open(os.path.join(self.directory, "error.log"), encoding="utf-8", errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def requests(self) -> list[dict]:
        """The access log so far, one dict per request (`upstreams`: the instances' ports nginx tried)."""
        try:
            with open(self.access_log, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            return []
        entries = []
        for line in lines:
            time, sid, method, uri, upstream, upstream_status, status = line.split("|")
            ports = [int(port) for port in re.findall(r":(\d+)", upstream)]
            entries.append(dict(time=float(time), sid=None if sid == "-" else sid, method=method, uri=uri,
                                upstreams=ports, upstream_status=upstream_status, status=int(status)))
        return entries


class Cluster:
    """Redis, `count` demo instances on it (`--store redis://…`) and nginx in front, in one temporary folder."""

    def __init__(self, binary: str, count: int = 2):
        self.directory = tempfile.mkdtemp(prefix="liveui-cluster-")
        os.chmod(self.directory, 0o755)
        self.redis = Redis(self.directory)
        self.binary = binary
        self.count = count
        self.instances: list[DemoServer] = []
        self.nginx: Nginx | None = None

    def start(self) -> "Cluster":
        try:
            self.redis.start()
            # As config/nginx.conf says to run them: no per-address limits (every request comes from nginx's
            # address), and a heartbeat that notices within 5 s that a page's stream went to the other instance.
            args = ["--store", self.redis.url, "--per-ip-connection-limit", "0", "--session-burst-per-address", "0",
                    "--heartbeat-seconds", "5"]
            for _ in range(self.count):
                self.instances.append(DemoServer(self.binary, args=args).start())
            self.nginx = Nginx(self.directory, [i.port for i in self.instances]).start()
        except BaseException:
            self.stop()
            raise
        return self

    def front(self, driver) -> "Front":
        """nginx's address, for a `Page` of `driver` (its reads go where the browser's requests go)."""
        return Front(self.binary, self.nginx.port, driver)

    def instance(self, port: int) -> DemoServer:
        return next(i for i in self.instances if i.port == port)

    def stop(self) -> None:
        if self.nginx:
            self.nginx.stop()
        for instance in self.instances:
            instance.kill()
        self.redis.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


class Front(DemoServer):
    """nginx's port as a `DemoServer` (never started): a `Page`'s own reads (`GET /liveui/html`) carry the
    browser's `liveui_affinity` cookie beside the session's, so that nginx passes them to the instance that
    holds the session, as it does the browser's requests; with the session cookie alone they could reach the
    other instance, which answers 503 while the session is held elsewhere."""

    def __init__(self, binary: str, port: int, driver):
        super().__init__(binary, port=port)
        self.driver = driver

    def request(self, path: str, sid: str | None = None, method: str = "GET", body: bytes | None = None,
                headers: dict | None = None):
        cookies = {name: (self.driver.get_cookie(name) or {}).get("value") for name in ("liveui_sid", "liveui_affinity")}
        if sid:
            cookies["liveui_sid"] = sid
        h = dict(headers or {}, Cookie="; ".join(f"{k}={v}" for k, v in cookies.items() if v))
        return super().request(path, method=method, body=body, headers=h)


def stop(proc: subprocess.Popen | None, sig: int, timeout: float = 10) -> None:
    """Sends `sig` to a process this module started and waits for it (SIGKILL if it outlives `timeout`)."""
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()

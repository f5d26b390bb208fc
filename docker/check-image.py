#!/usr/bin/env python3
"""Checks a Dockerfile's runtime stage without a Docker engine (`make check-image`, docs/deploying.md).

    docker/check-image.py [--dockerfile Dockerfile] [--route /] [--cache .build/image]

The Dockerfile is read, not restated: its build stage's RUN commands build the binary in a copy of
the files its COPY lines name (the build packages it installs are checked on this machine instead);
the runtime stage's base image becomes a minimal Debian root of the same release (mmdebstrap
--variant=minbase), its RUN commands run inside that root as written (so exactly the runtime packages
it installs are there), its WORKDIR, COPY, USER, ENV, VOLUME, EXPOSE, HEALTHCHECK, STOPSIGNAL,
ENTRYPOINT and CMD are applied as an engine would. The image then runs in namespaces of its own
(mount, network, PID, UTS, IPC) as its user, with its root read-only and only its volumes writable,
its entrypoint as PID 1, and is probed over HTTP from inside its network namespace. The end of the
output lists what was checked and what this check cannot see.

The Debian root with the runtime stage's packages is cached under the cache directory, keyed by the
release and the RUN commands, so a second run does not download anything; the build stage's build is
skipped when its own script says it is up to date (pgo/build.sh), or is incremental (SwiftPM).

Runs as root (mmdebstrap, chroot, namespaces). Standard library only.
"""

import argparse
import hashlib
import http.client
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# The grace period of `docker stop` before it sends SIGKILL.
STOP_GRACE_SECONDS = 10
DEVICES = ["null", "zero", "full", "random", "urandom", "tty"]


class CheckFailed(Exception):
    pass


class Report:
    """What was checked (passed or not), with timings, printed as the check's last lines."""

    def __init__(self):
        self.rows = []
        self.timings = []
        self.skipped = []

    def ok(self, what, detail=""):
        self.rows.append(("ok", what, detail))
        print(f"  ok    {what}" + (f": {detail}" if detail else ""), flush=True)

    def fail(self, what, detail=""):
        self.rows.append(("FAIL", what, detail))
        print(f"  FAIL  {what}" + (f": {detail}" if detail else ""), flush=True)

    def check(self, condition, what, detail=""):
        (self.ok if condition else self.fail)(what, detail)
        return condition

    def failed(self):
        return [row for row in self.rows if row[0] == "FAIL"]

    def timed(self, name, started):
        self.timings.append((name, time.monotonic() - started))


# ---------------------------------------------------------------------------------------------------
# The Dockerfile

class Instruction:
    def __init__(self, keyword, text, line):
        self.keyword, self.text, self.line = keyword, text, line

    def json_form(self):
        """The instruction's arguments when written as a JSON array, else None."""
        if self.text.lstrip().startswith("["):
            try:
                value = json.loads(self.text)
            except ValueError:
                return None
            if isinstance(value, list) and all(isinstance(item, str) for item in value):
                return value
        return None

    def flags_and_rest(self):
        """`--name=value` flags before the arguments, and the arguments' text."""
        flags, rest = {}, self.text.strip()
        while rest.startswith("--"):
            word, _, rest = rest.partition(" ")
            name, _, value = word[2:].partition("=")
            flags[name] = value
            rest = rest.strip()
        return flags, rest


class Stage:
    def __init__(self, image, name, index):
        self.image, self.name, self.index = image, name, index
        self.instructions = []


def parse_dockerfile(path):
    """The stages of the Dockerfile at `path`: line continuations joined, comments dropped."""
    stages, pending, start = [], "", 0
    with open(path) as file:
        lines = file.read().split("\n")
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if stripped.startswith("#") or (not stripped and not pending):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        text = (pending + stripped).strip()
        pending = ""
        keyword, _, rest = text.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            words = rest.split()
            words = [w for w in words if not w.startswith("--")]
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], name, len(stages)))
            continue
        if not stages:
            raise CheckFailed(f"{path}:{number}: {keyword} before FROM")
        stages[-1].instructions.append(Instruction(keyword, rest.strip(), start))
    return stages


def parse_env(text):
    """ENV's pairs, in both of its forms (`ENV K=V K2=V2` and `ENV K V`)."""
    words = shlex.split(text)
    if words and "=" not in words[0]:
        return [(words[0], text.split(None, 1)[1] if len(words) > 1 else "")]
    return [tuple(word.split("=", 1)) for word in words]


def shell_or_exec(instruction):
    """The argv an engine runs for a RUN/CMD/ENTRYPOINT in either form (shell form through /bin/sh -c)."""
    argv = instruction.json_form()
    return argv if argv is not None else ["/bin/sh", "-c", instruction.text]


def parse_duration(text):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m|h)", text)
    if not match:
        raise CheckFailed(f"unreadable duration {text!r}")
    return float(match.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def parse_healthcheck(instruction):
    flags, rest = instruction.flags_and_rest()
    if rest.upper() == "NONE":
        return None
    keyword, _, command = rest.partition(" ")
    if keyword.upper() != "CMD":
        raise CheckFailed(f"HEALTHCHECK without CMD on line {instruction.line}")
    options = {"interval": 30.0, "timeout": 30.0, "start-period": 0.0, "retries": 3}
    for name, value in flags.items():
        options[name] = int(value) if name == "retries" else parse_duration(value)
    argv = Instruction("CMD", command, instruction.line).json_form()
    options["argv"] = argv if argv is not None else ["/bin/sh", "-c", command]
    return options


def apt_packages(command):
    """The packages an `apt-get install` in a RUN command names."""
    packages = []
    for part in re.split(r"&&|;|\|\|", command):
        words = part.split()
        if "apt-get" in words and "install" in words:
            after = words[words.index("install") + 1:]
            packages += [word for word in after if not word.startswith("-")]
    return packages


def dockerignore(context):
    path = os.path.join(context, ".dockerignore")
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return [line.strip().rstrip("/") for line in file if line.strip() and not line.startswith("#")]


def ignored(relative, patterns):
    """Whether .dockerignore leaves `relative` out of the context (patterns match from the context's
    root; `**` matches any number of folders), as the engine reads it."""
    result = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!")
        regex = re.escape(pattern).replace(r"\*\*/", "(?:.*/)?").replace(r"\*\*", ".*")
        regex = regex.replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        if re.fullmatch(regex, relative):
            result = not negate
    return result


def copy_from_context(context, sources, destination, patterns):
    """COPY from the build context: each source (a file, or a folder whose contents are copied),
    without what .dockerignore leaves out, times and modes kept. A folder already at the destination
    is brought to the source's content, except the build folders (`.build`) made in it by an earlier
    run, so that a second run's build is incremental."""
    for source in sources:
        path = os.path.join(context, source)
        if not os.path.exists(path) or ignored(os.path.relpath(path, context), patterns):
            raise CheckFailed(f"COPY {source}: not in the build context")
        if os.path.isdir(path):
            sync_tree(path, destination.rstrip("/"), context, patterns)
        else:
            target = destination
            if destination.endswith("/") or os.path.isdir(destination):
                target = os.path.join(destination, os.path.basename(path))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(path, target)


def sync_tree(source, destination, context, patterns):
    os.makedirs(destination, exist_ok=True)
    wanted = {name for name in os.listdir(source)
              if not ignored(os.path.relpath(os.path.join(source, name), context), patterns)}
    for name in os.listdir(destination):
        if name not in wanted and name != ".build":
            target = os.path.join(destination, name)
            shutil.rmtree(target) if os.path.isdir(target) and not os.path.islink(target) else os.remove(target)
    for name in wanted:
        here, there = os.path.join(source, name), os.path.join(destination, name)
        if os.path.isdir(here) and not os.path.islink(here):
            sync_tree(here, there, context, patterns)
        else:
            same = os.path.lexists(there) and os.lstat(there).st_size == os.lstat(here).st_size \
                and os.lstat(there).st_mtime_ns == os.lstat(here).st_mtime_ns
            if not same:
                if os.path.isdir(there) and not os.path.islink(there):
                    shutil.rmtree(there)
                shutil.copy2(here, there, follow_symlinks=False)


# ---------------------------------------------------------------------------------------------------
# The build stage, on this machine

def run_build_stage(stage, context, workspace, report):
    """Runs the build stage's instructions with every path P of the stage at workspace/P (WORKDIR /src is
    workspace/src); its package installs are checked against this machine's packages instead of run."""
    started = time.monotonic()
    patterns = dockerignore(context)
    workdir, env = "/", {}
    swift = shutil.which("swift")
    path = (os.path.dirname(os.path.realpath(swift)) + ":" if swift else "") + DEFAULT_PATH
    base = stage.image
    print(f"build stage {stage.name or stage.index} ({base}) on this machine", flush=True)
    codename = os_release().get("VERSION_CODENAME", "?")
    tag = base.partition(":")[2]
    if base.startswith("swift:"):
        version = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
        wanted = tag.split("-")[0]
        report.check(f"version {wanted}" in version and codename in tag,
                     f"this machine stands in for {base}", f"{version.strip()} on Debian {codename}")

    def mapped(container_path):
        return os.path.join(workspace, container_path.lstrip("/"))

    # What an earlier run left outside the working folders (the stage's /out) goes, so that a stale
    # file cannot stand in for one this build no longer makes; the working folders keep their builds.
    kept = {i.text.strip("/").split("/")[0] for i in stage.instructions if i.keyword == "WORKDIR"}
    if os.path.isdir(workspace):
        for entry in set(os.listdir(workspace)) - kept:
            shutil.rmtree(mapped(entry)) if os.path.isdir(mapped(entry)) else os.remove(mapped(entry))

    for instruction in stage.instructions:
        keyword = instruction.keyword
        if keyword == "WORKDIR":
            workdir = os.path.join(workdir, instruction.text)
            os.makedirs(mapped(workdir), exist_ok=True)
        elif keyword == "ENV":
            env.update(parse_env(instruction.text))
        elif keyword == "COPY":
            flags, rest = instruction.flags_and_rest()
            words = instruction.json_form() or rest.split()
            destination = os.path.join(workdir, words[-1])
            if words[-1].endswith("/"):
                destination += "/"
            copy_from_context(context, words[:-1], mapped(destination), patterns)
        elif keyword == "RUN":
            packages = apt_packages(instruction.text)
            if packages:
                missing = [p for p in packages if not dpkg_installed(p)]
                report.check(not missing, "the build stage's packages are installed here",
                             " ".join(packages) + (f" (missing: {' '.join(missing)})" if missing else ""))
                continue
            # An absolute path whose first folder this machine does not have (the stage's /out) is the
            # stage's own: it is moved under the workspace. /dev/null and the like stay as they are.
            command = re.sub(r"(?<![\w./-])/(\w[\w.-]*)",
                             lambda m: m.group(0) if os.path.exists(m.group(0)) else mapped(m.group(0)),
                             instruction.text)
            print(f"  RUN {command}", flush=True)
            result = subprocess.run(["/bin/sh", "-c", command], cwd=mapped(workdir),
                                    env={**os.environ, **env, "PATH": path})
            if result.returncode != 0:
                raise CheckFailed(f"the build stage's RUN on line {instruction.line} failed ({result.returncode})")
        elif keyword in ("LABEL", "ARG"):
            continue
        else:
            raise CheckFailed(f"{keyword} in the build stage (line {instruction.line}) is not handled by this check")
    report.timed("build stage", started)
    return mapped


# ---------------------------------------------------------------------------------------------------
# The runtime stage's root

def os_release(root="/"):
    values = {}
    try:
        with open(os.path.join(root, "etc/os-release")) as file:
            for line in file:
                key, _, value = line.strip().partition("=")
                values[key] = value.strip('"')
    except OSError:
        pass
    return values


def dpkg_installed(package, root=None):
    argv = ["dpkg-query", "-W", "-f=${Status}", package]
    if root:
        argv[1:1] = ["--admindir", os.path.join(root, "var/lib/dpkg")]
    result = subprocess.run(argv, capture_output=True, text=True)
    return result.returncode == 0 and result.stdout.endswith("installed")


def host_debian_sources(suite):
    """This machine's Debian sources when it runs the same release (the mirror it is known to reach)."""
    if os_release().get("VERSION_CODENAME") != suite:
        return []
    for path in ("/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"):
        if os.path.exists(path) and os.path.getsize(path):
            return [path]
    return []


def base_root(image, cache, report):
    """A tarball of a minimal root of the Debian release that `image` (debian:RELEASE[-slim]) is."""
    name, _, tag = image.partition(":")
    if name not in ("debian", "docker.io/library/debian"):
        raise CheckFailed(f"the runtime stage's base {image} is not a Debian image; this check builds Debian roots only")
    suite = tag.split("-")[0] or "stable"
    tarball = os.path.join(cache, f"debian-{suite}-minbase.tar")
    if os.path.exists(tarball):
        report.ok(f"minimal Debian {suite} root for {image}", f"cached {os.path.relpath(tarball, ROOT)}")
        return tarball, suite
    if not shutil.which("mmdebstrap"):
        raise CheckFailed("mmdebstrap is missing (`make check-image` installs it)")
    started = time.monotonic()
    partial = tarball + ".partial.tar"
    argv = ["mmdebstrap", "--variant=minbase", "--mode=root", "--quiet", suite, partial] + host_debian_sources(suite)
    print("  " + " ".join(argv), flush=True)
    if subprocess.run(argv).returncode != 0:
        raise CheckFailed("mmdebstrap failed")
    os.replace(partial, tarball)
    report.timed("mmdebstrap", started)
    report.ok(f"minimal Debian {suite} root for {image}", "mmdebstrap --variant=minbase")
    return tarball, suite


def extract(tarball, root):
    if os.path.exists(root):
        subprocess.run(["umount", "-R", root], capture_output=True)
        shutil.rmtree(root)
    os.makedirs(root)
    subprocess.run(["tar", "--numeric-owner", "-xpf", tarball, "-C", root], check=True)


def chroot_run(root, argv, env, user=(0, 0), workdir="/"):
    """Runs `argv` in `root` as an image build does: its own mount namespace, /proc, /dev and this
    machine's resolv.conf bound in (the network is needed by apt-get)."""
    uid, gid = user
    script = f"""set -e
mount --make-rprivate /
mount -t proc proc {shlex.quote(root)}/proc
mount --rbind /dev {shlex.quote(root)}/dev
touch {shlex.quote(root)}/etc/resolv.conf
mount --bind /etc/resolv.conf {shlex.quote(root)}/etc/resolv.conf
exec chroot --userspec={uid}:{gid} {shlex.quote(root)} /usr/bin/env -i {" ".join(shlex.quote(f"{k}={v}") for k, v in env.items())} sh -c {shlex.quote("cd " + shlex.quote(workdir) + " && exec " + " ".join(shlex.quote(a) for a in argv))}
"""
    return subprocess.run(["unshare", "--mount", "--fork", "/bin/sh", "-c", script]).returncode


def resolve_user(root, user):
    """(uid, gid) of USER as the engine resolves it: a name or number from the image's /etc/passwd; a
    number without a passwd entry has group 0."""
    name, _, group = user.partition(":")
    entries = []
    with open(os.path.join(root, "etc/passwd")) as file:
        entries = [line.strip().split(":") for line in file if line.count(":") >= 6]
    uid = gid = None
    for entry in entries:
        if entry[0] == name or entry[2] == name:
            uid, gid = int(entry[2]), int(entry[3])
    if uid is None:
        if not name.isdigit():
            raise CheckFailed(f"USER {user}: no such user in the image")
        uid, gid = int(name), 0
    if group:
        gid = int(group) if group.isdigit() else group_id(root, group)
    return uid, gid


def group_id(root, name):
    with open(os.path.join(root, "etc/group")) as file:
        for line in file:
            fields = line.strip().split(":")
            if fields[0] == name:
                return int(fields[2])
    raise CheckFailed(f"no group {name} in the image")


class Image:
    def __init__(self):
        self.workdir, self.user, self.env = "/", "root", {"PATH": DEFAULT_PATH}
        self.entrypoint, self.cmd, self.exposed, self.volumes = [], [], [], []
        self.healthcheck, self.stop_signal = None, "SIGTERM"


def runtime_root(stage, context, build_path, cache, name, report):
    """Builds the runtime stage into cache/NAME.root; returns the Image it describes and the root."""
    started = time.monotonic()
    tarball, suite = base_root(stage.image, cache, report)
    image = Image()
    # The instructions before the first COPY make the cached layer (the packages' download and install).
    first_copy = next((i for i, ins in enumerate(stage.instructions) if ins.keyword == "COPY"), len(stage.instructions))
    head = stage.instructions[:first_copy]
    key = hashlib.sha1((tarball + "\n" + "\n".join(f"{i.keyword} {i.text}" for i in head)).encode()).hexdigest()[:16]
    layer = os.path.join(cache, f"root-{suite}-{key}.tar")
    root = os.path.join(cache, name + ".root")
    cached = os.path.exists(layer)
    extract(layer if cached else tarball, root)
    patterns = dockerignore(context)
    for index, instruction in enumerate(stage.instructions):
        keyword, text = instruction.keyword, instruction.text
        if index == first_copy and not cached:
            subprocess.run(["tar", "--numeric-owner", "-cpf", layer + ".partial", "-C", root, "."], check=True)
            os.replace(layer + ".partial", layer)
        if keyword == "WORKDIR":
            image.workdir = os.path.join(image.workdir, text)
            os.makedirs(os.path.join(root, image.workdir.lstrip("/")), exist_ok=True)
        elif keyword == "ENV":
            image.env.update(parse_env(text))
        elif keyword == "USER":
            image.user = text
        elif keyword == "RUN":
            if cached and index < first_copy:
                continue
            print(f"  RUN (in the root) {text}", flush=True)
            env = {**image.env, "HOME": "/root", "DEBIAN_FRONTEND": "noninteractive"}
            user = resolve_user(root, image.user)
            if chroot_run(root, shell_or_exec(instruction), env, user, image.workdir) != 0:
                raise CheckFailed(f"the runtime stage's RUN on line {instruction.line} failed")
        elif keyword == "COPY":
            flags, rest = instruction.flags_and_rest()
            if set(flags) - {"from"}:
                raise CheckFailed(f"COPY --{' --'.join(flags)} on line {instruction.line} is not handled by this check")
            words = instruction.json_form() or rest.split()
            destination = os.path.join(image.workdir, words[-1])
            target = os.path.join(root, destination.lstrip("/")) + ("/" if words[-1].endswith("/") else "")
            if "from" in flags:
                for source in words[:-1]:
                    built = build_path(source)
                    if not os.path.exists(built):
                        raise CheckFailed(f"COPY --from={flags['from']} {source}: the build stage made no such file")
                    os.makedirs(os.path.dirname(target.rstrip("/")), exist_ok=True)
                    if os.path.isdir(built):
                        shutil.copytree(built, target, dirs_exist_ok=True)
                    else:
                        shutil.copy2(built, target)
            else:
                copy_from_context(context, words[:-1], target, patterns)
            subprocess.run(["chown", "-R", "0:0", target.rstrip("/")], check=True)
        elif keyword == "EXPOSE":
            image.exposed += [int(port.split("/")[0]) for port in text.split()]
        elif keyword == "VOLUME":
            image.volumes += instruction.json_form() or text.split()
        elif keyword == "HEALTHCHECK":
            image.healthcheck = parse_healthcheck(instruction)
        elif keyword == "ENTRYPOINT":
            image.entrypoint = shell_or_exec(instruction)
            image.cmd = []  # an ENTRYPOINT resets CMD, as the engine does
        elif keyword == "CMD":
            image.cmd = shell_or_exec(instruction)
        elif keyword == "STOPSIGNAL":
            image.stop_signal = text if text.startswith("SIG") or text.isdigit() else "SIG" + text
        elif keyword == "LABEL":
            continue
        else:
            raise CheckFailed(f"{keyword} in the runtime stage (line {instruction.line}) is not handled by this check")
    installed = [p for i in head if i.keyword == "RUN" for p in apt_packages(i.text)]
    present = [p for p in installed if dpkg_installed(p, root)]
    report.check(present == installed, "the runtime stage's RUN ran inside the root as written",
                 f"installed {' '.join(present)}" + (" (cached)" if cached else ""))
    report.timed("runtime root", started)
    return image, root


# ---------------------------------------------------------------------------------------------------
# Running the image

LAUNCHER = r"""
import os, subprocess, sys, json
spec = json.loads(sys.argv[1])
root = spec["root"]
def sh(*argv):
    subprocess.run(argv, check=True)
sh("mount", "--make-rprivate", "/")
sh("mount", "--bind", root, root)
sh("mount", "-t", "proc", "-o", "nosuid,nodev,noexec", "proc", root + "/proc")
sh("mount", "-t", "sysfs", "-o", "ro,nosuid,nodev,noexec", "sysfs", root + "/sys")
sh("mount", "-t", "tmpfs", "-o", "nosuid,mode=755,size=64k", "tmpfs", root + "/dev")
for device in spec["devices"]:
    open(root + "/dev/" + device, "w").close()
    sh("mount", "--bind", "/dev/" + device, root + "/dev/" + device)
for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                     ("stderr", "/proc/self/fd/2")):
    os.symlink(target, root + "/dev/" + name)
sh("mount", "-o", "remount,ro,nosuid", root + "/dev")
for name, path in spec["etc"].items():
    target = root + "/etc/" + name
    if not os.path.exists(target):
        open(target, "w").close()
    sh("mount", "--bind", "-o", "ro", path, target)
for path, source in spec["volumes"].items():
    target = root + path
    os.makedirs(target, exist_ok=True)
    sh("mount", "--bind", source, target)
sh("ip", "link", "set", "lo", "up")
sh("mount", "-o", "remount,bind,ro", root)
os.chroot(root)
os.chdir(spec["workdir"])
os.setgroups([])
os.setgid(spec["gid"])
os.setuid(spec["uid"])
os.execve(spec["argv"][0] if spec["argv"][0].startswith("/") else spec["argv"][0], spec["argv"], spec["env"])
"""


def container_pid(unshare_pid, deadline):
    """The host PID of the container's PID 1 (the child unshare forked)."""
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{unshare_pid}/task/{unshare_pid}/children") as file:
                children = file.read().split()
            if children:
                return int(children[0])
        except OSError:
            pass
        time.sleep(0.02)
    raise CheckFailed("the container's process did not start")


def exec_in(pid, argv, uid, gid, env, timeout=10):
    """Runs `argv` inside the running container (its namespaces, root and working directory) as the
    given user, as `docker exec` does; returns (status, output)."""
    command = ["nsenter", "-t", str(pid), "-m", "-n", "-p", "-u", "-i", "-r", "-w",
               "-S", str(uid), "-G", str(gid), "/usr/bin/env", "-i"] + [f"{k}={v}" for k, v in env.items()] + argv
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    return result.returncode, (result.stdout + result.stderr).strip()


def check_libraries(root, binary, uid, gid, report):
    """ldd of the binary inside the root as the image's user: every library resolves, and each comes
    from a Debian package installed there (not from something copied in)."""
    def inside(*argv):
        result = subprocess.run(["chroot", f"--userspec={uid}:{gid}", root, *argv], capture_output=True, text=True)
        return result.returncode, (result.stdout + result.stderr).strip()
    status, output = inside("ldd", binary)
    libraries = re.findall(r"=> (/\S+)", output)
    missing = re.findall(r"(\S+) => not found", output)
    report.check(status == 0 and not missing and libraries, f"ldd {binary} inside the root: every library resolves",
                 f"missing: {' '.join(missing)}" if missing else " ".join(os.path.basename(l) for l in libraries))
    owners = set()
    for library in libraries:
        status, owner = inside("dpkg", "-S", library)
        if status != 0:  # /lib is a symlink to /usr/lib in bookworm: dpkg knows one of the two names
            alternate = library[4:] if library.startswith("/usr/") else "/usr" + library
            status, owner = inside("dpkg", "-S", alternate)
        owners.add(owner.split(":")[0] if status == 0 else f"{library} (no package)")
    report.check(all("no package" not in o for o in owners), "every library comes from a Debian package in the root",
                 " ".join(sorted(owners)))


def run_image(image, root, run_dir, args, report):
    uid, gid = resolve_user(root, image.user)
    argv = image.entrypoint + image.cmd
    if not argv:
        raise CheckFailed("the image has neither ENTRYPOINT nor CMD")
    home = next((line.split(":")[5] for line in open(os.path.join(root, "etc/passwd"))
                 if line.split(":")[2:3] == [str(uid)]), "/")
    env = {**image.env, "HOSTNAME": "liveui-check", "HOME": home}
    if os.path.exists(run_dir):
        shutil.rmtree(run_dir)
    os.makedirs(run_dir)
    # Each VOLUME is a new volume, filled from the image's content at that path (owner and mode
    # included), as the engine fills a new named or anonymous volume.
    volumes = {}
    for index, path in enumerate(image.volumes + args.volume):
        source = os.path.join(run_dir, f"volume{index}")
        inside = os.path.join(root, path.lstrip("/"))
        if os.path.isdir(inside):
            shutil.copytree(inside, source, symlinks=True)
            shutil.copystat(inside, source)
            stat = os.stat(inside)
            os.chown(source, stat.st_uid, stat.st_gid)
        else:
            os.makedirs(source)
        volumes[path] = source
    etc = {}
    for name, content in (("hosts", "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n"
                                    "127.0.0.1\tliveui-check\n"),
                          ("hostname", "liveui-check\n"), ("resolv.conf", "")):
        path = os.path.join(run_dir, name)
        with open(path, "w") as file:
            file.write(content)
        etc[name] = path

    # What the user may write in the image as built (an engine without --read-only leaves these
    # writable); the run below mounts the root read-only, so only the volumes are.
    writable = subprocess.run(["chroot", f"--userspec={uid}:{gid}", root, "find", "/", "-xdev", "-writable",
                               "-type", "d", "-not", "-path", "/proc/*"], capture_output=True, text=True).stdout.split()
    report.ok(f"folders uid {uid} may write in the image as built", " ".join(writable) or "none")
    check_libraries(root, argv[0], uid, gid, report)
    for path in image.volumes + args.volume:
        report.check(path in writable or os.stat(volumes[path]).st_uid == uid,
                     f"volume {path} is writable by uid {uid} in the image as built",
                     f"owner {os.stat(volumes[path]).st_uid}:{os.stat(volumes[path]).st_gid} mode "
                     f"{oct(os.stat(volumes[path]).st_mode & 0o7777)}")

    spec = {"root": root, "devices": DEVICES, "etc": etc, "volumes": volumes, "workdir": image.workdir,
            "uid": uid, "gid": gid, "argv": argv, "env": env}
    log_path = os.path.join(run_dir, "container.log")
    log = open(log_path, "w")
    print(f"run: {' '.join(argv)} as {uid}:{gid} in {image.workdir}, env "
          + " ".join(f"{k}={v}" for k, v in image.env.items()), flush=True)
    started = time.monotonic()
    unshare = subprocess.Popen(["unshare", "--mount", "--net", "--pid", "--uts", "--ipc", "--fork", "--kill-child",
                                sys.executable, "-c", LAUNCHER, json.dumps(spec)], stdout=log, stderr=subprocess.STDOUT)
    try:
        pid = container_pid(unshare.pid, time.monotonic() + 10)
        return probe(image, pid, unshare, uid, gid, env, argv, log_path, started, report, args)
    finally:
        if unshare.poll() is None:
            unshare.kill()
            unshare.wait()
        log.close()


def wait_healthy(image, pid, uid, gid, env, unshare, report):
    """Runs the HEALTHCHECK command as the engine would until it passes. The engine first probes one
    interval after the start; this check probes every 0.2 s so as not to wait, and gives up where the
    engine would call the container unhealthy (start period plus retries × interval)."""
    health = image.healthcheck
    if health is None:
        report.fail("HEALTHCHECK", "the image declares none")
        return False
    started = time.monotonic()
    deadline = started + health["start-period"] + health["retries"] * health["interval"]
    attempts, output = 0, ""
    while time.monotonic() < deadline and unshare.poll() is None:
        attempts += 1
        status, output = exec_in(pid, health["argv"], uid, gid, env, timeout=health["timeout"])
        if status == 0:
            elapsed = time.monotonic() - started
            report.check(elapsed <= health["start-period"] + health["interval"],
                         f"HEALTHCHECK {' '.join(health['argv'])} passes inside the container",
                         f"after {elapsed:.2f} s ({attempts} tries), within its start period "
                         f"{health['start-period']:g} s + interval {health['interval']:g} s; answered {output[:60]!r}")
            return True
        time.sleep(0.2)
    ended = unshare.poll()
    report.fail("HEALTHCHECK passes inside the container", f"last try: {output[:200]}" +
                (f"; the process ended with status {ended}" if ended is not None else ""))
    return False


def probe(image, pid, unshare, uid, gid, env, argv, log_path, started, report, args):
    if not wait_healthy(image, pid, uid, gid, env, unshare, report):
        if unshare.poll() is None:
            stop(image, unshare, pid, report)
        print("container output (last lines):")
        for line in open(log_path).read().splitlines()[-12:]:
            print("  | " + line)
        return
    report.timed("start to healthy", started)
    with open(f"/proc/{pid}/status") as file:
        status = dict(line.split(":", 1) for line in file if ":" in line)
    uids, gids = status["Uid"].split(), status["Gid"].split()
    report.check(uids == [str(uid)] * 4 and gids == [str(gid)] * 4 and status.get("Groups", "").strip() == "",
                 f"runs as USER {image.user}", f"uid {uids[0]} gid {gids[0]}, no supplementary groups, PID 1 in its namespace")
    with open(f"/proc/{pid}/cmdline") as file:
        cmdline = file.read().rstrip("\0").split("\0")
    report.check(cmdline == argv, "runs ENTRYPOINT + CMD as written", " ".join(cmdline))
    for path in ["/", image.workdir, "/tmp"]:
        status, output = exec_in(pid, ["/bin/sh", "-c", f"echo x > {shlex.quote(path.rstrip('/') + '/.write-check')}"],
                                 uid, gid, env)
        report.check(status != 0, f"{path} is not writable in the running container", output.split(":")[-1].strip())
    for path in image.volumes + args.volume:
        status, output = exec_in(pid, ["/bin/sh", "-c", f"echo x > {path}/.write-check && rm {path}/.write-check"],
                                 uid, gid, env)
        report.check(status == 0, f"volume {path} is writable in the running container", output)
    # HTTP, from inside the container's network namespace (the EXPOSEd port needs no publishing).
    port = image.exposed[0] if image.exposed else 8080
    with open(f"/proc/{pid}/net/tcp") as file:
        listening = [line.split()[1] for line in file.readlines()[1:] if line.split()[3] == "0A"]
    report.check(f"00000000:{port:04X}" in listening, f"listens on 0.0.0.0:{port} (EXPOSE {port})",
                 " ".join(listening))
    result = subprocess.run(["nsenter", "-t", str(pid), "-n", sys.executable, os.path.abspath(__file__),
                             "--probe-http", str(port), "--route", args.route], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        state, _, rest = line.partition(" ")
        what, _, detail = rest.partition(" | ")
        report.check(state == "ok", what, detail)
    if result.returncode != 0 and not result.stdout:
        report.fail("HTTP probes", result.stderr[-500:])
    stop(image, unshare, pid, report)
    with open(log_path) as file:
        lines = file.read().splitlines()
    print("container output (last lines):")
    for line in lines[-8:]:
        print("  | " + line)


def stop(image, unshare, pid, report):
    """Sends STOPSIGNAL to PID 1 as `docker stop` does and waits its grace period for the exit."""
    number = getattr(signal, image.stop_signal) if not image.stop_signal.isdigit() else int(image.stop_signal)
    started = time.monotonic()
    os.kill(pid, number)
    try:
        status = unshare.wait(timeout=STOP_GRACE_SECONDS)
        report.check(status == 0, f"{image.stop_signal} ends it with exit status 0",
                     f"status {status} after {time.monotonic() - started:.2f} s")
    except subprocess.TimeoutExpired:
        report.fail(f"{image.stop_signal} ends it", f"still running after {STOP_GRACE_SECONDS} s (the engine would SIGKILL)")


# ---------------------------------------------------------------------------------------------------
# HTTP probes, run inside the container's network namespace

def probe_http(port, route):
    """Prints `ok|FAIL what | detail` lines: a page, its assets, /healthz, a session, an event."""
    cookies = {}

    def fetch(method, path, body=None, headers=None):
        """One request with the cookies the server set so far; the response, read."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = dict(headers or {})
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.data = response.read()
        connection.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            cookies[name.strip()] = rest.split(";")[0]
        return response

    def request(method, path, body=None, headers=None):
        response = fetch(method, path, body, headers)
        return response.status, response.getheader("Content-Type", ""), response.data

    def follow(method, path, body=None, headers=None):
        """The response at the end of same-site redirects (three at most), and the redirects taken."""
        redirects = []
        while True:
            response = fetch(method, path, body, headers)
            location = response.getheader("Location", "")
            if response.status not in (301, 302, 303, 307, 308) or not location.startswith("/") or len(redirects) == 3:
                return response, path, redirects
            redirects.append(f"{response.status} to {location}")
            method, path, body, headers = "GET", location, None, None

    def line(ok, what, detail=""):
        print(f"{'ok' if ok else 'FAIL'} {what} | {detail}", flush=True)

    status, kind, body = request("GET", "/healthz")
    line(status == 200, "GET /healthz", f"{status} {body[:40]!r}")
    # A page that sends its visitors elsewhere is followed, as a browser would; a plain sign-in form
    # there (an app's own, before any session exists) is filled in and posted, and its cookie kept.
    response, path, redirects = follow("GET", route)
    form = re.search(r'<form[^>]*method="post"[^>]*action="(/[^"]*)"[^>]*>(.*?)</form>',
                     response.data.decode("utf-8", "replace"), re.S | re.I)
    if redirects and form and "data-lid" not in response.data.decode("utf-8", "replace"):
        fields = {name: "check" for name in re.findall(r'<input[^>]*name="([^"]+)"', form.group(2))}
        signed_in, _, taken = follow("POST", form.group(1), urllib.parse.urlencode(fields).encode(),
                                     {"Content-Type": "application/x-www-form-urlencoded"})
        line(signed_in.status == 200 and bool(cookies), f"signs in through the form at {path}",
             f"{' '.join(fields)} posted to {form.group(1)}, cookies {' '.join(cookies)}, {', '.join(taken)}")
        response, path, redirects = follow("GET", route)
    status, kind, body = response.status, response.getheader("Content-Type", ""), response.data
    route = path.split("?")[0]
    page = body.decode("utf-8", "replace")
    line(status == 200 and kind.startswith("text/html") and "<html" in page.lower(), f"GET {route} (a full page)",
         f"{status} {kind}, {len(body)} bytes" + (f", after {', '.join(redirects)}" if redirects else ""))
    assets = sorted(set(re.findall(r'(?:src|href)="(/[^"/][^"]*)"', page)) - {route})
    assets = [a for a in assets if re.search(r"\.(js|css|png|svg|ico|woff2?)(\?|$)", a)]
    failing = []
    for asset in assets:
        status, _, _ = request("GET", asset)
        if status != 200:
            failing.append(f"{asset} {status}")
    line(not failing, "the page's scripts, styles and images load", f"{len(assets)} files" +
         (f"; failing: {', '.join(failing)}" if failing else ""))
    pages = sorted(set(re.findall(r'href="(/[^"?#.]*)"', page)) - {route})

    def elements(html):
        """(target, events) of each element in `html` that sends events."""
        found = []
        for tag in re.findall(r"<\w+[^>]*>", html):
            events, target = re.search(r'data-on="([^"]*)"', tag), re.search(r'data-lid="([^"]+)"', tag)
            if events and target:
                found.append((target.group(1), events.group(1).split()))
        return found

    # A session on the first page (the route, then the pages it links to) with an element that takes a
    # click or text; a link that is not a LiveUI page (404 here) is passed over.
    found = []
    for candidate in [route] + pages:
        status, _, body = request("POST", f"/liveui/session?route={candidate}", b"",
                                  {"Content-Type": "application/json"})
        if status == 404:
            continue
        try:
            session = json.loads(body)
            sid, token, html = session["session"], session["token"], session["html"]
        except (ValueError, KeyError):
            line(False, f"POST /liveui/session?route={candidate}", f"{status} {body[:200]!r}")
            return
        found = [(t, e) for t, e in elements(html) if "click" in e or "input" in e]
        if found:
            break
    if not found:
        line(False, "a page with an element that takes a click or text", f"none of {[route] + pages}")
        return
    line(status == 200, f"POST /liveui/session?route={candidate}",
         f"{status}, session {sid[:8]}…, {len(html)} bytes of HTML")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as stream:
        stream.sendall(f"GET /liveui/stream?route={candidate} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       f"X-LiveUI-Session: {sid}\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = stream.recv(4096)
            if not chunk:
                break
            head += chunk
    first = head.split(b"\r\n")[0].decode("latin-1")
    line(" 200 " in first and b"text/event-stream" in head.lower(), "GET /liveui/stream (the session's event stream)",
         first)
    headers = {"X-LiveUI-Session": sid, "X-LiveUI-Token": token, "Content-Type": "application/json"}

    def event(fields, what):
        status, _, body = request("POST", "/liveui/event", json.dumps(fields).encode(), headers)
        try:
            answer = json.loads(body)
        except ValueError:
            answer = {}
        line(status == 200 and "patches" in answer, what,
             f"{status}, version {answer.get('version')}, {len(answer.get('patches', []))} patches")

    # Text first (a field whose button waits for it), then a click on the page as it is then.
    typed = next((t for t, e in found if "input" in e), None)
    if typed:
        event({"target": typed, "type": "input", "value": "check"}, "POST /liveui/event (text typed)")
        _, _, body = request("GET", f"/liveui/html?route={candidate}", headers={"X-LiveUI-Session": sid})
        found = elements(body.decode("utf-8", "replace"))
    clicked = next((t for t, e in found if "click" in e), None)
    if clicked:
        event({"target": clicked, "type": "click"}, "POST /liveui/event (a click)")
    target = clicked or typed
    status, _, body = request("POST", "/liveui/event", json.dumps({"target": target, "type": "click"}).encode(),
                              dict(headers, **{"X-LiveUI-Token": "0" * len(token)}))
    line(status == 403, "an event with a wrong token is refused", f"{status}")
    # The pages it links to, last: one of them may be a sign-out.
    failing = [f"{p} {request('GET', p)[0]}" for p in pages]
    failing = [f for f in failing if not re.search(r" (200|30[1-8])$", f)]
    line(not failing, f"the pages {route} links to load", f"{len(pages)} pages" +
         (f"; failing: {', '.join(failing)}" if failing else ""))


# ---------------------------------------------------------------------------------------------------

NOT_CHECKED = [
    "the engine's own build: the swift image's toolchain and packages are stood in for by this machine's "
    "(same Swift release, same Debian release), and the build stage runs in a copy of its COPY'd files, "
    "not in a container",
    "debian:*-slim itself: the root is Debian's minbase of the same release and mirror; the slim image "
    "also drops documentation and locales and is built on another day's packages",
    "the engine's HEALTHCHECK scheduling (interval, retries) and its health status: the command is run "
    "the way the engine runs it, on a tighter schedule",
    "publishing the EXPOSEd port on the host, and the engine's bridge network: probes reach the port "
    "inside the container's own network namespace",
    "the engine's seccomp profile, capability set, cgroup limits and restart policy; /dev/shm (the run "
    "has none)",
    "`docker stop` beyond the signal: its grace period is waited for, nothing is sent after it",
    "other architectures than this machine's",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dockerfile", default="Dockerfile")
    parser.add_argument("--context", default=".")
    parser.add_argument("--cache", default=".build/image", help="the Debian roots and build copies")
    parser.add_argument("--route", default="/", help="the page the session and its click are on")
    parser.add_argument("--volume", action="append", default=[], help="a volume the Dockerfile does not declare")
    parser.add_argument("--skip-build", action="store_true",
                        help="use what the build stage made in an earlier run instead of running it")
    parser.add_argument("--probe-http", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe_http:
        probe_http(args.probe_http, args.route)
        return 0
    if os.geteuid() != 0:
        print("check-image: needs root (mmdebstrap, chroot, namespaces)", file=sys.stderr)
        return 2
    os.chdir(ROOT)
    report = Report()
    context = os.path.abspath(args.context)
    dockerfile = os.path.abspath(args.dockerfile)
    name = re.sub(r"[^\w.-]+", "-", os.path.relpath(dockerfile, ROOT))
    cache = os.path.abspath(args.cache)
    os.makedirs(cache, exist_ok=True)
    started = time.monotonic()
    try:
        stages = parse_dockerfile(dockerfile)
        if len(stages) < 2:
            raise CheckFailed("expected a build stage and a runtime stage")
        print(f"check-image: {os.path.relpath(dockerfile, ROOT)}: {len(stages)} stages", flush=True)
        build_path = None
        workspace = os.path.join(cache, name)
        for stage in stages[:-1]:
            if args.skip_build:
                report.skipped.append("the build stage (--skip-build): what an earlier run built is used")
                build_path = lambda path: os.path.join(workspace, path.lstrip("/"))  # noqa: E731
            else:
                build_path = run_build_stage(stage, context, workspace, report)
        runtime = stages[-1]
        print(f"runtime stage ({runtime.image}) as a Debian root", flush=True)
        image, root = runtime_root(runtime, context, build_path, cache, name, report)
        run_image(image, root, os.path.join(cache, name + ".run"), args, report)
    except CheckFailed as error:
        report.fail("check-image", str(error))
    report.timed("total", started)
    print("\nnot checked (no engine here):")
    for line in report.skipped + NOT_CHECKED:
        print(f"  - {line}")
    print("\ntimings: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in report.timings))
    failed = report.failed()
    passed = len(report.rows) - len(failed)
    print(f"check-image: {passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

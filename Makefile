# LiveUI — the two commands: `make run` and `make test`.
# Everything a fresh Debian machine needs is installed here: Debian packages through apt, Python test
# tools (Selenium, hadolint) into a virtualenv under .build/venv.
SHELL := /bin/bash
SWIFT ?= swift
DEB_PACKAGES := libmicrohttpd-dev libsqlite3-dev pkg-config
# redis-server: the Redis state store's tests start their own on loopback (docs/state-stores.md); nginx: the
# failover test runs config/nginx.conf in front of two instances, as an ordinary process (Tests/browser/test_failover.py).
DEB_TEST_PACKAGES := chromium chromium-driver fonts-noto-color-emoji python3-venv wrk redis-server nginx
# Only `make bench` needs these: callgrind's instruction counts (bench/instructions.py).
DEB_BENCH_PACKAGES := valgrind
# Only `make check-image` needs this: the minimal Debian root the image's runtime stage is checked in.
DEB_IMAGE_PACKAGES := mmdebstrap
VENV := .build/venv
PY := $(VENV)/bin/python
PORT ?= 8080
# Release builds of the demo and the benchmarks let the compiler specialise LiveUI's generic code into
# the modules that use it (the demo pages, the benchmark views): about a tenth less CPU per event.
# A flag of the build, not of Package.swift, so that LiveUI stays usable as a package dependency.
# The Swift runtime is linked in as the Docker image links it (--static-swift-stdlib): what `make bench`
# measures is the binary that ships, and calls into the runtime (a reference count, an allocation) skip
# the shared library's indirection: ≈ 6 % less CPU per click over HTTP.
# The C targets' debug information is DWARF 4 (-Xcc -gdwarf-4): Debian's valgrind 3.19, which
# bench/instructions.py runs, stops reading a binary with two C units in clang's default DWARF 5.
RELEASE := -c release -Xswiftc -cross-module-optimization --static-swift-stdlib -Xcc -gdwarf-4
# Cross-module optimisation inlines LiveUI's code into the modules that use it, and SwiftPM's incremental
# build does not always recompile them when LiveUI's internal layout changes (a stale release demo crashed
# on its first session). So a release build starts clean whenever a source changed since the last one.
RELEASE_STAMP := .build/release-sources.sha1

# `make test` sets NICE to `nice -n 5`: its builds then leave the CPU to the browser suites running beside them.
NICE ?=

.PHONY: run test build deps test-deps venv test-swift test-asan test-client test-docker test-browser test-example test-bench test-fuzz fuzz soak bench-smoke bench screenshots config-docs clean release-fresh check-image build-demo build-bench build-examples build-tests test-packages bench-venv

## Install missing Debian packages, build, start the demo on http://127.0.0.1:$(PORT); sessions are saved in
## .build/liveui-state.db, so a restart resumes them.
run: deps release-fresh
	$(SWIFT) build $(RELEASE) --product liveui-demo
	.build/release/liveui-demo --port $(PORT) --mode development --store sqlite:.build/liveui-state.db

## Install missing packages, build, run every test (Swift, with every fuzz corpus input; client runtime;
## Dockerfile lint; browser; the example apps; the benchmark binary's smoke run). No release or
## profile-guided build: those belong to `make bench`; nor libFuzzer's instrumented build: `make fuzz`.
# About six minutes from a fresh clone on two cores. One debug build serves everything (the example apps
# build into the same directory, so LiveUI compiles once), in the order the tests need it: the demo first,
# then the browser suite runs while the rest builds (niced) and the other tests run. `-k`: every test runs
# even when one fails; make then fails, naming the failed targets after `***`.
test: test-packages
	@$(MAKE) --no-print-directory -k -j4 --output-sync=target NICE="nice -n 5" \
	  test-client test-docker test-browser test-bench test-swift test-example \
	  || { echo "make test: FAILED (the targets marked *** above)" >&2; exit 1; }

deps:
	@$(call apt_install,$(DEB_PACKAGES))

test-deps: test-packages venv

test-packages: deps
	@$(call apt_install,$(DEB_TEST_PACKAGES))
	@command -v node >/dev/null || $(call apt_install,nodejs)

venv: $(VENV)/.ready
$(VENV)/.ready: requirements-test.txt
	@$(call apt_install,python3-venv)
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@

# matplotlib, for the benchmarks' plot only: `make test` does without its install (and numpy's).
bench-venv: $(VENV)/.bench-ready
$(VENV)/.bench-ready: requirements-bench.txt $(VENV)/.ready
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

build: deps
	$(NICE) $(SWIFT) build

# The debug build in steps, each after the one before (SwiftPM builds one at a time in a build directory,
# and `swift test` holds it while it runs): the demo, which the browser suite needs; the benchmark binary;
# the example apps; last the tests, the largest part, while the suites that need only the binaries run.
# An example app builds against this directory (--scratch-path .build): LiveUI's modules, compiled with
# the same flags for it, are reused, not compiled again.
build-demo: deps
	$(NICE) $(SWIFT) build --product liveui-demo

build-bench: build-demo
	$(NICE) $(SWIFT) build --product liveui-bench

build-examples: build-bench
	for app in $(EXAMPLES); do $(NICE) $(SWIFT) build --package-path Examples/$$app --scratch-path .build || exit 1; done

build-tests: build-examples
	$(NICE) $(SWIFT) build --build-tests

# The Swift tests, FuzzCorpusTests among them: every input of Fuzz/corpus through its fuzz target's checks
# (Fuzz/README.md).
test-swift: build-tests
	$(SWIFT) test --skip-build --parallel

test-client:
	Tests/client/run.sh

## The Swift tests under AddressSanitizer, in a build directory of their own (not in `make test`: a second
## full debug build). detect_leaks=0: the leak checker reports the test runner's own allocations.
test-asan:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --parallel

test-docker: venv
	$(VENV)/bin/hadolint Dockerfile Examples/TeamBoard/Dockerfile Examples/Standups/Dockerfile

## The Docker image without a Docker engine (docs/deploying.md): the build stage's build, a minimal Debian
## root with the runtime stage's packages (cached in .build/image), the server in it as the image's user
## with a read-only root, probed over HTTP. DOCKERFILE=Examples/TeamBoard/Dockerfile checks the example's.
## Not in `make test`: the profile-guided release build alone takes many minutes on two cores.
check-image: deps
	@$(call apt_install,$(DEB_IMAGE_PACKAGES))
	python3 docker/check-image.py --dockerfile $(or $(DOCKERFILE),Dockerfile)

## The example apps: packages of their own that depend on LiveUI by path, driven in Chromium (TeamBoard in two
## sessions; Standups, a SwiftUI app moved over, through its list, edit sheet and meeting timer).
EXAMPLES := TeamBoard Standups
test-example: venv build-examples
	TEAMBOARD_BINARY=$(CURDIR)/.build/debug/TeamBoard STANDUPS_BINARY=$(CURDIR)/.build/debug/Standups \
	  $(PY) -m pytest -q $(addsuffix /Tests,$(addprefix Examples/,$(EXAMPLES)))

# Two workers (pytest-xdist), each with its own server and Chromium, handed one test at a time, the slow ones
# first (Tests/browser/conftest.py): a worker waiting out a server's timers (a lease, nginx's fail_timeout)
# leaves the CPU to the other. BROWSER_WORKERS=0 runs the suite in one process.
BROWSER_WORKERS ?= 2
test-browser: venv build-demo
	$(PY) -m pytest -q -n $(BROWSER_WORKERS) --maxschedchunk 1 Tests/browser

# The benchmark binary's modes run once each, in the debug build (a few seconds; the numbers are not
# results): a change that breaks `make bench`'s in-process part shows here. So do the state-store cases
# (bench/stores.py), one short round against the debug server: they fail when a store holds nothing
# afterwards.
test-bench: venv build-bench
	.build/debug/liveui-bench --quick
	.build/debug/liveui-bench --profile counter --cold 1024 --iterations 20
	LIVEUI_DEMO_BIN=.build/debug/liveui-demo $(PY) bench/stores.py --quick

# Every fuzz target (Fuzz/README.md) for a few seconds under libFuzzer, in its instrumented build (AddressSanitizer
# and coverage: a full build of its own, so not in `make test`, whose test-swift replays the corpora without them).
# The corpora in the repository are unchanged.
test-fuzz:
	Fuzz/run.sh $(or $(FUZZ_SECONDS),4)

## The fuzz targets for FUZZ_SECONDS each (default 300); what they find joins Fuzz/corpus, minimised.
fuzz:
	Fuzz/run.sh $(or $(FUZZ_SECONDS),300) --merge

## 1,000 sessions with open streams clicking for a minute against the debug demo, then checked (lost or
## doubled events, converged streams, memory after the sessions expire); figures into BENCHMARKS.md.
soak: venv build-demo
	$(PY) bench/soak.py

# A short run of the HTTP benchmarks against the profile-guided server (its numbers are not results):
# the script's own smoke test, for changes to bench/run.py. Not part of `make test`.
bench-smoke: bench-venv
	pgo/build.sh
	$(PY) bench/run.py --quick --skip-inprocess --skip-instructions --no-build \
	  --out .build/bench-smoke.md --plot .build/bench-smoke.png

## Release build, full benchmark run, BENCHMARKS.md and the plot.
# The server measured is the profile-guided one that ships (pgo/build.sh: an instrumented build, its
# training run over every gallery page, the build with the profile, its hottest functions laid out
# together by pgo/order.txt). pgo/order.py --check fails when that order has gone stale (the code moved
# on): regenerate it with pgo/order.py before measuring. See docs/performance.md.
bench: test-deps bench-venv
	@$(call apt_install,$(DEB_BENCH_PACKAGES))
	@$(MAKE) --no-print-directory release-fresh
	$(SWIFT) build $(RELEASE) --product liveui-bench
	pgo/build.sh
	$(PY) pgo/order.py --check
	$(PY) bench/run.py --no-build

## PNG screenshots of every gallery page into screenshots/.
screenshots: test-deps build-demo
	LIVEUI_SCREENSHOTS=screenshots $(PY) -m pytest -q Tests/browser -k screenshots

## Regenerates config/liveui.json and the settings table of config/README.md from Configuration.settings.
config-docs: build-demo
	.build/debug/liveui-demo --print-config-file > config/liveui.json
	.build/debug/liveui-demo --print-config-table > .build/settings-table.md
	awk -v table=.build/settings-table.md \
		'/^<!-- end of the settings table -->/ { skip = 0 } !skip { print } \
		/^<!-- settings table:/ { while ((getline line < table) > 0) print line; skip = 1 }' \
		config/README.md > .build/config-README.md && mv .build/config-README.md config/README.md

## Removes the release build when any source changed since it was made (see RELEASE_STAMP).
release-fresh:
	@sum=$$(find Sources Plugins Public Package.swift -type f -print0 | sort -z | xargs -0 cat | sha1sum | cut -d' ' -f1); \
	if [ "$$sum" != "$$(cat $(RELEASE_STAMP) 2>/dev/null)" ]; then \
	  rm -rf .build/release .build/*/release; mkdir -p .build; echo "$$sum" > $(RELEASE_STAMP); \
	fi

clean:
	rm -rf .build .build-*

# apt_install(packages): installs those that are missing, with sudo when not root.
define apt_install
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

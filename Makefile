# LiveUI — the two commands: `make run` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
DEB_PACKAGES := libmicrohttpd-dev pkg-config
APT_STAMP := .build/.deps-installed

.PHONY: run test build deps test-swift clean

## Install missing Debian packages (libmicrohttpd and pkg-config), build, start the demo on :8080.
run: deps
	$(SWIFT) build -c release --product liveui-demo
	.build/release/liveui-demo

## Install missing packages, build, run every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

clean:
	rm -rf .build

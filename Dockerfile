# syntax=docker/dockerfile:1
# Build stage: the Swift toolchain image compiles the profile-guided release binary that `make bench`
# measures (pgo/build.sh: an instrumented build, a training run over every gallery page, the build
# with its profile), with cross-module optimisation and the Swift runtime linked in (see the Makefile).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libsqlite3-dev pkg-config python3 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Plugins ./Plugins
COPY Tests ./Tests
COPY Public ./Public
COPY config ./config
COPY pgo ./pgo
RUN pgo/build.sh .build/pgo \
    && install -D .build/pgo/release/liveui-demo /out/liveui-demo

# Runtime stage: slim Debian with libmicrohttpd and SQLite (the state store) only, running as a non-root user.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libsqlite3-0 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin liveui \
    && install -d -o liveui -g liveui -m 0750 /data
# What the server keeps across restarts goes to this volume: a new volume takes the folder's owner, so
# the server's user can write there while the rest of the root stays read-only (`docker run --read-only`).
VOLUME /data
WORKDIR /app
COPY --from=build /out/liveui-demo /app/liveui-demo
COPY config /app/config
USER 10001
# Sessions are saved to SQLite on the volume: a restart (`--restart unless-stopped`) resumes every one.
ENV LIVEUI_HOST=0.0.0.0 \
    LIVEUI_PORT=8080 \
    LIVEUI_MODE=production \
    LIVEUI_STORE=sqlite:/data/liveui.db
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
    CMD ["curl", "-fsS", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/app/liveui-demo"]
CMD ["--config", "/app/config/liveui.json"]

# syntax=docker/dockerfile:1
# Build stage: the Swift toolchain image compiles a release binary with the Swift runtime linked in,
# with cross-module optimisation, as `make run` and `make bench` build it (see the Makefile).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release -Xswiftc -cross-module-optimization --product liveui-demo --static-swift-stdlib \
    && install -D .build/release/liveui-demo /out/liveui-demo

# Runtime stage: slim Debian with libmicrohttpd only, running as a non-root user.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin liveui
WORKDIR /app
COPY --from=build /out/liveui-demo /app/liveui-demo
COPY Public /app/Public
COPY config /app/config
USER 10001
ENV LIVEUI_HOST=0.0.0.0 \
    LIVEUI_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
    CMD ["curl", "-fsS", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/app/liveui-demo"]
CMD ["--config", "/app/config/liveui.json"]

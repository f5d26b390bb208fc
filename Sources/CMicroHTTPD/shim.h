#ifndef LIVEUI_CMICROHTTPD_SHIM_H
#define LIVEUI_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/resource.h>
#include <microhttpd.h>

/*
 * libmicrohttpd's daemon start and info functions are variadic, which Swift cannot call.
 * These typed wrappers let the compiler check every argument's C type instead of relying on
 * CVarArg conversions of function pointers.
 */

/// Typed settings for `liveui_start_daemon`.
struct liveui_daemon_settings {
    const char *host;               /* numeric IPv4 or IPv6 address */
    uint16_t port;                  /* 0 = ephemeral */
    unsigned int threads;           /* MHD_OPTION_THREAD_POOL_SIZE */
    unsigned int connection_limit;  /* MHD_OPTION_CONNECTION_LIMIT */
    unsigned int per_ip_limit;      /* MHD_OPTION_PER_IP_CONNECTION_LIMIT, 0 = none */
    size_t memory_limit;            /* MHD_OPTION_CONNECTION_MEMORY_LIMIT */
    unsigned int timeout_seconds;   /* MHD_OPTION_CONNECTION_TIMEOUT */
    MHD_NotifyConnectionCallback notify_connection; /* MHD_OPTION_NOTIFY_CONNECTION, NULL = none */
    void *notify_connection_cls;
};

/// Where libmicrohttpd's own messages go: `sink(ctx, message)`, one formatted line each.
struct liveui_logger {
    void (*sink)(void *ctx, const char *message);
    void *ctx;
};

/// MHD_LogCallback formatting MHD's printf-style message for `liveui_logger`'s sink.
static void liveui_mhd_logger(void *cls, const char *fmt, va_list ap) {
    char buffer[512];
    const struct liveui_logger *logger = (const struct liveui_logger *)cls;
    if (!logger || !logger->sink) return;
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    logger->sink(logger->ctx, buffer);
}

/// Starts an epoll thread-pool daemon that allows suspend/resume; NULL on failure (bad host, port in use).
static inline struct MHD_Daemon *liveui_start_daemon(
    const struct liveui_daemon_settings *s,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *con), void *uri_log_cls,
    struct liveui_logger *logger)
{
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, s->host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(s->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, s->host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(s->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, s->port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_EXTERNAL_LOGGER, liveui_mhd_logger, (void *)logger,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_THREAD_POOL_SIZE, s->threads,
        /* Quick events run on these threads (eventsOnServerThreads): the stack LiveUI's workers have. */
        MHD_OPTION_THREAD_STACK_SIZE, (size_t)(8u << 20),
        MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_ip_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->memory_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, s->timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
        MHD_OPTION_NOTIFY_CONNECTION, s->notify_connection, s->notify_connection_cls,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the real one when started with port 0); 0 if unknown.
static inline uint16_t liveui_daemon_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The socket context the connection-notify callback set for this connection (NULL if none).
static inline void *liveui_socket_context(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// Raises the soft limit on open files to at least `want` (at most the hard limit): each connection is a
/// file, and distributions start processes with a soft limit of 1,024.
static inline void liveui_raise_file_limit(unsigned long want) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= (rlim_t)want) return;
    limit.rlim_cur = (limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= (rlim_t)want) ? (rlim_t)want : limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

/// The client's numeric address written into `buf` ("?" if unknown).
static inline void liveui_client_address(struct MHD_Connection *c, char *buf, size_t len) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (len == 0) return;
    buf[0] = '?'; if (len > 1) buf[1] = 0;
    if (!info || !info->client_addr) return;
    if (info->client_addr->sa_family == AF_INET) {
        /* Written by hand: glibc's inet_ntop formats IPv4 with sprintf (≈ 1,700 instructions a request). */
        const unsigned char *b = (const unsigned char *)&((const struct sockaddr_in *)info->client_addr)->sin_addr;
        char text[16];
        size_t n = 0;
        for (int i = 0; i < 4; i++) {
            unsigned v = b[i];
            if (v >= 100) text[n++] = (char)('0' + v / 100);
            if (v >= 10) text[n++] = (char)('0' + (v / 10) % 10);
            text[n++] = (char)('0' + v % 10);
            if (i < 3) text[n++] = '.';
        }
        if (n < len) {
            memcpy(buf, text, n);
            buf[n] = 0;
        }
    } else if (info->client_addr->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)info->client_addr)->sin6_addr, buf, (socklen_t)len);
    }
}

#endif

#define _GNU_SOURCE
#include "allocation_counter.h"

#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define LIVEUI_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LIVEUI_SANITIZED 1
#endif

#ifdef LIVEUI_SANITIZED

long liveui_allocation_count(void) { return -1; }

#else

/*
 * The executable's malloc, calloc and realloc (or, preloaded, this library's) come first in symbol
 * lookup, so every library's calls reach them. Each forwards to the next definition in lookup order: glibc's, or an LD_PRELOAD tool's
 * (bench/alloctrack) that then calls glibc's, so such tools keep working. free and the rest of the
 * allocator are untouched. A relaxed atomic add is the whole cost.
 */
#include <dlfcn.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static long allocations;
static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static int resolved;
/* Set while dlsym runs: it may allocate, and those allocations go straight to glibc. */
static int resolving;

/*
 * Whether the next definitions are known; looks them up on the first allocation (made while the
 * process is still one thread), glibc's own where there is no other.
 */
static int ready(void) {
    if (!resolved && !resolving) {
        resolving = 1;
        next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
        next_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
        next_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
        if (!next_malloc) next_malloc = __libc_malloc;
        if (!next_calloc) next_calloc = __libc_calloc;
        if (!next_realloc) next_realloc = __libc_realloc;
        resolved = 1;
        resolving = 0;
    }
    return resolved;
}

void *malloc(size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return ready() ? next_malloc(size) : __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return ready() ? next_calloc(count, size) : __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return ready() ? next_realloc(pointer, size) : __libc_realloc(pointer, size);
}

long liveui_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

#ifdef LIVEUI_ALLOCATION_REPORT
/*
 * Built as a shared library with -DLIVEUI_ALLOCATION_REPORT and loaded with LD_PRELOAD (bench/run.py
 * does this for the HTTP server), the count is written to standard error when the process exits.
 */
#include <stdio.h>

__attribute__((destructor)) static void report_allocations(void) {
    fprintf(stderr, "LIVEUI_ALLOCATIONS %ld\n", liveui_allocation_count());
}
#endif

#endif

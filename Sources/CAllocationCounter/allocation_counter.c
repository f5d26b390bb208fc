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
 * The executable's malloc, calloc and realloc come first in symbol lookup, so every library's calls
 * reach them; each forwards to glibc's own entry point, so free and the rest of the allocator are
 * glibc's, untouched. A relaxed atomic add is the whole cost.
 */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static long allocations;

void *malloc(size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    return __libc_realloc(pointer, size);
}

long liveui_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

#endif

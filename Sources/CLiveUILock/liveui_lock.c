#include "liveui_lock.h"

#if defined(__linux__)

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * Ulrich Drepper's futex mutex ("Futexes Are Tricky", mutex 3): 0 free, 1 taken, 2 taken and perhaps
 * waited for. Every acquisition is an atomic operation with acquire order made here, never by the
 * kernel, and every release an exchange with release order.
 */

void liveui_lock(uint32_t *word) {
    uint32_t seen = 0;
    if (__atomic_compare_exchange_n(word, &seen, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        return;
    }
    if (seen != 2) {
        seen = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
    }
    while (seen != 0) {
        // Sleeps only if the word is still 2 (taken, with waiters); any change wakes or skips it.
        syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
        seen = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
    }
}

void liveui_unlock(uint32_t *word) {
    if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2) {
        syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}

#elif defined(__APPLE__)

#include <os/lock.h>

_Static_assert(sizeof(os_unfair_lock) == sizeof(uint32_t), "os_unfair_lock is one 32-bit word");

void liveui_lock(uint32_t *word) { os_unfair_lock_lock((os_unfair_lock_t)word); }

void liveui_unlock(uint32_t *word) { os_unfair_lock_unlock((os_unfair_lock_t)word); }

#else
#error "liveui_lock: no lock for this platform"
#endif

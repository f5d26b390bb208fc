#ifndef LIVEUI_LOCK_H
#define LIVEUI_LOCK_H

#include <stdint.h>

/*
 * A mutual-exclusion lock in one 32-bit word that starts at 0 and must not move while it is used
 * (LiveUI keeps it in an object's tail storage). Taking it when it is free is one compare-and-swap and
 * giving it back one exchange, both in user space, so ThreadSanitizer sees every hand-over; a thread
 * that finds it taken sleeps in the kernel until it is given back (a futex on Linux, os_unfair_lock on
 * Apple platforms). Not recursive: taking it twice on one thread never returns.
 */

/// Takes the lock at `word`, waiting while another thread holds it.
void liveui_lock(uint32_t *word);

/// Gives back the lock at `word`, which the calling thread holds, waking one waiting thread if any.
void liveui_unlock(uint32_t *word);

#endif

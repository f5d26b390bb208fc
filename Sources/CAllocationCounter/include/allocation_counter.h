#ifndef LIVEUI_ALLOCATION_COUNTER_H
#define LIVEUI_ALLOCATION_COUNTER_H

/*
 * Counts the heap allocations of the process that links this target (liveui-bench only): every
 * malloc, calloc and realloc, from Swift's runtime as from C libraries. A count does not vary from
 * run to run as timings do on a shared machine.
 */

/// Allocations so far, or -1 when counting is unavailable (a sanitizer build owns malloc).
long liveui_allocation_count(void);

#endif

// alloctrack: which allocations outlive a phase of liveui-bench (heaptrack and valgrind are not
// usable here). Interposes malloc and friends, records every live allocation made after
// alloctrack_start(epoch) with a short backtrace, and alloctrack_dump(epoch, path) writes the ones
// still live as "size address frame…" lines, plus /proc/self/maps to path.maps for symbolize.py.
//
//   gcc -O2 -shared -fPIC -o /tmp/alloctrack.so bench/alloctrack/alloctrack.c
//   LD_PRELOAD=/tmp/alloctrack.so LIVEUI_ALLOCTRACK=/tmp/live.txt .build/release/liveui-bench --only memory-counter
//   python3 bench/alloctrack/symbolize.py /tmp/live.txt
//
// Slow (a backtrace per malloc): fine for 10,000 counter sessions, not for timings.
#define _GNU_SOURCE
#include <execinfo.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

#define DEPTH 10
#define CAPACITY (1u << 23) /* open addressing; enough for ~4 M live allocations */
#define TOMBSTONE 1

typedef struct { uintptr_t address; uint32_t size; uint32_t epoch; void *frames[DEPTH]; } Record;
static Record *table;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int inside; /* backtrace() and stdio allocate: don't record (or deadlock on) those */
static volatile uint32_t epoch;
static volatile int enabled;

static inline uint32_t slot(uintptr_t p) { return (uint32_t)((p >> 4) * 2654435761u) & (CAPACITY - 1); }

static void record(void *p, size_t size) {
    if (!p || !enabled || inside) return;
    inside = 1;
    void *frames[DEPTH + 2];
    int n = backtrace(frames, DEPTH + 2);
    pthread_mutex_lock(&lock);
    if (!table) table = mmap(0, sizeof(Record) * (size_t)CAPACITY, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    uint32_t i = slot((uintptr_t)p);
    while (table[i].address > TOMBSTONE) i = (i + 1) & (CAPACITY - 1);
    table[i].address = (uintptr_t)p;
    table[i].size = (uint32_t)size;
    table[i].epoch = epoch;
    memset(table[i].frames, 0, sizeof table[i].frames);
    for (int k = 2; k < n; k++) table[i].frames[k - 2] = frames[k]; /* skip record() and the wrapper */
    pthread_mutex_unlock(&lock);
    inside = 0;
}

static void forget(void *p) {
    if (!p || !table || inside) return;
    pthread_mutex_lock(&lock);
    for (uint32_t i = slot((uintptr_t)p); table[i].address; i = (i + 1) & (CAPACITY - 1))
        if (table[i].address == (uintptr_t)p) { table[i].address = TOMBSTONE; break; }
    pthread_mutex_unlock(&lock);
}

void *malloc(size_t n) { void *p = __libc_malloc(n); record(p, n); return p; }
void free(void *p) { forget(p); __libc_free(p); }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); record(p, a * b); return p; }
void *realloc(void *old, size_t n) { forget(old); void *p = __libc_realloc(old, n); record(p, n); return p; }
void *memalign(size_t a, size_t n) { void *p = __libc_memalign(a, n); record(p, n); return p; }
void *aligned_alloc(size_t a, size_t n) { void *p = __libc_memalign(a, n); record(p, n); return p; }
int posix_memalign(void **out, size_t a, size_t n) {
    void *p = __libc_memalign(a, n);
    if (!p) return 12; /* ENOMEM */
    record(p, n);
    *out = p;
    return 0;
}

/* Records allocations from now on, tagged `e`. */
void alloctrack_start(uint32_t e) { epoch = e; enabled = 1; }

/* Writes the allocations tagged `e` that are still live to `path`, and the address map to path.maps. */
void alloctrack_dump(uint32_t e, const char *path) {
    inside = 1;
    pthread_mutex_lock(&lock);
    FILE *out = fopen(path, "w");
    for (uint32_t i = 0; out && table && i < CAPACITY; i++) {
        if (table[i].address <= TOMBSTONE || table[i].epoch != e) continue;
        fprintf(out, "%u %lx", table[i].size, (unsigned long)table[i].address);
        for (int k = 0; k < DEPTH && table[i].frames[k]; k++) fprintf(out, " %p", table[i].frames[k]);
        fputc('\n', out);
    }
    if (out) fclose(out);
    char maps[4096];
    snprintf(maps, sizeof maps, "%s.maps", path);
    FILE *from = fopen("/proc/self/maps", "r"), *to = fopen(maps, "w");
    char buffer[4096];
    size_t n;
    while (from && to && (n = fread(buffer, 1, sizeof buffer, from)) > 0) fwrite(buffer, 1, n, to);
    if (from) fclose(from);
    if (to) fclose(to);
    pthread_mutex_unlock(&lock);
    inside = 0;
}

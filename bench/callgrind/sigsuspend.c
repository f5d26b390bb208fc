// Lets valgrind 3.19 (Debian 12's) run Swift programs that park their main thread in libdispatch.
//
// An `async` main, or any program whose main thread goes idle while tasks run on the global
// executor, ends in libdispatch's `dispatch_main`, which calls `sigsuspend` with a mask that lives in
// read-only memory. Valgrind's wrapper of the system call writes to that mask, faults, and stops with
// "VALGRIND INTERNAL ERROR: Valgrind received a signal 11" (three lines reproduce it:
// `await Task.detached { 42 }.value` at top level). Preloaded, this `sigsuspend` hands the kernel a
// copy of the mask on the stack instead; nothing else changes.
//
//   cc -O2 -shared -fPIC -o /tmp/sigsuspend.so bench/callgrind/sigsuspend.c
//   LD_PRELOAD=/tmp/sigsuspend.so valgrind --tool=callgrind .build/release/liveui-bench --profile counter
//
// bench/instructions.py builds and preloads it by itself.
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    // The kernel's sigset is 8 bytes on Linux (glibc's sigset_t is larger).
    return (int)syscall(SYS_rt_sigsuspend, &copy, 8);
}

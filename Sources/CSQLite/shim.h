#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: sqlite3 copies
   the bound bytes before the bind returns, so a Swift buffer may end right after the call. */
static inline void (*liveui_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }

/* guard.h - a file that shrinks while jfmt -j reads its mapping (jobs.h).
 *
 * While the calling thread reads a mapping (the scan for the cuts, the
 * look at an input's shape), a SIGBUS there means the file was made
 * shorter by another program: it jumps back to where the guard was set,
 * which reports it.  Any other SIGBUS goes to the handler there was
 * before (outsig.h's, which removes a temporary -o file), as the fault
 * comes again.
 */
#ifndef JFMT_GUARD_H
#define JFMT_GUARD_H

#include <setjmp.h>
#include <stddef.h>

/** Guard map[0..len), read by this thread, with `jump`; or, with `jump`
 * NULL, no more. */
void shrink_guard(void *map, size_t len, sigjmp_buf *jump);

#endif

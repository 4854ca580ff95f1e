/* escape_wide.h - writing runs of three-byte UTF-8 characters (U+0800 to
 * U+FFFF: most of CJK, kana, hangul) as \uxxxx escapes eight at a time,
 * for --ascii.  Private to escape.c, which writes everything else.
 *
 * It needs AVX2; escape_wide_usable says whether the CPU has it (set at
 * start-up).  It checks what it writes against the rules of utf8.h, so
 * that text made only of such characters need not be checked first.
 */
#ifndef JFMT_ESCAPE_WIDE_H
#define JFMT_ESCAPE_WIDE_H

#include <stddef.h>

#include "base/fbuffer.h"

/** Whether escape_wide_run() may be called on this CPU. */
extern int escape_wide_usable;

/**
 * Write the well-formed three-byte characters of s[i..n), from s[i] on, as
 * \uxxxx escapes with lowercase hex, up to the first character that is
 * not one (another length, or not well-formed) or n.  Returns where it
 * stopped.
 */
size_t escape_wide_run(struct fbuffer *fb, const unsigned char *s, size_t i, size_t n);

#endif

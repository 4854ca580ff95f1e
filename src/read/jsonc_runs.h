/* jsonc_runs.h - the runs of bytes that the comment pass (jsonc.c) can
 * pass at once, without looking at each: a string's bytes that are
 * neither its quote nor a backslash nor a control byte, and a token's
 * bytes (numbers, literals, brackets, ':' and the commas between them).
 * The pass took every byte apart before: canada.json took 211.9 M
 * instructions with --comments, 135.8 M so.
 */
#ifndef JFMT_JSONC_RUNS_H
#define JFMT_JSONC_RUNS_H

#include <stddef.h>

/* What the pass must look at in a byte: in a string, anything but 0
 * (the quote, a backslash, a tab or carriage return, which take other
 * columns than one, a newline, RS); outside, BYTE_PLAIN marks a token's
 * bytes that can be passed as a run, BYTE_BETWEEN ',', ']' and '}', which
 * can be passed with them unless a comma may be a trailing one. */
enum { BYTE_PLAIN = 2, BYTE_BETWEEN = 3 };
extern unsigned char runs_class[256];

/** Fill in runs_class, once, whichever thread comes first (several may
 * set up readers at once: the workers of several inputs). */
void runs_init(void);

/** Where the string bytes that need no look (runs_class 0) from p[i] end,
 * in p[0..len); *columns gets their columns (a byte each but UTF-8's
 * continuation bytes). */
size_t runs_string(const unsigned char *p, size_t i, size_t len, size_t *columns);

/** Whether the comma at p[i] may be a trailing one: no token byte follows
 * it at once in p[0..len), or a closing bracket does. */
int runs_maybe_trailing(const unsigned char *p, size_t i, size_t len);

/** Where a run of tokens' bytes from p[i] may end, at the most, looked at
 * eight bytes at a time: the caller goes on a byte at a time from there. */
size_t runs_tokens(const unsigned char *p, size_t i, size_t len);

#endif

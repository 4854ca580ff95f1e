/* jsonc_lines.h - how much of a part of the input the comment pass
 * (jsonc.c) may pass as plain JSON, a line at a time, instead of a byte
 * at a time.
 *
 * Of a line that holds no comment, no trailing comma and no line end
 * inside a string, the pass needs only what jsonc_pass_lines() takes
 * from a line of JSON: its last byte that is not white space, whether it
 * has one, and whether that is a comma.  Such a line is plain if it holds
 * no backslash (so that its quotes alone say where its strings are), no
 * '/' outside a string, an even number of quotes once its first string
 * state is counted, and no comma whose next byte that is not white space
 * (on a later line, for a comma that ends its line) is a closing bracket,
 * a '/' or a backslash, or lies past the part.  A comma followed by a
 * bracket inside a string is taken for a trailing one: the byte loop
 * looks at that line, and is right.  So is a line that a rule keeps out
 * for a byte that is not JSON: the byte loop is the reference.
 *
 * The start of the part's last line, which has no line end yet, is plain
 * too if it holds nothing above nor any byte beyond ASCII, tab or
 * carriage return (so that its columns are its bytes): up to the quote of
 * a string still open at the end, or up to a comma that only white space
 * follows, which only more input can judge.
 *
 * The part is looked at 64 bytes at a time: each byte of interest is a
 * bit of a mask (SSE2, or AVX2 where the CPU has it, else a byte at a
 * time), and one addition carries a comma's mark across the white space
 * after it, another a newline's (to find the first blank line).
 */
#ifndef JFMT_JSONC_LINES_H
#define JFMT_JSONC_LINES_H

#include <stddef.h>

/** What lines_plain_end() tells of the stretch besides its end. */
struct lines_found {
	size_t first_newline;           /* its first newline, or LINES_NONE if
					 * it lies in the window of 64 bytes
					 * the stretch ends in */
	size_t first_blank;             /* the newline that ends its first
					 * blank line (white space alone) after
					 * a newline of the stretch, or
					 * LINES_NONE */
	size_t line;                    /* where its last line starts, if it
					 * ends inside it */
};

#define LINES_NONE ((size_t)-1)

/**
 * Where the plain stretch of p[0..len) that starts at p[i] ends: p[i]
 * starts a line or continues one (inside a string if `in_string`, after
 * no backslash); the stretch ends at the start of the first line that is
 * not plain, or inside the last line as said above, or at len.  p[len]
 * and after are not read.  Sets f's output fields for the stretch.
 */
size_t lines_plain_end(const unsigned char *p, size_t i, size_t len, int in_string,
		       struct lines_found *f);

#endif

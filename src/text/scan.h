/* scan.h - the one pass over each read of input before yajl sees it.
 *
 * Every byte read is looked at once here, for what yajl does not do or
 * report: the newlines (messages give line:column), the form feeds and
 * vertical tabs (yajl takes them for white space; JSON does not), and
 * whether a backslash occurs (only then can a string hold an escaped
 * surrogate, which the reader must look at closely).  One pass does all
 * three, with AVX2 where the CPU has it, else SSE2, else a plain loop.
 */
#ifndef JFMT_SCAN_H
#define JFMT_SCAN_H

#include <stddef.h>

struct scan {
	size_t stop;            /* offset of the first form feed or vertical
				 * tab, or the length if there is none */
	size_t newlines;        /* newlines before `stop` */
	int backslash;          /* a backslash lies before `stop` */
};

/** Scan p[0..n) as described above. */
void scan_input(const unsigned char *p, size_t n, struct scan *s);

/** The number of newlines in p[0..n). */
size_t count_newlines(const unsigned char *p, size_t n);

/** Whether p[0..n) is all JSON white space. */
int all_blank(const unsigned char *p, size_t n);

#endif

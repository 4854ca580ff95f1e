/* cuts.h - where jfmt -j cuts an input (jobs.h): its shape, and the end
 * of each chunk.
 *
 * A stream of values is cut after a newline outside every value, one
 * top-level array at a comma between its elements.  Input in whole lines
 * (JSON Lines, or an array with each element on lines of its own,
 * indented as the first) is cut at such lines, found with memchr, or for
 * an array's elements, in windows read from the file 16 bytes at a time;
 * other input by the structural scan (split.h).  The whole-lines guess is made
 * from the input's start, against the scan; a chunk that then fails to
 * parse sends the rest to the scan (cutter_scan_from()).  Input that may
 * hold comments, or whose blank lines are kept, goes to the scan from the
 * start, which takes only the cuts that no comment or blank line stands
 * next to (split.h).
 */
#ifndef JFMT_CUTS_H
#define JFMT_CUTS_H

#include <stddef.h>

#include "jobs/split.h"
#include "style/options.h"

struct cutter {
	const unsigned char *in;
	size_t size;
	int array;              /* one top-level array, else a stream */
	int seq;                /* a text sequence: cut only where RS starts
				 * a record */
	int lines;              /* cut at whole lines (not by the scan) */
	int clean;              /* take only clean cuts, reading comments
				 * (split.h) */
	char indent[FORMAT_INDENT_MAX * 4];     /* an array's elements' */
	size_t indent_len;
	struct splitter sp;     /* the scan, from `scan_from` */
	size_t scan_from;
	int fd;                 /* the file the scan reads (cutter_read_file()) */
	long long file_at;
	unsigned char *window;
};

/** Look at in[0..size): its shape, and whether it is in whole lines;
 * `clean`: it may hold comments or blank lines that must stay where they
 * are, and only clean cuts are taken (split.h), by the scan. */
void cutter_init(struct cutter *c, const unsigned char *in, size_t size, int clean);

/** Look at in[0..size), a later part of a stream (a text sequence with
 * `seq`) that starts where a value may. */
void cutter_init_stream(struct cutter *c, const unsigned char *in, size_t size, int seq,
			int clean);

/** Have the scan read `in` from file `fd`, where in[0] is at offset `at`,
 * into `window` (SPLIT_WINDOW bytes), rather than from `in`, its mapping
 * (split.h), from the next cutter_scan_from() on. */
void cutter_read_file(struct cutter *c, int fd, long long at, unsigned char *window);

/** The last cut before c->size, where the part read so far of a longer
 * input ends in whole values; 0 if there is none.  Cuts by the scan from
 * then on; cutter_scan_from() starts it again. */
size_t cutter_last(struct cutter *c);

/** Cut by the scan from now on, starting at `from`, where a chunk starts
 * (no value open; in an array, an element about to begin). */
void cutter_scan_from(struct cutter *c, size_t from);

/**
 * The end of the chunk whose cut is looked for from `from` (which never
 * goes back between calls, but after cutter_scan_from()): after its
 * newline, or at its comma; c->size if there is none; SPLIT_NOT_YET if
 * none comes before `until`.
 */
size_t cutter_next(struct cutter *c, size_t from, size_t until);

/**
 * Whether in[from..size), where a value of a stream may begin, holds the
 * end of a top-level value, or may: a string or container closed, a
 * number or literal begun (comments skipped with `clean`).  One thread
 * would have written that value out by now, as it came.
 */
int cutter_value_ends(const struct cutter *c, size_t from);

/** Whether the input from `from` on is nothing but white space. */
int cutter_blank_from(const struct cutter *c, size_t from);

/** --eol=auto: whether the input's first line ends with CR LF, as the
 * reader decides it from its first read (read.c). */
int cutter_first_line_crlf(const struct cutter *c);

#endif

/* progress.h - a one-line progress display on standard error. */
#ifndef JFMT_PROGRESS_H
#define JFMT_PROGRESS_H

#include <time.h>

struct progress {
	int enabled;            /* asked for, and stderr is a terminal */
	const char *name;
	unsigned long long size;/* input size in bytes, 0 if unknown */
	unsigned long long done;
	struct timespec start, last;
	int drawn;              /* a line is on the screen */
};

/**
 * Enable the display if `wanted` and standard error is a terminal, but not
 * when the output goes to standard output (`writes_stdout`) and that is the
 * same terminal: the line would be drawn into the output.
 */
void progress_init(struct progress *p, int wanted, int writes_stdout);

/** A new input: `fd` is asked for its size if it is a regular file. */
void progress_start(struct progress *p, const char *name, int fd);

/** `n` more bytes read; redraws at most ten times a second. */
void progress_advance(struct progress *p, unsigned long long n);

/** Clear the line, if one is drawn. */
void progress_end(struct progress *p);

#endif

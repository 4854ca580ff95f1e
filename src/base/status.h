/* status.h - jfmt's exit statuses, the one list of them.  With several
 * inputs the highest status seen wins (status_worse()). */
#ifndef JFMT_STATUS_H
#define JFMT_STATUS_H

enum exit_status {
	EXIT_OK = 0,            /* every input valid, and written */
	EXIT_INVALID = 1,       /* some input is not valid JSON */
	EXIT_USAGE = 2,         /* the command line is wrong */
	EXIT_IO = 3,            /* an input could not be read, or the output
				 * not written; also out of memory */
};

/** The status that wins when an earlier input gave `a` and this one `b`. */
static inline enum exit_status status_worse(enum exit_status a, enum exit_status b)
{
	return a > b ? a : b;
}

#endif

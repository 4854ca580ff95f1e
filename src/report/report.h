/* report.h - messages about a place in an input: "jfmt: FILE:LINE:COL:
 * what", the line and a caret (diag_at()), in jfmt's words (explain.h).
 *
 * The reader hands down what it knows around the error as a struct place;
 * this module knows neither the reader nor the consumer.
 */
#ifndef JFMT_REPORT_H
#define JFMT_REPORT_H

#include "report/parse_error.h"
#include "report/window.h"

struct place {
	const char *name;               /* the input, as messages name it */
	const struct window *w;         /* its bytes in memory */
	int comments;                   /* --comments */
	int record;                     /* a text sequence: ERR_END is the end
					 * of a record, not of the input */
	unsigned long long top_end;     /* an offset between top-level values
					 * (no container open there) */
	unsigned long long scan_from;   /* an offset in memory outside every
					 * string and comment, to lex from when
					 * top_end is not (scope.h), or
					 * SCOPE_NONE */
	unsigned long long member_end;  /* just after the last value that
					 * ended inside an object */
	char open_kind;                 /* the innermost container open now:
					 * '[', '{' or 0 */
};

/** msg about input offset g, as it is. */
void report_at(const struct place *pl, unsigned long long g, const char *msg);

/** Error `pe` at offset g (for ERR_END, where the input or record ends). */
void report_error(const struct place *pl, struct parse_error pe, unsigned long long g);

#endif

/* report.c - messages about a place in an input.  See report.h. */
#include "report/report.h"

#include <string.h>

#include "base/diag.h"
#include "report/explain.h"
#include "report/locate.h"
#include "report/scope.h"

/* The ending of a name that says the input is JSON. */
#define REPORT_JSON_SUFFIX ".json"

void report_at(const struct place *pl, unsigned long long g, const char *msg)
{
	unsigned long long line, col;
	struct diag_excerpt ex;

	/* A place no longer in memory (a comment far back) is shown at the
	 * nearest one that is. */
	if (g < window_start(pl->w))
		g = window_start(pl->w);
	if (g > window_end(pl->w))
		g = window_end(pl->w);
	locate_line_col(pl->w, g, &line, &col);
	locate_excerpt(pl->w, g, &ex);
	diag_at(pl->name, line, col, msg, &ex);
}

/* What encloses offset g: the consumer's innermost container, and where
 * it (or a string or comment left open) began, if that is in memory. */
static void set_scene(const struct place *pl, struct error_scene *sc)
{
	const struct window *w = pl->w;
	unsigned long long at;
	struct scope s;
	char kind;
	unsigned long long from = pl->top_end;

	/* the last top-level value ended before the part in memory: from the
	 * point the reader kept in it, which tells whether a string or
	 * comment is open, and the containers opened since */
	if (from < window_start(w) && pl->scan_from >= window_start(w) && pl->scan_from <= sc->at)
		from = pl->scan_from;
	scope_scan(w, from, sc->at, pl->comments, &s);
	sc->open_kind = pl->open_kind;
	if (s.in_string || s.in_comment) {
		sc->in_string = s.in_string;
		sc->in_comment = s.in_comment;
		locate_line_col(w, s.in_string ? s.string_start : s.comment_start,
				&sc->left_line, &sc->left_col);
	} else if (scope_innermost(&s, &kind, &at) && kind == sc->open_kind) {
		sc->open_placed = 1;
		locate_line_col(w, at, &sc->open_line, &sc->open_col);
	}
}

/* Whether `name` ends in ".json" (explain.h). */
static int named_json(const char *name)
{
	size_t n = strlen(name), j = strlen(REPORT_JSON_SUFFIX);

	return n > j && strcmp(name + n - j, REPORT_JSON_SUFFIX) == 0;
}

/* Report error `pe` at offset g (the end of the input or a record, for
 * ERR_END), in jfmt's words. */
void report_error(const struct place *pl, struct parse_error pe, unsigned long long g)
{
	struct error_scene sc = { .w = pl->w, .at = g, .comments = pl->comments,
				  .named_json = named_json(pl->name),
				  .record = pl->record && pe.kind == ERR_END };
	char msg[EXPLAIN_MAX];

	set_scene(pl, &sc);
	explain(&pe, &sc, msg);
	report_at(pl, sc.at, msg);
}

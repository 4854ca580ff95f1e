/* explain.h - what jfmt says about a parse error, in its own words: keyed
 * by the error (parse_error.h) and by the bytes found around it, with what
 * encloses the spot (the container open there, a string or comment left
 * open).  No yajl wording reaches a message.
 */
#ifndef JFMT_EXPLAIN_H
#define JFMT_EXPLAIN_H

#include <stddef.h>

#include "report/parse_error.h"
#include "report/window.h"

/* The longest message. */
#define EXPLAIN_MAX 160

struct error_scene {
	const struct window *w;
	unsigned long long at;          /* the offending byte or token */
	int comments;                   /* --comments */
	int named_json;                 /* the input's name ends in .json:
					 * no hint that --comments would take
					 * what JSON does not */
	int record;                     /* a record of a text sequence ended
					 * (ERR_END), not the input */
	char open_kind;                 /* the innermost open container: '['
					 * or '{'; 0 when none is open */
	int open_placed;                /* where it opened is known: */
	unsigned long long open_line, open_col;
	int in_string;                  /* the input ended inside a string */
	int in_comment;                 /* ... or a block comment */
	unsigned long long left_line, left_col; /* where that one opened */
};

/**
 * Write jfmt's message for `pe` to msg (EXPLAIN_MAX bytes).  May move
 * sc->at to a better place for the caret (the start of a word).
 */
void explain(const struct parse_error *pe, struct error_scene *sc, char *msg);

#endif

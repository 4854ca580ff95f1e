/* width.h - --width: short arrays and objects on one line, decided while
 * streaming, in memory bounded by the width.
 *
 * The rule is json-stringify-pretty-compact's: a container is written on
 * one line, as `[1, 2]` or `{"a": 1, "b": [2, 3]}`, when that line fits in
 * `limit` columns with its indentation, its key (`"key": `) and the comma
 * after it; otherwise it is written expanded, one element a line, and each
 * element is tried the same way.  Columns are code points of the output;
 * colour escapes count for nothing; each level of indentation counts as
 * `indent_cols`.
 *
 * The layout engine sees events, each with its token already written (in
 * its final form: escaped, coloured) by the caller, and holds what it
 * cannot decide yet.  The decision for a container needs no more than
 * `limit` columns of lookahead: once its one-line form is longer, it is
 * expanded; once it closes, it fits, or waits at most one more event, to
 * learn whether a comma follows.  What is held is the one-line text of the
 * outermost undecided container (and a key before it), plus one node per
 * token in it: both bounded by the width, whatever the input.
 *
 * Use: for each token, width_begin() says where to write it; write it
 * there; then width_end().  The engine writes decided output to the
 * fbuffer given at init.  Private to the formatter (width_layout.c).
 */
#ifndef JFMT_WIDTH_H
#define JFMT_WIDTH_H

#include <stddef.h>

#include "fbuffer.h"

/* The widest --width, so that what is held stays small. */
#define WIDTH_MAX 10000

/* The columns a tab counts for, where terminals put their tab stops. */
#define WIDTH_TAB_COLUMNS 8

enum width_event {
	WIDTH_SCALAR,           /* a value of one token */
	WIDTH_OPEN_ARRAY,
	WIDTH_OPEN_OBJECT,
	WIDTH_KEY,              /* a key with its colon and space */
	WIDTH_CLOSE,            /* ']' or '}' */
};

struct width_style {
	size_t limit;           /* columns, >= 1 */
	size_t indent;          /* indentation characters per level */
	char indent_char;       /* ' ' or '\t' */
	int color;              /* tokens hold colour escapes */
	const char *comma[2];   /* the comma in an array, in an object */
};

struct width_node;

struct width {
	struct width_style style;
	size_t indent_cols;     /* columns per level */
	struct fbuffer *out;    /* decided output */
	char *nl_indent;        /* "\n" and a run of indentation */
	size_t comma_len[2];

	/* What is held: the one-line text of the undecided tokens, from
	 * absolute offset text_base, and their nodes, absolute numbers
	 * [head, tail) stored from node_base.  Columns are absolute too. */
	struct fbuffer text;
	size_t text_base;
	struct width_node *nodes;
	size_t node_base, head, tail, nodes_cap;
	unsigned long long col;

	/* The open containers that are held (node numbers), innermost last;
	 * they sit above the expanded ones. */
	size_t *open;
	size_t open_lo, open_hi, open_cap;

	/* The open containers already written expanded, one byte each. */
	unsigned char *expanded;
	size_t depth, expanded_cap;

	int after_key;          /* a key is held, its value comes next */
	size_t elem_start;      /* where the element coming starts in text */
	unsigned long long elem_col;
	int direct;             /* this token goes straight to out */
	size_t token_start;     /* where this token starts in text */
	unsigned long long events;      /* taken in so far (and recorded by
					 * the caller) */
};

/** Set up `w` to write to `out`; `style` is copied (not its strings). */
void width_init(struct width *w, const struct width_style *style, struct fbuffer *out);

/** Forget anything held (after a parse error). */
void width_reset(struct width *w);

void width_release(struct width *w);

/**
 * A token `ev` comes: returns the buffer to write it to, all of it, before
 * width_end().  A value at the top level comes with nothing held.
 */
struct fbuffer *width_begin(struct width *w, enum width_event ev);

/** The token is written: place it, and write out what is decided. */
void width_end(struct width *w, enum width_event ev);

/** Whether anything is held. */
static inline int width_holding(const struct width *w)
{
	return w->head != w->tail || w->after_key;
}

#endif

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
 * fbuffer given at init.  Used by the --width consumer
 * (layout/width_format.c), whose common tokens take shorter ways to the
 * same, the engine's own (width_quick.h).
 *
 * With comments (--comments, kept blank lines), a container that holds one
 * is expanded, and so are those around it: before writing comments, the
 * caller has every held open container written expanded
 * (width_expand_open()), writes them and the element's separator itself,
 * and says so (width_separated(), width_key_written()).  Nothing is held
 * then, so the comments go straight to the output, and what they stand
 * on the line with counts for no column.
 */
#ifndef JFMT_WIDTH_H
#define JFMT_WIDTH_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "style/style.h"

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

/* For width_end(): count the token's columns. */
#define WIDTH_COUNT ((size_t)-1)

struct width_style {
	size_t limit;           /* columns, >= 1 */
	const struct layout_style *layout;     /* indentation, line breaks */
	int color;              /* tokens hold colour escapes */
	const char *comma[2];   /* the comma in an array, in an object */
};

enum width_node_kind { NODE_OPEN, NODE_CLOSE };

/* One held bracket.  Offsets in the text and columns are absolute (see
 * struct width).  An element is its key, if any, and its value.  Scalars
 * have no node: they are found again in the text (after a ", " or a held
 * container) when their container is expanded. */
struct width_node {
	unsigned char kind;
	unsigned char object;           /* NODE_OPEN: '{', not '[' */
	unsigned char closed;           /* NODE_OPEN: its NODE_CLOSE is held */
	size_t b0;                      /* where the element (NODE_CLOSE: the
					 * bracket) starts */
	size_t b1;                      /* where it ends (NODE_OPEN: its key and
					 * bracket; the whole once closed) */
	size_t bo;                      /* NODE_OPEN: where the bracket ends */
	unsigned long long c0, c1;      /* columns at b0 and b1 */
	size_t match;                   /* NODE_OPEN, closed: its NODE_CLOSE */
};

struct width {
	struct width_style style;
	size_t indent_cols;     /* columns per level */
	struct fbuffer *out;    /* decided output */
	size_t indent;          /* style.layout's, at hand */
	const char *run;        /* style.layout's run (style.h) */
	size_t comma_len[2];

	/* What is held: the one-line text of the undecided tokens, from
	 * absolute offset text_base, and their nodes, absolute numbers
	 * [head, tail) stored from node_base.  Columns count from the start. */
	struct fbuffer text;
	size_t text_base;
	struct width_node *nodes;
	size_t node_base, head, tail, nodes_cap;
	size_t cursor;          /* the text before it is written out */
	unsigned long long col;         /* at the end of the text */
	unsigned long long room;        /* columns for an element of the
					 * innermost expanded container */
	unsigned long long deadline;    /* past this column the front must be
					 * decided (0: at the next token) */

	/* The open containers that are held (node numbers), innermost last;
	 * they sit inside the expanded ones. */
	size_t *open;
	size_t open_lo, open_hi, open_cap;
	int need_comma;         /* the innermost held one has an element,
				 * and no key waits for its value */

	/* The open containers already written expanded, one byte each. */
	unsigned char *expanded;
	size_t depth, expanded_cap;

	int after_key;          /* a key is held (1), or written out with its
				 * separator (2): its value comes next */
	int key_out;            /* the key of the element coming is out: so
				 * is its separator */
	int plain;              /* set by the caller: no colour, and no
				 * sorting stage in the way (its quick
				 * paths, width_quick.h, apply) */
	size_t elem_start;      /* where the element coming starts in text */
	unsigned long long elem_col;
	int direct;             /* this token goes straight to out */
	size_t token_start;     /* where this token starts in text */
	unsigned long long events;      /* recorded by the caller (for its
					 * count of progress) */
};

/** Set up `w` to write to `out`; `style` is copied (not its strings). */
void width_init(struct width *w, const struct width_style *style, struct fbuffer *out);

/** Forget anything held (after a parse error). */
void width_reset(struct width *w);

void width_release(struct width *w);

/* --- Out of line, for the inline functions below --- */

/** Write out every held node that can be decided, and drop it. */
void width_settle(struct width *w);

/** The columns of text[from, to): code points, less colour escapes. */
size_t width_columns(const struct width *w, size_t from, size_t to);

/** The columns of s[0..n), counted as width_columns() counts. */
size_t width_text_columns(const struct width *w, const char *s, size_t n);

/* --- Comments: every container around them expanded --- */

/**
 * Comments come, inside every open container: write out each held open
 * container expanded, and decide the rest of what is held, knowing that an
 * `element` of the innermost open container comes next (else its closing
 * bracket).  Nothing is held after, and the innermost expanded container
 * is the innermost open one.  Not with a key held.
 */
void width_expand_open(struct width *w, int element);

/**
 * With nothing held, the caller wrote the key of the element coming, with
 * its separator: `cols` columns of key, which count for its value's line.
 */
void width_key_written(struct width *w, size_t cols);

/**
 * An element of the innermost expanded container comes next: decide the
 * container held only to learn whether a comma follows it, and write it
 * out, as that element's first token would.  (jfmt -j notes where each
 * element of the top array begins in the output.)
 */
void width_element_next(struct width *w);

/** Room for one more node, and one more held open container. */
void width_grow(struct width *w);

/* The inline functions below are the path of nearly every token: inlined
 * whole into each callback, as a call costs more than most of them do. */
#define WIDTH_INLINE static inline __attribute__((always_inline))

/* --- Writing out --- */

/* width.expanded[depth] holds the container_bits (style.h) of a container
 * written expanded: CONTAINER_OBJECT and CONTAINER_MEMBERS. */

/* The columns left for an element of the innermost expanded container. */
WIDTH_INLINE void width_set_room(struct width *w)
{
	unsigned long long indent = (unsigned long long)w->depth * w->indent_cols;

	w->room = w->style.limit > indent ? w->style.limit - indent : 0;
}

/* A newline and the indentation of `depth`, after a plain comma if
 * `comma`. */
WIDTH_INLINE void width_newline(struct width *w, size_t depth, int comma)
{
	style_newline(w->style.layout, w->out, depth, comma);
}

/* Before an element of the innermost expanded container (nothing before a
 * top-level value). */
WIDTH_INLINE void width_separator(struct width *w)
{
	if (w->depth == 0)
		return;
	if (w->key_out) {       /* written with the key */
		w->key_out = 0;
		return;
	}
	unsigned char *e = &w->expanded[w->depth];
	int more = *e & CONTAINER_MEMBERS;
	*e |= CONTAINER_MEMBERS;
	if (more && w->style.color) {
		int obj = *e & CONTAINER_OBJECT;
		fbuffer_append(w->out, w->style.comma[obj], w->comma_len[obj]);
		more = 0;
	}
	width_newline(w, w->depth, more);
}

/* With nothing held, the caller wrote the separator before the element
 * coming (and comments with it). */
static inline void width_separated(struct width *w)
{
	w->expanded[w->depth] |= CONTAINER_MEMBERS;
	w->key_out = 1;
}

/* With nothing held, the innermost expanded container, which may have no
 * element, holds comments: its closing bracket goes on a line of its own. */
static inline void width_close_apart(struct width *w)
{
	w->expanded[w->depth] |= CONTAINER_MEMBERS;
}

/* --- Taking tokens in --- */

WIDTH_INLINE size_t width_text_end(const struct width *w)
{
	return w->text_base + w->text.len;
}

WIDTH_INLINE struct width_node *width_node(struct width *w, size_t i)
{
	return &w->nodes[i - w->node_base];
}

/* Nothing is held any more. */
WIDTH_INLINE void width_drop_all(struct width *w)
{
	w->node_base = w->head = w->tail;
	w->open_lo = w->open_hi = 0;
	w->text_base = w->cursor = width_text_end(w);
	w->text.len = 0;
	w->deadline = 0;
}

/* In a held container, before an element: ", " after another. */
WIDTH_INLINE void width_comma(struct width *w)
{
	if (!w->need_comma)
		return;
	if (!w->style.color) {
		char *d;
		if (FB_UNLIKELY(w->text.cap - w->text.len < 2))
			fbuffer_make_room(&w->text, 2);
		d = w->text.ptr + w->text.len;
		d[0] = STYLE_COMMA;
		d[1] = ' ';
		w->text.len += 2;
	} else {
		int obj = width_node(w, w->open[w->open_hi - 1])->object;
		fbuffer_append(&w->text, w->style.comma[obj], w->comma_len[obj]);
		fbuffer_append_char(&w->text, ' ');
	}
	w->col += 2;
}

/**
 * A token `ev` comes: returns the buffer to write it to, all of it, before
 * width_end().
 */
WIDTH_INLINE struct fbuffer *width_begin(struct width *w, enum width_event ev)
{
	if (ev == WIDTH_CLOSE || w->after_key) {
		if (ev == WIDTH_SCALAR && w->head == w->tail && w->cursor == w->elem_start) {
			/* only a key is held: out with it and its value */
			width_separator(w);
			fbuffer_append(w->out, w->text.ptr + (w->elem_start - w->text_base),
				       width_text_end(w) - w->elem_start);
			w->text_base = w->cursor = width_text_end(w);
			w->text.len = 0;
			w->after_key = 0;
			w->direct = 1;
			return w->out;
		}
		w->token_start = width_text_end(w);
		return &w->text;
	}
	if (w->open_hi != w->open_lo) {
		width_comma(w);
	} else if (ev == WIDTH_SCALAR && w->head == w->tail &&
		   w->cursor == width_text_end(w)) {
		/* nothing held, and nothing to decide: straight out */
		width_separator(w);
		w->direct = 1;
		return w->out;
	}
	w->elem_start = w->token_start = width_text_end(w);
	w->elem_col = w->col;
	return &w->text;
}

/* A key that is all that is held, in an expanded object, starts its line
 * whatever its value turns out to be: out with it and its separator now
 * (after_key 2, key_out), as the quick path writes it (wq_key()); the
 * value's node starts after it, its columns before it. */
static inline void width_key_out(struct width *w)
{
	width_separator(w);
	fbuffer_append(w->out, w->text.ptr + (w->elem_start - w->text_base),
		       width_text_end(w) - w->elem_start);
	w->text_base = w->cursor = w->elem_start = width_text_end(w);
	w->text.len = 0;
	w->key_out = 1;
	w->after_key = 2;
}

/* The container at the front closed with the token just taken in: if it
 * fits with a comma after it, or at the top level, out with it. */
WIDTH_INLINE int width_front_fits(struct width *w, const struct width_node *o)
{
	unsigned long long len = w->col - o->c0;

	if (len + 1 > w->room && !(w->depth == 0 && len <= w->room))
		return 0;
	width_separator(w);
	fbuffer_append(w->out, w->text.ptr + (o->b0 - w->text_base),
		       width_text_end(w) - o->b0);
	width_drop_all(w);
	return 1;
}

/**
 * The token is written: place it, and write out what is decided.  `cols`
 * is its width in columns, or WIDTH_COUNT to have it counted.
 */
WIDTH_INLINE void width_end(struct width *w, enum width_event ev, size_t cols)
{
	if (w->direct) {
		w->direct = 0;
		return;
	}
	size_t end = width_text_end(w);
	if (cols == WIDTH_COUNT)
		cols = width_columns(w, w->token_start, end);
	w->col += cols;
	if (ev == WIDTH_KEY) {
		w->after_key = 1;
		w->need_comma = 0;
		if (w->open_hi == w->open_lo && w->head == w->tail && w->cursor == w->elem_start)
			width_key_out(w);
		return;
	}
	w->after_key = 0;
	if (ev == WIDTH_SCALAR) {
		w->need_comma = 1;
		if (w->col > w->deadline)
			width_settle(w);
		return;
	}
	if (FB_UNLIKELY(w->tail - w->node_base >= w->nodes_cap || w->open_hi >= w->open_cap))
		width_grow(w);
	struct width_node *x = width_node(w, w->tail++);
	if (ev == WIDTH_CLOSE) {
		x->kind = NODE_CLOSE;
		x->b0 = w->token_start;
		x->b1 = end;
		if (w->open_hi != w->open_lo) {
			size_t i = w->open[--w->open_hi];
			struct width_node *o = width_node(w, i);
			o->closed = 1;
			o->match = w->tail - 1;
			o->b1 = end;
			o->c1 = w->col;
			w->need_comma = 1;
			if (w->open_lo == w->open_hi) {     /* the front closed */
				if (i == w->head && w->cursor == o->b0 &&
				    width_front_fits(w, o))
					return;
				w->open_lo = w->open_hi = 0;
				w->deadline = 0;
			}
		}
	} else {
		x->b0 = w->elem_start;
		x->c0 = w->elem_col;
		x->b1 = end;
		x->c1 = w->col;
		x->kind = NODE_OPEN;
		x->object = ev == WIDTH_OPEN_OBJECT;
		x->closed = 0;
		x->bo = end;
		w->open[w->open_hi++] = w->tail - 1;
		w->need_comma = 0;
		/* a new front waits while its line can still fit */
		if (w->tail - 1 == w->head && w->cursor == x->b0 &&
		    w->col - x->c0 + 1 <= w->room)
			w->deadline = x->c0 + w->room - 1;
	}
	if (w->col > w->deadline)
		width_settle(w);
}

#endif

/* width.c - --width's layout engine: hold what is undecided, decide each
 * container as soon as its one-line form is known to fit or not, write.
 * See width.h. */
#include "width.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* Bits of width.expanded[depth], for a container written expanded. */
#define EXPANDED_OBJECT  1
#define EXPANDED_MEMBERS 2

/* Indentation is copied from one run of this many characters after "\n";
 * deeper levels append more. */
#define NL_RUN 1024

/* Held text is moved to the front of its buffer once the part already
 * written out is at least this long and longer than what is still held
 * (so each byte moves a bounded number of times); nodes likewise. */
#define TIDY_TEXT 4096
#define TIDY_NODES 64

enum node_kind { NODE_SCALAR, NODE_OPEN, NODE_CLOSE };

/* One held token.  Offsets are absolute (see width.text_base).  An element
 * is its key, if any, and its value: [b0, b1) in the one-line text. */
struct width_node {
	unsigned char kind;
	unsigned char object;           /* NODE_OPEN: '{', not '[' */
	unsigned char members;          /* NODE_OPEN: an element is in it */
	unsigned char closed;           /* NODE_OPEN: its NODE_CLOSE is held */
	size_t b0, b1;                  /* the element (NODE_CLOSE: the bracket) */
	size_t bo;                      /* NODE_OPEN: end of key and bracket */
	unsigned long long c0, c1;      /* columns at b0 and b1 */
	size_t match;                   /* NODE_OPEN, closed: its NODE_CLOSE */
};

enum decision { WAIT, FIT, EXPAND };

static inline struct width_node *node(struct width *w, size_t i)
{
	return &w->nodes[i - w->node_base];
}

static inline size_t text_end(const struct width *w)
{
	return w->text_base + w->text.len;
}

static inline const char *text_at(const struct width *w, size_t off)
{
	return w->text.ptr + (off - w->text_base);
}

/* The columns of s[0..n): its code points, less any colour escapes. */
static size_t columns(const char *s, size_t n, int color)
{
	size_t c = 0;

	if (!color) {
		for (size_t i = 0; i < n; i++)
			c += ((unsigned char)s[i] & 0xc0) != 0x80;
		return c;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\033') {           /* ESC [ ... m */
			while (i < n && s[i] != 'm')
				i++;
			continue;
		}
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	}
	return c;
}

void width_init(struct width *w, const struct width_style *style, struct fbuffer *out)
{
	memset(w, 0, sizeof *w);
	w->style = *style;
	w->out = out;
	w->indent_cols = style->indent * (style->indent_char == '\t' ? WIDTH_TAB_COLUMNS : 1);
	w->nl_indent = xrealloc(NULL, 1 + NL_RUN);
	w->nl_indent[0] = '\n';
	memset(w->nl_indent + 1, style->indent_char, NL_RUN);
	for (int i = 0; i < 2; i++)
		w->comma_len[i] = strlen(style->comma[i]);
	fbuffer_init_mem(&w->text);
	w->expanded = xgrow_array(NULL, &w->expanded_cap, 64, 1);
}

void width_reset(struct width *w)
{
	w->text.len = 0;
	w->text_base = 0;
	w->node_base = w->head = w->tail = 0;
	w->open_lo = w->open_hi = 0;
	w->depth = 0;
	w->after_key = w->direct = 0;
}

void width_release(struct width *w)
{
	fbuffer_release(&w->text);
	free(w->nodes);
	free(w->open);
	free(w->expanded);
	free(w->nl_indent);
}

/* --- Writing out what is decided --- */

static void newline_indent(struct width *w, size_t depth)
{
	size_t n = depth * w->style.indent;

	if (n <= NL_RUN) {
		fbuffer_append(w->out, w->nl_indent, 1 + n);
	} else {
		fbuffer_append(w->out, w->nl_indent, 1 + NL_RUN);
		fbuffer_append_repeat(w->out, w->style.indent_char, n - NL_RUN);
	}
}

/* Before an element of the innermost expanded container (none at the top). */
static void separator(struct width *w)
{
	if (w->depth == 0)
		return;
	unsigned char *e = &w->expanded[w->depth];
	if (*e & EXPANDED_MEMBERS) {
		int obj = *e & EXPANDED_OBJECT;
		fbuffer_append(w->out, w->style.comma[obj], w->comma_len[obj]);
	}
	*e |= EXPANDED_MEMBERS;
	newline_indent(w, w->depth);
}

static void put(struct width *w, size_t from, size_t to)
{
	fbuffer_append(w->out, text_at(w, from), to - from);
}

static void push_expanded(struct width *w, int object)
{
	w->depth++;
	if (w->depth >= w->expanded_cap)
		w->expanded = xgrow_array(w->expanded, &w->expanded_cap, w->depth + 1, 1);
	w->expanded[w->depth] = object ? EXPANDED_OBJECT : 0;
}

/* The held container at the front: one line, expanded, or not known yet.
 * Its line is the indentation, the element, and a comma unless it is the
 * last; a comma follows if the next held node is an element. */
static enum decision decide(struct width *w, const struct width_node *x)
{
	unsigned long long indent = (unsigned long long)w->depth * w->indent_cols;
	unsigned long long room = w->style.limit > indent ? w->style.limit - indent : 0;

	if (!x->closed)         /* it needs a closing bracket at least */
		return w->col - x->c0 + 1 > room ? EXPAND : WAIT;
	unsigned long long len = x->c1 - x->c0;
	if (len + 1 <= room)
		return FIT;
	if (len > room)
		return EXPAND;
	if (w->depth == 0)      /* nothing follows a top-level value */
		return FIT;
	if (x->match + 1 == w->tail)
		return WAIT;
	return node(w, x->match + 1)->kind == NODE_CLOSE ? FIT : EXPAND;
}

/* Write out every held node that can be decided, in order. */
static void settle(struct width *w)
{
	while (w->head != w->tail) {
		struct width_node *x = node(w, w->head);
		enum decision d;

		switch (x->kind) {
		case NODE_CLOSE: {      /* of the innermost expanded container */
			unsigned char e = w->expanded[w->depth--];
			if (e & EXPANDED_MEMBERS)
				newline_indent(w, w->depth);
			put(w, x->b0, x->b1);
			w->head++;
			break;
		}
		case NODE_SCALAR:
			separator(w);
			put(w, x->b0, x->b1);
			w->head++;
			break;
		default:
			d = decide(w, x);
			if (d == WAIT)
				return;
			separator(w);
			if (d == FIT) {
				put(w, x->b0, x->b1);
				w->head = x->match + 1;
				break;
			}
			put(w, x->b0, x->bo);
			push_expanded(w, x->object);
			if (!x->closed) {       /* the outermost held open one */
				w->open_lo++;
				if (w->open_lo == w->open_hi)
					w->open_lo = w->open_hi = 0;
			}
			w->head++;
		}
	}
}

/* Drop what has been written out from the front of the held text and
 * nodes. */
static void tidy(struct width *w)
{
	if (w->head == w->tail) {
		w->node_base = w->head;
		if (!w->after_key) {
			w->text_base = text_end(w);
			w->text.len = 0;
			return;
		}
	} else if (w->head - w->node_base >= TIDY_NODES &&
		   w->head - w->node_base > w->tail - w->head) {
		memmove(w->nodes, node(w, w->head), (w->tail - w->head) * sizeof *w->nodes);
		w->node_base = w->head;
	}
	size_t keep = w->head != w->tail ? node(w, w->head)->b0 : w->elem_start;
	size_t dead = keep - w->text_base;
	if (dead >= TIDY_TEXT && dead > w->text.len - dead) {
		memmove(w->text.ptr, w->text.ptr + dead, w->text.len - dead);
		w->text.len -= dead;
		w->text_base = keep;
	}
	if (w->open_lo >= TIDY_NODES && w->open_lo > w->open_hi - w->open_lo) {
		memmove(w->open, w->open + w->open_lo, (w->open_hi - w->open_lo) * sizeof *w->open);
		w->open_hi -= w->open_lo;
		w->open_lo = 0;
	}
}

/* --- Taking events in --- */

struct fbuffer *width_begin(struct width *w, enum width_event ev)
{
	w->events++;
	if (ev != WIDTH_CLOSE && !w->after_key) {
		if (w->open_hi != w->open_lo) {
			/* in a held container: ", " before all but the first */
			struct width_node *o = node(w, w->open[w->open_hi - 1]);
			if (o->members) {
				int obj = o->object;
				fbuffer_append(&w->text, w->style.comma[obj], w->comma_len[obj]);
				fbuffer_append_char(&w->text, ' ');
				w->col += 2;
			}
			o->members = 1;
		} else if (ev == WIDTH_SCALAR && w->head == w->tail) {
			/* nothing held, and nothing to decide: straight out */
			separator(w);
			w->direct = 1;
			return w->out;
		}
		w->elem_start = text_end(w);
		w->elem_col = w->col;
	}
	w->token_start = text_end(w);
	return &w->text;
}

static struct width_node *push_node(struct width *w, enum node_kind kind)
{
	if (w->tail - w->node_base >= w->nodes_cap)
		w->nodes = xgrow_array(w->nodes, &w->nodes_cap, w->tail - w->node_base + 1,
				       sizeof *w->nodes);
	struct width_node *x = node(w, w->tail++);
	memset(x, 0, sizeof *x);
	x->kind = (unsigned char)kind;
	x->b0 = kind == NODE_CLOSE ? w->token_start : w->elem_start;
	x->c0 = w->elem_col;
	return x;
}

void width_end(struct width *w, enum width_event ev)
{
	struct width_node *x;
	size_t end;

	if (w->direct) {
		w->direct = 0;
		return;
	}
	end = text_end(w);
	w->col += columns(text_at(w, w->token_start), end - w->token_start, w->style.color);
	switch (ev) {
	case WIDTH_KEY:
		w->after_key = 1;
		return;
	case WIDTH_SCALAR:
		x = push_node(w, NODE_SCALAR);
		x->b1 = end;
		x->c1 = w->col;
		break;
	case WIDTH_OPEN_ARRAY:
	case WIDTH_OPEN_OBJECT:
		x = push_node(w, NODE_OPEN);
		x->object = ev == WIDTH_OPEN_OBJECT;
		x->bo = end;
		if (w->open_hi >= w->open_cap)
			w->open = xgrow_array(w->open, &w->open_cap, w->open_hi + 1, sizeof *w->open);
		w->open[w->open_hi++] = w->tail - 1;
		break;
	case WIDTH_CLOSE:
		x = push_node(w, NODE_CLOSE);
		x->b1 = end;
		if (w->open_hi != w->open_lo) {
			struct width_node *o = node(w, w->open[--w->open_hi]);
			o->closed = 1;
			o->match = w->tail - 1;
			o->b1 = end;
			o->c1 = w->col;
			if (w->open_lo == w->open_hi)
				w->open_lo = w->open_hi = 0;
		}
		break;
	}
	w->after_key = 0;
	settle(w);
	tidy(w);
}

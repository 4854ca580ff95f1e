/* width.c - --width's layout engine: decide each held container as soon
 * as its one-line form is known to fit or not, and write out what is
 * decided.  Tokens are taken in by the inline functions of width.h. */
#include "width/width.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

/* Held text is moved to the front of its buffer once the part already
 * written out is at least this long and longer than what is still held
 * (so each byte moves a bounded number of times); nodes likewise. */
#define TIDY_TEXT 4096
#define TIDY_NODES 64

enum decision { WAIT, FIT, EXPAND };

/* What width_settle() is made of, inlined whole in it (and in
 * width_expand_open()), as it was when it had one caller. */
#define SETTLE_PART static inline __attribute__((always_inline))

/* How width_settle() decides: by the columns alone, or (a comment stands
 * inside every open container) with every held open container expanded,
 * and a closing bracket (FORCE_CLOSE) or an element (FORCE_ELEMENT) next. */
enum force { FORCE_NONE, FORCE_CLOSE, FORCE_ELEMENT };

static inline const char *text_at(const struct width *w, size_t off)
{
	return w->text.ptr + (off - w->text_base);
}

/* UTF-8 continuation bytes in s[0..n), eight at a time: such a byte has
 * its top bit set and the next one clear. */
static size_t continuation_bytes(const char *s, size_t n)
{
	const unsigned long long high = 0x8080808080808080ull;
	size_t c = 0, i = 0;

	for (; i + 8 <= n; i += 8) {
		unsigned long long x;
		memcpy(&x, s + i, 8);
		x = x & ~(x << 1) & high;
		c += ((x >> 7) * 0x0101010101010101ull) >> 56;
	}
	for (; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) == 0x80;
	return c;
}

/* Code points, less colour escapes.  Colour escapes are ESC [ ... m, all
 * ASCII; escaped JSON holds no ESC. */
static inline size_t columns(const struct width *w, const char *s, size_t n)
{
	const char *end = s + n;
	size_t c = n - continuation_bytes(s, n);

	while (w->style.color && (s = memchr(s, '\033', (size_t)(end - s))) != NULL) {
		const char *m = memchr(s, 'm', (size_t)(end - s));
		const char *stop = m ? m + 1 : end;
		c -= (size_t)(stop - s);
		s = stop;
	}
	return c;
}

size_t width_columns(const struct width *w, size_t from, size_t to)
{
	return columns(w, text_at(w, from), to - from);
}

size_t width_text_columns(const struct width *w, const char *s, size_t n)
{
	return columns(w, s, n);
}

void width_init(struct width *w, const struct width_style *style, struct fbuffer *out)
{
	memset(w, 0, sizeof *w);
	w->style = *style;
	w->out = out;
	w->indent = style->layout->indent;
	w->run = style->layout->run;
	w->indent_cols = w->indent * (style->layout->indent_char == '\t' ? WIDTH_TAB_COLUMNS : 1);
	for (int i = 0; i < 2; i++)
		w->comma_len[i] = strlen(style->comma[i]);
	fbuffer_init_mem(&w->text);
	w->expanded = xgrow_array(NULL, &w->expanded_cap, 64, 1);
	w->room = style->limit;
	width_grow(w);
}

void width_reset(struct width *w)
{
	w->text.len = 0;
	w->text_base = w->cursor = 0;
	w->node_base = w->head = w->tail = 0;
	w->open_lo = w->open_hi = 0;
	w->depth = 0;
	w->room = w->style.limit;
	w->deadline = 0;
	w->after_key = w->direct = w->key_out = 0;
}

void width_release(struct width *w)
{
	fbuffer_release(&w->text);
	free(w->nodes);
	free(w->open);
	free(w->expanded);
}

void width_grow(struct width *w)
{
	w->nodes = xgrow_array(w->nodes, &w->nodes_cap, w->tail - w->node_base + 1,
			       sizeof *w->nodes);
	w->open = xgrow_array(w->open, &w->open_cap, w->open_hi + 1, sizeof *w->open);
}

/* --- Writing out what is decided --- */

static inline void put(struct width *w, size_t from, size_t to)
{
	fbuffer_append(w->out, text_at(w, from), to - from);
}

SETTLE_PART void push_expanded(struct width *w, int object)
{
	w->depth++;
	if (w->depth >= w->expanded_cap)
		w->expanded = xgrow_array(w->expanded, &w->expanded_cap, w->depth + 1, 1);
	w->expanded[w->depth] = object ? CONTAINER_OBJECT : 0;
	width_set_room(w);
}

/* The held container at the front: one line, expanded, or not known yet.
 * Its line is the indentation, the element, and a comma unless it is the
 * last; a comma follows if another element of its container is held. */
SETTLE_PART enum decision decide(struct width *w, const struct width_node *x, enum force force)
{
	unsigned long long r = w->room;

	if (!x->closed)         /* it needs a closing bracket at least */
		return force || w->col - x->c0 + 1 > r ? EXPAND : WAIT;
	unsigned long long len = x->c1 - x->c0;
	if (len + 1 <= r)
		return FIT;
	if (len > r)
		return EXPAND;
	if (w->depth == 0)      /* nothing follows a top-level value */
		return FIT;
	if (x->match + 1 != w->tail)
		return width_node(w, x->match + 1)->kind == NODE_CLOSE ? FIT : EXPAND;
	/* a scalar or a key after it is an element */
	if (x->b1 != width_text_end(w))
		return EXPAND;
	return force == FORCE_NONE ? WAIT : force == FORCE_CLOSE ? FIT : EXPAND;
}

/* The end of the JSON string whose opening quote is at s. */
static const char *string_end(const char *s, const char *end)
{
	for (s++; s < end; s++) {
		if (*s == '\\')
			s++;
		else if (*s == '"')
			return s + 1;
	}
	return end;
}

/* Write out the scalar elements held in text[cursor, to), one a line:
 * each is its key, if any, and its value, and they are separated by the
 * comma of the innermost expanded container and a space (or by nothing,
 * right after a held container). */
SETTLE_PART void put_scalars(struct width *w, size_t to)
{
	int obj = w->expanded[w->depth] & CONTAINER_OBJECT;
	const char *comma = w->style.comma[obj];
	size_t sep = w->comma_len[obj] + 1;
	size_t lead = (size_t)(strchr(comma, ',') - comma);     /* colour */
	const char *p = text_at(w, w->cursor), *end = text_at(w, to);

	while (p < end) {
		if ((size_t)(end - p) >= sep && memcmp(p, comma, sep - 1) == 0 && p[sep - 1] == ' ')
			p += sep;
		if (p == end)
			break;          /* the separator before a held container */
		const char *q = p;
		while (q < end && *q != ',')
			q = *q == '"' ? string_end(q, end) : q + 1;
		const char *stop = q < end ? q - lead : end;
		width_separator(w);
		fbuffer_append(w->out, p, (size_t)(stop - p));
		p = stop;
	}
	w->cursor = to;
}

/* Drop what has been written out from the front of the held text and
 * nodes. */
SETTLE_PART void tidy(struct width *w)
{
	if (w->head == w->tail) {
		w->node_base = w->head;
		if (!w->after_key && w->cursor == width_text_end(w)) {
			w->text_base = w->cursor;
			w->text.len = 0;
			return;
		}
	} else if (w->head - w->node_base >= TIDY_NODES &&
		   w->head - w->node_base > w->tail - w->head) {
		memmove(w->nodes, width_node(w, w->head), (w->tail - w->head) * sizeof *w->nodes);
		w->node_base = w->head;
	}
	size_t dead = w->cursor - w->text_base;
	if (dead >= TIDY_TEXT && dead > w->text.len - dead) {
		memmove(w->text.ptr, w->text.ptr + dead, w->text.len - dead);
		w->text.len -= dead;
		w->text_base = w->cursor;
	}
	if (w->open_lo >= TIDY_NODES && w->open_lo > w->open_hi - w->open_lo) {
		memmove(w->open, w->open + w->open_lo, (w->open_hi - w->open_lo) * sizeof *w->open);
		w->open_hi -= w->open_lo;
		w->open_lo = 0;
	}
}

/* width_settle(), deciding as `force` says: inlined whole into each
 * caller, so that the plain one tests nothing more. */
SETTLE_PART void settle(struct width *w, enum force force)
{
	w->deadline = 0;
	for (;;) {
		size_t to = w->head != w->tail ? width_node(w, w->head)->b0 :
			    w->after_key ? w->elem_start : width_text_end(w);
		if (w->cursor < to)
			put_scalars(w, to);
		if (w->head == w->tail)
			break;
		struct width_node *x = width_node(w, w->head);
		if (x->kind == NODE_CLOSE) {    /* of the innermost expanded one */
			unsigned char e = w->expanded[w->depth--];
			width_set_room(w);
			if (e & CONTAINER_MEMBERS)
				width_newline(w, w->depth, 0);
			put(w, x->b0, x->b1);
			w->cursor = x->b1;
			w->head++;
			continue;
		}
		enum decision d = decide(w, x, force);
		if (d == WAIT) {
			if (!x->closed)
				w->deadline = x->c0 + w->room - 1;
			break;
		}
		width_separator(w);
		if (d == FIT) {
			put(w, x->b0, x->b1);
			w->cursor = x->b1;
			w->head = x->match + 1;
			continue;
		}
		put(w, x->b0, x->bo);
		w->cursor = x->bo;
		push_expanded(w, x->object);
		if (!x->closed) {       /* the outermost held open one */
			w->open_lo++;
			if (w->open_lo == w->open_hi)
				w->open_lo = w->open_hi = 0;
		}
		w->head++;
	}
	tidy(w);
}

void width_settle(struct width *w)
{
	settle(w, FORCE_NONE);
}

void width_expand_open(struct width *w, int element)
{
	settle(w, element ? FORCE_ELEMENT : FORCE_CLOSE);
}

void width_element_next(struct width *w)
{
	if (w->head != w->tail && width_node(w, w->head)->closed)
		settle(w, FORCE_ELEMENT);
}

void width_key_written(struct width *w, size_t cols)
{
	w->elem_start = width_text_end(w);
	w->elem_col = w->col;
	w->col += cols;
	w->need_comma = 0;
	w->key_out = 1;
	w->after_key = 2;
}

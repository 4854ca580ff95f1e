/* width_quick.h - the engine's shortcuts for --width's common events,
 * without a call: a token taken into a held container, an element written
 * straight out when nothing is held, a held container that closes and
 * fits, each with one room check and fixed-width copies.  Without them,
 * --width=80 takes 14% more instructions on the three corpus documents in
 * one array (174.1 million against 152.2) and 25% more on 20,000 lines of
 * NDJSON (200.5 million against 160.4).
 *
 * Each is the engine's own way through width_begin(), writing the token
 * and width_end() (width.h), and, where it says so, width_settle(): it
 * writes the same bytes and leaves the engine as those would, so it sits
 * here, with the engine whose fields it keeps.  Its caller, the --width
 * consumer (layout/width_format.c), calls one per event:
 *
 *   wq_scalar()       a value of one token (null, true, false, a number)
 *   wq_string()       a string value
 *   wq_key()          a key, with its colon
 *   wq_open()         an opening bracket
 *   wq_close()        a closing bracket, but the front's
 *   wq_close_front()  the front's closing bracket, when wq_close() says so
 *
 * They apply only with neither colour nor a sorting stage (width.plain),
 * and never to a top-level value nor a document's last bracket.  Each
 * returns WQ_NONE, having changed nothing, when it does not apply (the
 * caller then takes width_begin() and width_end()); WQ_DONE; WQ_SETTLE,
 * when the caller must still call width_settle(); WQ_INVALID, when a
 * string is not valid UTF-8 (part of it is written); or, from wq_close(),
 * WQ_FRONT.  The rest here (wq_nothing_held() to wq_text_string()) is
 * theirs.  All are inline, and the caller's rare work out of line: with
 * no call on the common path, the callbacks need not save registers.
 */
#ifndef JFMT_WIDTH_QUICK_H
#define JFMT_WIDTH_QUICK_H

#include "text/escape.h"
#include "width/width.h"

enum { WQ_NONE, WQ_DONE, WQ_SETTLE, WQ_INVALID, WQ_FRONT };

/* Room in the output for a separator and a held line, each copied in whole
 * slices (a line longer than SLICES_MAX bytes takes the general path). */
#define WQ_ROOM (2 * SLICES_MAX + FBUFFER_COPY_WIDTH)

/* The longest separator taken as a slice of the style's run
 * (separator_fits()). */
#define WQ_SEPARATOR_MAX STYLE_SEPARATOR_MAX

/* ", " between the elements of a held container, readable a whole slice. */
static const char wq_comma[FBUFFER_COPY_WIDTH] = ", ";

/* Nothing is held, not even a key: an element is written straight out. */
WIDTH_INLINE int wq_nothing_held(const struct width *w)
{
	return w->head == w->tail && w->cursor == width_text_end(w);
}

/* The separator before an element written straight out, as width_separator()
 * writes it, as a slice of the run (readable a whole slice further):
 * sets *n to its length, 0 after a key written out. */
WIDTH_INLINE const char *wq_separator(const struct width *w, size_t *n)
{
	int more = w->expanded[w->depth] & CONTAINER_MEMBERS;

	*n = w->key_out ? 0 : (more ? 2 : 1) + w->depth * w->indent;
	return w->run + !more;
}

/* The separator is written: an element went straight out. */
WIDTH_INLINE void wq_separator_done(struct width *w)
{
	w->expanded[w->depth] |= CONTAINER_MEMBERS;
	w->key_out = 0;
	w->after_key = 0;
}

/* A scalar whose token, s[0..n), is its width in columns. */
WIDTH_INLINE int wq_scalar(struct width *w, const char *s, size_t n)
{
	if (n > FBUFFER_COPY_WIDTH)
		return WQ_NONE;
	if (w->open_hi != w->open_lo) {         /* into the held text */
		struct fbuffer *t = &w->text;
		size_t len = t->len;
		if (FB_UNLIKELY(t->cap - len < 2 + FBUFFER_COPY_WIDTH))
			return WQ_NONE;
		/* every field is read and written before the first byte: a
		 * char store may alias any of them */
		size_t c = w->need_comma ? 2 : 0;
		unsigned long long col = w->col + c + n;
		int settle = col > w->deadline;
		w->need_comma = 1;
		w->after_key = 0;
		w->col = col;
		t->len = len + c + n;
		char *d = t->ptr + len;
		d[0] = STYLE_COMMA;
		d[1] = ' ';
		fbuffer_copy_small(d + c, s, n);
		return settle ? WQ_SETTLE : WQ_DONE;
	}
	if (!wq_nothing_held(w))
		return WQ_NONE;
	struct fbuffer *out = w->out;
	size_t sn, used = out->len;
	const char *sep = wq_separator(w, &sn);
	if (FB_UNLIKELY(sn > SLICES_MAX || out->cap - used < SLICES_MAX + FBUFFER_COPY_WIDTH))
		return WQ_NONE;
	wq_separator_done(w);
	out->len = used + sn + n;
	char *d = out->ptr + used;
	fbuffer_copy_slices(d, sep, sn);
	fbuffer_copy_small(d + sn, s, n);
	return WQ_DONE;
}

/* A string into the held text, after ", " if `comma`, with `post` after it:
 * advances the columns.  Returns 0, or -1 as escape_string(). */
WIDTH_INLINE int wq_text_string(struct width *w, int comma, const unsigned char *s,
				size_t len, const char *post, size_t npost, int mode)
{
	struct fbuffer *t = &w->text;
	size_t start = t->len;
	/* the quick way takes only ASCII with nothing to escape: its columns
	 * are its bytes */
	int plain = escape_string_framed_quick(t, wq_comma, comma ? 2 : 0, s, len,
					       post, npost, mode) == 0;

	if (!plain && FB_UNLIKELY(escape_string_framed_slow(t, wq_comma, comma ? 2 : 0, s, len,
							     post, npost, mode) < 0))
		return -1;
	w->col += plain ? t->len - start :
		  width_columns(w, w->text_base + start, width_text_end(w));
	return 0;
}

/* A string value. */
WIDTH_INLINE int wq_string(struct width *w, const unsigned char *s, size_t len, int mode)
{
	if (w->open_hi != w->open_lo) {
		if (wq_text_string(w, w->need_comma, s, len, NULL, 0, mode) < 0)
			return WQ_INVALID;
		w->need_comma = 1;
		w->after_key = 0;
		return w->col > w->deadline ? WQ_SETTLE : WQ_DONE;
	}
	if (!wq_nothing_held(w))
		return WQ_NONE;
	size_t sn;
	const char *sep = wq_separator(w, &sn);
	if (FB_UNLIKELY(sn > WQ_SEPARATOR_MAX))
		return WQ_NONE;
	wq_separator_done(w);
	return escape_string_framed(w->out, sep, sn, s, len, NULL, 0, mode) < 0 ?
	       WQ_INVALID : WQ_DONE;
}

/* A key, with its colon and space.  In an expanded object, with nothing
 * held, it is written straight out with its separator, as it starts the
 * line whatever its value turns out to be (after_key 2, key_out): the
 * value's node starts after it, and its columns before it. */
WIDTH_INLINE int wq_key(struct width *w, const unsigned char *s, size_t len, int mode)
{
	const struct layout_style *ls = w->style.layout;

	if (w->open_hi != w->open_lo) {
		int comma = w->need_comma;
		w->elem_start = width_text_end(w) + (comma ? 2 : 0);
		w->elem_col = w->col + (comma ? 2 : 0);
		if (wq_text_string(w, comma, s, len, ls->colon, ls->colon_len, mode) < 0)
			return WQ_INVALID;
		w->after_key = 1;
		w->need_comma = 0;
		return WQ_DONE;
	}
	if (w->after_key || !wq_nothing_held(w))
		return WQ_NONE;
	size_t sn;
	const char *sep = wq_separator(w, &sn);
	/* only ASCII with nothing to escape: its columns are its bytes */
	if (FB_UNLIKELY(sn > WQ_SEPARATOR_MAX) ||
	    escape_string_framed_quick(w->out, sep, sn, s, len, ls->colon, ls->colon_len,
				       mode) < 0)
		return WQ_NONE;
	wq_separator_done(w);
	w->key_out = 1;
	w->after_key = 2;
	w->need_comma = 0;
	w->elem_start = width_text_end(w);
	w->elem_col = w->col;
	w->col += len + 2 + ls->colon_len;      /* "key" and the colon */
	return WQ_DONE;
}

/* An opening bracket: a new held container, in the held text. */
WIDTH_INLINE int wq_open(struct width *w, int object)
{
	struct fbuffer *t = &w->text;
	size_t len = t->len, tail = w->tail;

	if (FB_UNLIKELY(t->cap - len < 3 || tail - w->node_base >= w->nodes_cap ||
			w->open_hi >= w->open_cap))
		return WQ_NONE;
	size_t end = w->text_base + len, c = 0, b0 = w->elem_start;
	unsigned long long c0 = w->elem_col;
	if (!w->after_key) {    /* else its element started with the key */
		c = w->open_hi != w->open_lo && w->need_comma ? 2 : 0;
		b0 = w->elem_start = end + c;
		c0 = w->elem_col = w->col + c;
	}
	unsigned long long col = w->col + c + 1;
	struct width_node *x = width_node(w, tail);
	x->kind = NODE_OPEN;
	x->object = (unsigned char)object;
	x->closed = 0;
	x->b0 = b0;
	x->c0 = c0;
	x->b1 = x->bo = end + c + 1;
	x->c1 = col;
	w->open[w->open_hi++] = tail;
	w->tail = tail + 1;
	w->need_comma = 0;
	w->after_key = 0;
	w->col = col;
	/* a new front waits while its line can still fit */
	if (tail == w->head && w->cursor == b0 && col - c0 + 1 <= w->room)
		w->deadline = c0 + w->room - 1;
	int settle = col > w->deadline;
	t->len = len + c + 1;
	char *d = t->ptr + len;
	d[0] = STYLE_COMMA;
	d[1] = ' ';
	d[c] = object ? '{' : '[';
	return settle ? WQ_SETTLE : WQ_DONE;
}

/* The closing bracket of an expanded container, nothing being held:
 * straight out, after a newline if it has elements. */
WIDTH_INLINE int wq_close_expanded(struct width *w, char bracket)
{
	struct fbuffer *out = w->out;
	size_t used = out->len, depth = w->depth - 1;
	int members = w->expanded[w->depth] & CONTAINER_MEMBERS;
	size_t n = members ? 1 + depth * w->indent : 0;

	FB_ASSERT(w->depth > 0);
	if (w->after_key || !wq_nothing_held(w) ||
	    FB_UNLIKELY(out->cap - used < SLICES_MAX + FBUFFER_COPY_WIDTH) ||
	    !separator_fits(n, WQ_SEPARATOR_MAX, 1, out))
		return WQ_NONE;
	w->depth = depth;
	width_set_room(w);
	w->deadline = 0;
	out->len = used + n + 1;
	char *d = out->ptr + used;
	fbuffer_copy_slices(d, w->run + 1, n);
	d[n] = bracket;
	return WQ_DONE;
}

/* The front closes with `bracket`, and fits with a comma after it: out
 * with it, with its separator, as width_front_fits() does (WQ_NONE if it
 * does not fit, or is too long to copy here). */
WIDTH_INLINE int wq_close_front(struct width *w, char bracket)
{
	struct fbuffer *t = &w->text, *out = w->out;
	const struct width_node *o = width_node(w, w->head);
	unsigned long long col = w->col + 1;
	size_t sn, used = out->len, n = width_text_end(w) - o->b0;
	const char *sep = wq_separator(w, &sn);
	const char *line = t->ptr + (o->b0 - w->text_base);

	/* with a whole slice readable past the line */
	if (col - o->c0 + 1 > w->room || FB_UNLIKELY(t->cap - t->len < FBUFFER_COPY_WIDTH) ||
	    sn > SLICES_MAX || n >= SLICES_MAX || out->cap - used < WQ_ROOM)
		return WQ_NONE;
	wq_separator_done(w);
	w->need_comma = 1;
	w->col = col;
	width_drop_all(w);
	out->len = used + sn + n + 1;
	char *d = out->ptr + used;
	fbuffer_copy_slices(d, sep, sn);
	fbuffer_copy_slices(d + sn, line, n);
	d[sn + n] = bracket;
	return WQ_DONE;
}

/* A closing bracket: WQ_FRONT, having changed nothing, if it closes the
 * front (for wq_close_front()). */
WIDTH_INLINE int wq_close(struct width *w, char bracket)
{
	if (w->open_hi == w->open_lo)
		return wq_close_expanded(w, bracket);

	struct fbuffer *t = &w->text;
	size_t len = t->len, tail = w->tail, i = w->open[w->open_hi - 1];
	struct width_node *o = width_node(w, i);
	size_t end = w->text_base + len;        /* before the bracket */
	unsigned long long col = w->col + 1;

	if (w->open_hi - 1 == w->open_lo && i == w->head && w->cursor == o->b0)
		return WQ_FRONT;
	if (FB_UNLIKELY(t->cap - len < 1 || tail - w->node_base >= w->nodes_cap))
		return WQ_NONE;
	/* as width_end() */
	struct width_node *x = width_node(w, tail);
	x->kind = NODE_CLOSE;
	x->b0 = end;
	x->b1 = end + 1;
	o->closed = 1;
	o->match = tail;
	o->b1 = end + 1;
	o->c1 = col;
	w->tail = tail + 1;
	w->open_hi--;
	w->need_comma = 1;
	w->after_key = 0;
	w->col = col;
	if (w->open_lo == w->open_hi) {         /* the front closed, not out */
		w->open_lo = w->open_hi = 0;
		w->deadline = 0;
	}
	int settle = col > w->deadline;
	t->len = len + 1;
	t->ptr[len] = bracket;
	return settle ? WQ_SETTLE : WQ_DONE;
}

#endif

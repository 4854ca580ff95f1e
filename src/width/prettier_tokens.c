/* prettier_tokens.c - --style=prettier's layout engine: each container on one
 * line when it fits, else expanded, decided as prettier decides.  See
 * prettier.h. */
#include "width/prettier.h"

#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "width/prettier_parts.h"

void prettier_init(struct prettier *p, const struct prettier_style *style, struct fbuffer *out)
{
	memset(p, 0, sizeof *p);
	p->style = *style;
	p->out = out;
	fbuffer_init_mem(&p->text);
	fbuffer_init_mem(&p->suffix);
}

void prettier_reset(struct prettier *p)
{
	p->col = 0;
	p->text.len = 0;
	p->ntok = p->next = 0;
	p->depth = 0;
	p->after_key = 0;
	p->holding = p->closed = 0;
	p->nheld = 0;
	p->numbers_line = 0;
	p->line_numbers = 0;
	p->suffix.len = 0;
}

void prettier_release(struct prettier *p)
{
	fbuffer_release(&p->text);
	fbuffer_release(&p->suffix);
	free(p->tok);
	free(p->level);
	free(p->held);
}

/* Inline in both its callers: called, it cost citm_catalog.json 0.6 M
 * instructions of 85 M. */
static inline __attribute__((always_inline)) void run(struct prettier *p);

/* --- The front: held while its one line may fit --- */

static void push_held(struct prettier *p, const struct prettier_tok *t)
{
	if (FB_UNLIKELY(p->nheld == p->held_cap))
		p->held = xgrow_array(p->held, &p->held_cap, p->nheld + 1, sizeof *p->held);
	p->held[p->nheld++] = (struct prettier_held){
		.object = t->kind == PRETTIER_OPEN_OBJECT,
		.numbers = 1,
		.alike = 1,
	};
}

void prettier_start_front(struct prettier *p, const struct prettier_tok *t, size_t at)
{
	p->holding = 1;
	p->front = at;
	p->front_col = p->col;
	p->flat = 1;
	p->nheld = 0;
	p->front_plain = 1;
	push_held(p, t);
}

/* The front does not fit, or holds something that is expanded: out with
 * its bracket, expanded, and place what it holds again, each element a
 * front of its own. */
static void break_front(struct prettier *p)
{
	p->holding = p->closed = 0;
	p->nheld = 0;
	prettier_open_level(p, p->tok[p->front].kind == PRETTIER_OPEN_OBJECT);
	p->next = p->front + 1;
}

/* The front is written on its one line: the output stands after it. */
static void front_written(struct prettier *p)
{
	p->col = p->front_col + (size_t)p->flat;
	p->holding = p->closed = 0;
	p->nheld = 0;
	p->after_key = 0;
	prettier_value_done(p);
}

/* The front fits: out with it on one line, tok[front, front_end). */
static void write_front(struct prettier *p)
{
	prettier_write_line(p);
	front_written(p);
}

/* Whether a front that closed and ends at column `end` has room for the
 * comma that may follow it: none follows at the top level. */
static int room_for_comma(const struct prettier *p, unsigned long long end)
{
	return p->depth == 0 || end + 1 <= p->style.limit;
}

/* The front closed, and nothing in it is expanded: out with it on one
 * line if it fits with the comma that may follow it; the next token says
 * whether one does, unless the answer is the same either way. */
static void front_closed(struct prettier *p, size_t end_at)
{
	unsigned long long end = p->front_col + p->flat;
	size_t limit = p->style.limit;

	p->front_end = end_at;
	if (p->held[0].count == 0 && p->held[0].dangling == 0)
		write_front(p);         /* empty: never expanded */
	else if (end > limit)
		break_front(p);
	else if (room_for_comma(p, end))
		write_front(p);         /* no comma after it, or room for one */
	else if (p->style.trailing_comma)
		break_front(p);         /* a comma after it, and no room */
	else
		p->closed = 1;
}

/* The innermost held container closes: its bracket's columns, and
 * whether it must be expanded; its parent array learns whether it had two
 * elements or more. */
static inline int close_held(struct prettier *p)
{
	struct prettier_held c = p->held[--p->nheld];
	int hard = 0;

	p->flat += 1 + (c.object && c.count && p->style.bracket_spacing);
	if (!c.object && c.count > 0 && c.numbers && c.blank)
		hard = 1;
	if (!c.object && c.count > 1 && c.alike)
		hard = 1;
	if (p->nheld > 0) {
		struct prettier_held *parent = &p->held[p->nheld - 1];
		if (!parent->object && c.count < 2)
			parent->alike = 0;
	}
	return hard;
}

/* A token inside the front. */
static void hold(struct prettier *p, const struct prettier_tok *t, size_t at)
{
	struct prettier_held *h = &p->held[p->nheld - 1];
	int hard = 0;

	if (t->kind == PRETTIER_DANGLING) {
		p->front_plain = 0;
		/* one a line if there are more, or a // one */
		if (h->dangling++ || (t->flags & (PRETTIER_SLASHES | PRETTIER_LINES)))
			hard = 1;
		p->flat += t->cols;
	} else if (t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_TRAILING &&
		   !h->after_key) {
		hard = prettier_held_element(p, h, t->flags);
	}
	if (!h->object && t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_DANGLING &&
	    t->kind != PRETTIER_LEADING && t->kind != PRETTIER_TRAILING)
		prettier_held_value(h, t->kind);
	switch (t->kind) {
	case PRETTIER_LEADING:
	case PRETTIER_TRAILING:
		p->front_plain = 0;
		if (t->flags & (PRETTIER_HARD | PRETTIER_SLASHES | PRETTIER_LINES))
			hard = 1;       /* a soft one is a space on one line */
		p->flat += t->cols + 1;
		if (t->kind == PRETTIER_LEADING)
			h->after_key = 1;
		else if (!prettier_fills(t))
			h->numbers = 0;
		break;
	case PRETTIER_KEY:
		p->flat += t->cols + 2;
		h->after_key = 1;
		if (t->flags & (PRETTIER_BREAK_VALUE | PRETTIER_LINES))
			hard = 1;
		break;
	case PRETTIER_SCALAR:
	case PRETTIER_NUMBER:
		p->flat += t->cols;
		h->after_key = 0;
		break;
	case PRETTIER_OPEN_ARRAY:
	case PRETTIER_OPEN_OBJECT:
		p->flat += 1;
		h->after_key = 0;
		p->front_plain = 0;
		push_held(p, t);
		break;
	case PRETTIER_CLOSE:
		hard = close_held(p);
		if (p->nheld == 0 && !hard) {
			front_closed(p, at + 1);
			return;
		}
		break;
	}
	if (hard || ((p->held[0].count || p->held[0].dangling) &&
		     p->front_col + p->flat > p->style.limit))
		break_front(p);
}

void prettier_line_split(struct prettier *p)
{
	const char *s = p->text.ptr + p->line_at, *end = p->text.ptr + p->text.len;

	/* room for one more, which the caller may push without a check */
	if (p->ntok + p->line_numbers + 1 > p->tok_cap)
		p->tok = xgrow_array(p->tok, &p->tok_cap, p->ntok + p->line_numbers + 1,
				     sizeof *p->tok);
	for (size_t i = 0; i < p->line_numbers; i++) {
		const char *e = memchr(s, ',', (size_t)(end - s));     /* (none in a number) */
		size_t n = (size_t)((e ? e : end) - s);
		p->tok[p->ntok++] = (struct prettier_tok){ PRETTIER_NUMBER, 0,
							   (size_t)(s - p->text.ptr), n, n };
		s += n + 2;
	}
	p->next = p->ntok;
	p->line_numbers = 0;
}

void prettier_break_held(struct prettier *p)
{
	if (p->numbers_line)
		prettier_line_tokens(p);
	break_front(p);
	run(p);
}

/* --- Placed with nothing held: the shortcut (prettier_place.c) --- */

/* The longest token place_quick() writes; a longer one takes
 * prettier_place(). */
#define QUICK_TOKEN_MAX 1024

/*
 * The tokens most often placed with nothing held, in an expanded container
 * that holds no numbers to fill: a key, and a value of one token (a string,
 * a number, true, false, null) after a key or as an array's element.  The
 * bytes prettier_place() writes (the comma, the line break and indentation
 * as a slice of the style's run, the token, the colon) in one reserve of
 * the output.  Returns 0, having done nothing, when it does not apply.
 * It took twitter.json from 39.8 M to 37.7 M instructions, citm_catalog.json
 * from 96.8 M to 94.2 M, and canada.json, whose values are nearly all held,
 * from 138.7 M to 139.6 M (the test before each token).
 */
static int place_quick(struct prettier *p, enum prettier_kind kind, unsigned flags,
		       const char *s, size_t len, size_t cols)
{
	struct prettier_level *l = &p->level[p->depth - 1];
	struct fbuffer *out = p->out;
	size_t n = 0, colon = 0;
	const char *sep = NULL;

	if ((flags & ~(unsigned)PRETTIER_BROKEN) || l->numbers || l->indent_only ||
	    p->suffix.len || len > QUICK_TOKEN_MAX)
		return 0;
	if (kind == PRETTIER_KEY)
		colon = 2;
	if (!p->after_key) {
		sep = style_break(p->style.layout, p->depth, l->count > 0, &n);
		if (n > STYLE_SEPARATOR_MAX)
			return 0;
	} else if (colon) {
		return 0;
	}
	/* the separator is copied in whole slices */
	size_t bound = n + FBUFFER_COPY_WIDTH + len + colon;
	if (!fbuffer_can_reserve(out, bound))
		return 0;
	fbuffer_reserve(out, bound);
	char *d = fbuffer_cursor(out);
	if (sep) {
		fbuffer_copy_slices(d, sep, n);
		d += n;
		l->count++;
		p->col = p->depth * p->style.indent_cols;
	}
	if (len <= FBUFFER_COPY_WIDTH)
		fbuffer_copy_small(d, s, len);
	else
		memcpy(d, s, len);
	d += len;
	p->col += cols;
	if (colon) {
		d[0] = ':';
		d[1] = ' ';
		d += 2;
		p->col += 2;
	}
	p->after_key = colon != 0;
	fbuffer_advance(out, (size_t)(d - fbuffer_cursor(out)));
	return 1;
}


/* Whether the innermost expanded container holds numbers. */
static int filling(const struct prettier *p)
{
	return p->depth && p->level[p->depth - 1].numbers;
}

/* Place the tokens not placed yet. */
static inline __attribute__((always_inline)) void run(struct prettier *p)
{
	while (p->next < p->ntok) {
		size_t at = p->next++;
		const struct prettier_tok *t = &p->tok[at];

		if (p->closed) {
			if (t->kind != PRETTIER_CLOSE) {
				break_front(p);         /* a comma follows */
				continue;
			}
			write_front(p);
		}
		if (p->holding)
			hold(p, t, at);
		else
			prettier_place(p, t, prettier_text(p, t), at);
	}
	if (!p->holding && !p->closed && !filling(p)) {
		p->ntok = p->next = 0;
		p->text.len = 0;
	}
}

/* A bracket's token at the end of tok[]: its index. */
static inline __attribute__((always_inline)) size_t push_bracket(struct prettier *p,
								  enum prettier_kind kind)
{
	if (FB_UNLIKELY(p->ntok == p->tok_cap))
		p->tok = xgrow_array(p->tok, &p->tok_cap, p->ntok + 1, sizeof *p->tok);
	p->tok[p->ntok] = (struct prettier_tok){ (unsigned char)kind, 0, p->text.len, 1, 1 };
	p->next = p->ntok + 1;
	return p->ntok++;
}

/*
 * An opening bracket and a closing one, which begin and end a front in
 * the expanded container nearly every time, take the steps the general
 * path takes for them there, without its loop over the tokens not placed
 * and its dispatch on every kind of token: canada.json, whose pairs of
 * numbers in brackets are each a front, took 112.1 M instructions, not
 * 119.0 M; citm_catalog.json 82.0 M, not 83.5 M.
 */
void prettier_open(struct prettier *p, enum prettier_kind kind, unsigned flags)
{
	struct prettier_level *l = p->depth ? &p->level[p->depth - 1] : NULL;

	if (p->numbers_line)
		prettier_line_tokens(p);
	if (p->style.quick && flags == 0 && l && !l->numbers && !p->holding && !p->closed &&
	    p->ntok == 0) {
		size_t at = push_bracket(p, kind);
		if (!p->after_key)
			prettier_begin_element(p, l, 0);
		p->after_key = 0;
		prettier_start_front(p, &p->tok[at], at);
		p->numbers_line = kind == PRETTIER_OPEN_ARRAY;
		return;
	}
	prettier_token_general(p, kind, flags, kind == PRETTIER_OPEN_OBJECT ? "{" : "[", 1, 1);
}

void prettier_close(struct prettier *p, unsigned flags)
{
	if (p->numbers_line) {
		/* the front's numbers, written as their line if it fits
		 * with the comma that may follow it (front_closed()'s
		 * test), else as tokens by the general path */
		unsigned long long end = p->front_col + p->flat + 1;
		if (flags == 0 && p->line_numbers && !filling(p) && end <= p->style.limit &&
		    room_for_comma(p, end)) {
			p->flat++;      /* (close_held(): never hard) */
			prettier_write_numbers(p);
			p->numbers_line = 0;
			p->line_numbers = 0;
			p->ntok = p->next = 0;          /* (run()'s end: all placed) */
			p->text.len = 0;
			front_written(p);
			return;
		}
		prettier_line_tokens(p);
	}
	if (p->style.quick && prettier_places_now(p)) {
		/* an expanded container's, with nothing held: what the
		 * general path does then (prettier_place()), without its
		 * token and loop; citm_catalog.json, whose objects are
		 * nearly all expanded, took 79.6 M instructions, not 80.5 M */
		prettier_close_level(p);
		return;
	}
	if (p->style.quick && flags == 0 && p->holding && !p->closed && p->nheld == 1 &&
	    p->next == p->ntok) {
		size_t at = push_bracket(p, PRETTIER_CLOSE);
		if (close_held(p))
			break_front(p);
		else
			front_closed(p, at + 1);
		run(p);         /* what a broken front held, placed again */
		return;
	}
	prettier_token_general(p, PRETTIER_CLOSE, flags, "]", 1, 1);
}

void prettier_token_general(struct prettier *p, enum prettier_kind kind, unsigned flags,
			    const char *s, size_t len, size_t cols)
{
	struct prettier_tok t = { (unsigned char)kind, (unsigned short)flags, 0, len, cols };

	if (p->numbers_line)
		prettier_line_tokens(p);
	if (kind == PRETTIER_KEY && p->style.quick && p->holding && !p->closed &&
	    p->ntok == p->front + 1 && p->next == p->ntok && p->held[0].object &&
	    p->held[0].count == 0 && p->held[0].dangling == 0 &&
	    prettier_first_expands(&p->style, flags)) {
		/* the first key of the object the front has just begun,
		 * which expands it (prettier_held_element()): broken before
		 * the key is held, not after, and the key placed as in any
		 * expanded object: citm_catalog.json, nearly all of whose
		 * objects are written so, took 77.4 M instructions, not
		 * 79.6 M; twitter.json 27.0 M, not 27.3 M */
		break_front(p);
		run(p);
	}
	if ((kind == PRETTIER_KEY || kind == PRETTIER_SCALAR || kind == PRETTIER_NUMBER) &&
	    p->style.quick && !p->holding && !p->closed && p->ntok == 0 && p->depth &&
	    place_quick(p, kind, flags, s, len, cols))
		return;
	if (prettier_places_now(p) &&
	    kind != PRETTIER_OPEN_ARRAY && kind != PRETTIER_OPEN_OBJECT) {
		prettier_place(p, &t, s, 0);
		return;
	}
	/* a bracket's text is not kept: its kind says it (canada.json, all
	 * pairs of numbers in brackets, took 128.6 M instructions, not
	 * 131.0 M) */
	t.off = p->text.len;
	if (kind != PRETTIER_OPEN_ARRAY && kind != PRETTIER_OPEN_OBJECT && kind != PRETTIER_CLOSE)
		fbuffer_append(&p->text, s, len);
	if (FB_UNLIKELY(p->ntok == p->tok_cap))
		p->tok = xgrow_array(p->tok, &p->tok_cap, p->ntok + 1, sizeof *p->tok);
	p->tok[p->ntok++] = t;
	run(p);
}

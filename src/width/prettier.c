/* prettier.c - --style=prettier's layout engine: each container on one
 * line when it fits, else expanded, decided as prettier decides.  See
 * prettier.h. */
#include "width/prettier.h"

#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "width/columns.h"

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

/* --- Writing out --- */

static void put(struct prettier *p, const char *s, size_t n, size_t cols)
{
	fbuffer_append(p->out, s, n);
	p->col += cols;
}

static const char *tok_text(const struct prettier *p, const struct prettier_tok *t)
{
	return p->text.ptr + t->off;
}

/* What waits for the line to end: prettier's lineSuffix. */
static void flush_suffix(struct prettier *p)
{
	if (p->suffix.len) {
		fbuffer_append(p->out, p->suffix.ptr, p->suffix.len);
		p->suffix.len = 0;
	}
}

/* Whether an array of numbers holding t is still filled, as prettier's
 * isConciselyPrintedArray() says: a number, or a comment on one, but a //
 * comment after one on its line. */
static int fills(const struct prettier_tok *t)
{
	return t->kind == PRETTIER_NUMBER || t->kind == PRETTIER_LEADING ||
	       (t->kind == PRETTIER_TRAILING &&
		(!(t->flags & PRETTIER_SLASHES) || (t->flags & PRETTIER_HARD)));
}

/* A line break and the indentation of `depth` levels. */
static void newline(struct prettier *p, size_t depth)
{
	flush_suffix(p);
	style_newline(p->style.layout, p->out, depth, 0);
	p->col = depth * p->style.indent_cols;
}

/* A line end alone: a blank line, or the end of a top-level value. */
static void line_end(struct prettier *p)
{
	flush_suffix(p);
	style_put_break(p->style.layout, p->out, 0, 0);
	p->col = 0;
}

void prettier_line_end(struct prettier *p)
{
	line_end(p);
}

/* A comment that waits for the end of the line: after a space, or on a
 * line of its own at the indentation of `depth` (after a blank line if
 * one stood before it). */
/*
 * Write comment s to fb, starting at column `col`: as it stands, but for a
 * block comment of several lines each of which begins with '*' (a doc
 * comment), whose lines after the first go at the indentation of `depth`
 * and a space, trimmed, as prettier reindents them.  Returns the column
 * after it.
 */
static size_t write_comment(struct prettier *p, struct fbuffer *fb, const struct prettier_tok *t,
			    const char *s, size_t depth, size_t col)
{
	const char *line = s, *end = s + t->len, *nl;
	int stars = (t->flags & PRETTIER_STARS) != 0;

	if (!(t->flags & PRETTIER_LINES)) {
		fbuffer_append(fb, s, t->len);
		return col + t->cols;
	}
	for (;;) {
		const char *b = line, *e;
		nl = memchr(line, '\n', (size_t)(end - line));
		e = nl ? nl : end;
		if (nl && e > b && e[-1] == '\r')
			e--;
		if (line != s) {
			if (stars) {
				while (b < e && (*b == ' ' || *b == '\t'))
					b++;
				style_newline(p->style.layout, fb, depth, 0);
				fbuffer_append_char(fb, ' ');
				col = depth * p->style.indent_cols + 1;
			} else {
				style_put_break(p->style.layout, fb, 0, 0);
				col = 0;
			}
		}
		if (stars && nl)
			while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
				e--;
		fbuffer_append(fb, b, (size_t)(e - b));
		col += columns_of(b, (size_t)(e - b));
		if (!nl)
			return col;
		line = nl + 1;
	}
}

static void defer_comment(struct prettier *p, const struct prettier_tok *t, const char *s,
			  size_t depth)
{
	size_t col = 0;

	if (t->flags & PRETTIER_HARD) {
		if (t->flags & PRETTIER_BLANK_AFTER)
			style_put_break(p->style.layout, &p->suffix, 0, 0);
		style_newline(p->style.layout, &p->suffix, depth, 0);
	} else {
		fbuffer_append_char(&p->suffix, ' ');
	}
	write_comment(p, &p->suffix, t, s, depth, col);
}

/* A comment written out where the output stands. */
static void put_comment(struct prettier *p, const struct prettier_tok *t, const char *s)
{
	p->col = write_comment(p, p->out, t, s, p->depth, p->col);
}

/* A leading comment in an expanded container (or at the top level), and
 * what follows it. */
static void put_leading(struct prettier *p, const struct prettier_tok *t, const char *s,
			int flat)
{
	put_comment(p, t, s);
	if ((t->flags & PRETTIER_HARD) || ((t->flags & PRETTIER_SOFT) && !flat)) {
		if (t->flags & PRETTIER_BLANK_AFTER)
			line_end(p);
		newline(p, p->depth);
	} else {
		put(p, " ", 1, 1);
	}
}

/* A trailing comment, written out: a block comment after a space, the
 * others when the line ends. */
static void put_trailing(struct prettier *p, const struct prettier_tok *t, const char *s)
{
	if (t->flags & (PRETTIER_HARD | PRETTIER_SLASHES)) {
		defer_comment(p, t, s, p->depth);
		return;
	}
	put(p, " ", 1, 1);
	put_comment(p, t, s);
}

/* The element coming in the innermost expanded container: the comma after
 * the one before, a blank line if one stood before it, its line. */
static void begin_element(struct prettier *p, struct prettier_level *l, unsigned flags)
{
	if (l->count > 0) {
		put(p, ",", 1, 1);
		if (flags & PRETTIER_BLANK)
			line_end(p);
	}
	newline(p, p->depth);
	l->count++;
}

static void place(struct prettier *p, const struct prettier_tok *t, const char *s, size_t at);

/* The tokens held by the innermost expanded array, one element a line:
 * it holds something that is not a number too.  They are placed again,
 * the array no longer holding; past the bound the first is placed
 * already. */
static void numbers_one_a_line(struct prettier *p, struct prettier_level *l)
{
	size_t n = l->count;

	l->numbers = 0;
	l->count = l->filled;
	p->after_key = l->filled;
	for (size_t i = 0; i < n; i++) {
		const struct prettier_tok *t = &p->tok[l->fill_from + i];
		place(p, t, tok_text(p, t), l->fill_from + i);
	}
}

/* One element of a filled array: its leading comments, its number, its
 * trailing comments, from tok[from]. */
struct fill_item {
	size_t from, to;                /* its tokens */
	unsigned long long cols;        /* on one line, up to a line break
					 * in it (a leading comment's) */
	int hard;                       /* there is one */
	int slashes;                    /* a leading // comment */
};

/* A comment t in a filled element: its columns (and `space` more) up to
 * a line break in it, which ends what prettier's fill() measures. */
static void fill_cols(const struct prettier *p, const struct prettier_tok *t,
		      struct fill_item *it, int space)
{
	if (it->hard)
		return;
	if (t->flags & PRETTIER_LINES) {
		const char *s = tok_text(p, t), *nl = memchr(s, '\n', t->len);
		it->cols += columns_of(s, (size_t)(nl - s));
		it->hard = 1;
		return;
	}
	it->cols += t->cols + (size_t)space;
}

static size_t fill_item(const struct prettier *p, size_t from, size_t end,
			struct fill_item *it)
{
	size_t i = from;

	*it = (struct fill_item){ .from = from };
	for (; i < end && p->tok[i].kind == PRETTIER_LEADING; i++) {
		const struct prettier_tok *t = &p->tok[i];
		it->slashes |= (t->flags & PRETTIER_SLASHES) != 0;
		fill_cols(p, t, it, !(t->flags & PRETTIER_HARD));
		it->hard |= (t->flags & PRETTIER_HARD) != 0;
	}
	if (i < end && p->tok[i].kind == PRETTIER_NUMBER) {
		if (!it->hard)
			it->cols += p->tok[i].cols;
		i++;
	}
	for (; i < end && p->tok[i].kind == PRETTIER_TRAILING; i++)
		if (!it->hard && !(p->tok[i].flags & PRETTIER_HARD)) {
			it->cols += 1;
			fill_cols(p, &p->tok[i], it, 0);
		}
	it->to = i;
	return i;
}

/*
 * The elements held by the innermost expanded array, which holds nothing
 * but numbers (and comments on them), as prettier's fill() lays them out:
 * each with its comma, and the space after it kept when the next one fits
 * on the line too (up to a line break in either).  A blank line stays;
 * a // comment before an element begins its line.  With `closing`, up to
 * the last element, else all but the last, which stays held.
 */
static void numbers_filled(struct prettier *p, struct prettier_level *l, int closing)
{
	size_t end = l->fill_from + l->count;
	struct fill_item it, next;
	size_t i = fill_item(p, l->fill_from, end, &it);

	if (!l->filled)
		newline(p, p->depth);
	l->filled = 1;
	for (;;) {
		int last = it.to == end;
		if (last && !closing)
			break;
		unsigned long long start = p->col;
		/* fill() prints an element that fits (to a line break in it)
		 * flat: a soft line after a comment is a space */
		int flat = start + it.cols <= p->style.limit;
		for (size_t k = it.from; k < it.to; k++) {
			const struct prettier_tok *t = &p->tok[k];
			if (t->kind == PRETTIER_LEADING)
				put_leading(p, t, tok_text(p, t), flat);
			else if (t->kind == PRETTIER_TRAILING)
				put_trailing(p, t, tok_text(p, t));
			else
				put(p, tok_text(p, t), t->len, t->cols);
		}
		if (!last || p->style.trailing_comma)
			put(p, ",", 1, 1);
		if (last)
			break;
		i = fill_item(p, i, end, &next);
		int comma = next.to < end || !closing || p->style.trailing_comma;
		unsigned long long need = it.hard ? start + it.cols :
			start + it.cols + 1 + 1 + next.cols + (next.hard ? 0 : comma);
		if (p->tok[next.from].flags & PRETTIER_BLANK) {
			line_end(p);
			newline(p, p->depth);
		} else if (!next.slashes && need <= p->style.limit) {
			put(p, " ", 1, 1);
		} else {
			newline(p, p->depth);
		}
		if (!closing && next.to == end) {
			/* the last stays held: from where it is */
			memmove(&p->tok[l->fill_from], &p->tok[next.from],
				(end - next.from) * sizeof *p->tok);
			l->count = end - next.from;
			return;
		}
		it = next;
	}
	l->numbers = 0;
}

/*
 * The tokens held by the innermost expanded array outgrow the output's hold
 * (--buffer-size): fill all but the last element as if nothing but
 * numbers followed, and hold that one alone.  If something else does
 * follow, the array goes on one element a line, where prettier would
 * have written all of it so.  Only with nothing else to place after.
 */
static void numbers_bounded(struct prettier *p, struct prettier_level *l)
{
	numbers_filled(p, l, 0);
	size_t from = l->fill_from, n = l->count, base = p->tok[from].off;

	memmove(p->text.ptr, p->text.ptr + base, p->text.len - base);
	p->text.len -= base;
	memmove(p->tok, &p->tok[from], n * sizeof *p->tok);
	for (size_t i = 0; i < n; i++)
		p->tok[i].off -= base;
	p->ntok = p->next = n;
	l->fill_from = 0;
}

/* A value is written whole: a member's value broken after its colon
 * leaves its indentation. */
static void value_done(struct prettier *p)
{
	if (p->depth && p->level[p->depth - 1].indent_only)
		p->depth--;
}

/* The innermost expanded container closes. */
static void close_level(struct prettier *p)
{
	struct prettier_level *l = &p->level[p->depth - 1];
	int object = l->object;

	if (l->numbers && l->count > 0)
		numbers_filled(p, l, 1);
	else if (l->count > 0 && p->style.trailing_comma)
		put(p, ",", 1, 1);
	p->depth--;
	newline(p, p->depth);
	put(p, object ? "}" : "]", 1, 1);
	p->after_key = 0;
	value_done(p);
}

/* A container is written expanded from here: its bracket, its level. */
static void open_level(struct prettier *p, int object)
{
	put(p, object ? "{" : "[", 1, 1);
	p->level = xgrow_array(p->level, &p->level_cap, p->depth + 1, sizeof *p->level);
	p->level[p->depth++] = (struct prettier_level){
		.object = (unsigned char)object,
		.numbers = (unsigned char)(!object && !p->style.expand_all),
	};
}

/* --- The front: held while its one line may fit --- */

static void push_held(struct prettier *p, const struct prettier_tok *t)
{
	p->held = xgrow_array(p->held, &p->held_cap, p->nheld + 1, sizeof *p->held);
	p->held[p->nheld++] = (struct prettier_held){
		.object = t->kind == PRETTIER_OPEN_OBJECT,
		.numbers = 1,
		.alike = 1,
	};
}

static void start_front(struct prettier *p, const struct prettier_tok *t, size_t at)
{
	p->holding = 1;
	p->front = at;
	p->front_col = p->col;
	p->flat = 1;
	p->nheld = 0;
	push_held(p, t);
}

/* The front does not fit, or holds something that is expanded: out with
 * its bracket, expanded, and place what it holds again, each element a
 * front of its own. */
static void break_front(struct prettier *p)
{
	p->holding = p->closed = 0;
	p->nheld = 0;
	open_level(p, p->tok[p->front].kind == PRETTIER_OPEN_OBJECT);
	p->next = p->front + 1;
}

/* The front fits: out with it on one line, tok[front, front_end). */
static void write_front(struct prettier *p)
{
	size_t depth = 0;
	int spacing = p->style.bracket_spacing;

	/* the held containers' bookkeeping is free again: reuse it */
	for (size_t i = p->front; i < p->front_end; i++) {
		const struct prettier_tok *t = &p->tok[i];
		struct prettier_held *h = depth ? &p->held[depth - 1] : NULL;

		if (h && t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_TRAILING &&
		    t->kind != PRETTIER_DANGLING && !h->after_key) {
			if (h->count > 0)
				fbuffer_append(p->out, ", ", 2);
			else if (h->object && spacing)
				fbuffer_append_char(p->out, ' ');
			h->count++;
		}
		switch (t->kind) {
		case PRETTIER_LEADING:      /* inline: a block comment */
			fbuffer_append(p->out, tok_text(p, t), t->len);
			fbuffer_append_char(p->out, ' ');
			if (h)
				h->after_key = 1;
			break;
		case PRETTIER_TRAILING:
			fbuffer_append_char(p->out, ' ');
			fbuffer_append(p->out, tok_text(p, t), t->len);
			break;
		case PRETTIER_DANGLING:
			fbuffer_append(p->out, tok_text(p, t), t->len);
			break;
		case PRETTIER_KEY:
			fbuffer_append(p->out, tok_text(p, t), t->len);
			fbuffer_append(p->out, ": ", 2);
			h->after_key = 1;
			break;
		case PRETTIER_SCALAR:
		case PRETTIER_NUMBER:
			fbuffer_append(p->out, tok_text(p, t), t->len);
			if (h)
				h->after_key = 0;
			break;
		case PRETTIER_OPEN_ARRAY:
		case PRETTIER_OPEN_OBJECT:
			if (h)
				h->after_key = 0;
			fbuffer_append_char(p->out, t->kind == PRETTIER_OPEN_OBJECT ? '{' : '[');
			p->held = xgrow_array(p->held, &p->held_cap, depth + 1, sizeof *p->held);
			p->held[depth++] = (struct prettier_held){
				.object = t->kind == PRETTIER_OPEN_OBJECT };
			break;
		case PRETTIER_CLOSE:
			depth--;
			if (h->object && h->count && spacing)
				fbuffer_append_char(p->out, ' ');
			fbuffer_append_char(p->out, h->object ? '}' : ']');
			break;
		}
	}
	p->col = p->front_col + (size_t)p->flat;
	p->holding = p->closed = 0;
	p->nheld = 0;
	p->after_key = 0;
	value_done(p);
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
	else if (p->depth == 0 || end + 1 <= limit)
		write_front(p);         /* no comma after it, or room for one */
	else if (p->style.trailing_comma)
		break_front(p);         /* a comma after it, and no room */
	else
		p->closed = 1;
}

/* A token inside the front. */
static void hold(struct prettier *p, const struct prettier_tok *t, size_t at)
{
	struct prettier_held *h = &p->held[p->nheld - 1];
	int hard = 0;

	if (t->kind == PRETTIER_DANGLING) {
		/* one a line if there are more, or a // one */
		if (h->dangling++ || (t->flags & (PRETTIER_SLASHES | PRETTIER_LINES)))
			hard = 1;
		p->flat += t->cols;
	} else if (t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_TRAILING &&
		   !h->after_key) {
		/* an element of h begins */
		if (h->count > 0)
			p->flat += 2;
		else if (h->object && p->style.bracket_spacing)
			p->flat += 1;
		if (h->count == 0 && (p->style.expand_all ||
				      ((t->flags & PRETTIER_BROKEN) && !p->style.collapse)))
			hard = 1;
		if (h->count > 0 && (t->flags & PRETTIER_BLANK)) {
			if (h->object)
				hard = 1;
			else
				h->blank = 1;
		}
		h->count++;
	}
	if (!h->object && t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_DANGLING &&
	    t->kind != PRETTIER_LEADING && t->kind != PRETTIER_TRAILING) {
		/* an element's value: what kind the array is */
		int container = t->kind == PRETTIER_OPEN_ARRAY || t->kind == PRETTIER_OPEN_OBJECT;
		if (t->kind != PRETTIER_NUMBER)
			h->numbers = 0;
		if (!container || (h->count > 1 && t->kind != h->first))
			h->alike = 0;
		h->first = t->kind;
	}
	switch (t->kind) {
	case PRETTIER_LEADING:
	case PRETTIER_TRAILING:
		if (t->flags & (PRETTIER_HARD | PRETTIER_SLASHES | PRETTIER_LINES))
			hard = 1;       /* a soft one is a space on one line */
		p->flat += t->cols + 1;
		if (t->kind == PRETTIER_LEADING)
			h->after_key = 1;
		else if (!fills(t))
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
		push_held(p, t);
		break;
	case PRETTIER_CLOSE: {
		struct prettier_held c = *h;
		p->nheld--;
		p->flat += 1 + (c.object && c.count && p->style.bracket_spacing);
		if (!c.object && c.count > 0 && c.numbers && c.blank)
			hard = 1;
		if (!c.object && c.count > 1 && c.alike)
			hard = 1;
		if (p->nheld > 0) {
			struct prettier_held *parent = &p->held[p->nheld - 1];
			if (!parent->object && c.count < 2)
				parent->alike = 0;
		} else if (!hard) {
			front_closed(p, at + 1);
			return;
		}
		break;
	}
	}
	if (hard || ((p->held[0].count || p->held[0].dangling) &&
		     p->front_col + p->flat > p->style.limit))
		break_front(p);
}

/* --- Expanded containers --- */


/* A token with nothing held: in the innermost expanded container, or at
 * the top level.  `at` is its index in tok[], if it is there. */
static void place(struct prettier *p, const struct prettier_tok *t, const char *s, size_t at)
{
	struct prettier_level *l = p->depth ? &p->level[p->depth - 1] : NULL;

	if (t->kind == PRETTIER_CLOSE) {
		close_level(p);
		return;
	}
	if (l && l->numbers && !fills(t))
		numbers_one_a_line(p, l);
	if (l && l->numbers) {          /* held, to be filled */
		if (l->count++ == 0)
			l->fill_from = at;
		else if (p->out->hold_max && p->text.len > p->out->hold_max &&
			 at + 1 == p->ntok && t->kind == PRETTIER_NUMBER)
			numbers_bounded(p, l);
		return;
	}
	if (t->kind == PRETTIER_TRAILING) {
		put_trailing(p, t, s);
		return;
	}
	if (t->kind == PRETTIER_DANGLING) {     /* its container is expanded */
		newline(p, p->depth);
		put_comment(p, t, s);
		return;
	}
	if (l && !p->after_key)
		begin_element(p, l, t->flags);
	switch (t->kind) {
	case PRETTIER_LEADING:
		put_leading(p, t, s, 0);
		p->after_key = 1;
		break;
	case PRETTIER_KEY:
		put(p, s, t->len, t->cols);
		if (t->flags & PRETTIER_BREAK_VALUE) {
			put(p, ":", 1, 1);
			p->level = xgrow_array(p->level, &p->level_cap, p->depth + 1,
					       sizeof *p->level);
			p->level[p->depth++] = (struct prettier_level){ .indent_only = 1 };
			newline(p, p->depth);
		} else {
			put(p, ": ", 2, 2);
		}
		p->after_key = 1;
		break;
	case PRETTIER_SCALAR:
	case PRETTIER_NUMBER:
		put(p, s, t->len, t->cols);
		p->after_key = 0;
		value_done(p);
		break;
	default:
		p->after_key = 0;
		start_front(p, t, at);
		break;
	}
}

/* Whether the innermost expanded container holds numbers. */
static int filling(const struct prettier *p)
{
	return p->depth && p->level[p->depth - 1].numbers;
}

/* Place the tokens not placed yet. */
static void run(struct prettier *p)
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
			place(p, t, tok_text(p, t), at);
	}
	if (!p->holding && !p->closed && !filling(p)) {
		p->ntok = p->next = 0;
		p->text.len = 0;
	}
}

void prettier_token(struct prettier *p, enum prettier_kind kind, unsigned flags,
		    const char *s, size_t len, size_t cols)
{
	struct prettier_tok t = { (unsigned char)kind, (unsigned short)flags, 0, len, cols };

	if (!p->holding && !p->closed && p->ntok == 0 && !filling(p) &&
	    kind != PRETTIER_OPEN_ARRAY && kind != PRETTIER_OPEN_OBJECT) {
		place(p, &t, s, 0);
		return;
	}
	t.off = p->text.len;
	fbuffer_append(&p->text, s, len);
	if (FB_UNLIKELY(p->ntok == p->tok_cap))
		p->tok = xgrow_array(p->tok, &p->tok_cap, p->ntok + 1, sizeof *p->tok);
	p->tok[p->ntok++] = t;
	run(p);
}

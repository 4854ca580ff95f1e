/* prettier_fill.c - --style=prettier's expanded arrays of numbers: held
 * until they are known to hold nothing else, then filled as prettier's
 * fill() fills them, or placed one element a line.  See prettier_parts.h. */
#include <string.h>

#include "width/columns.h"
#include "width/prettier_parts.h"

/* Whether an array of numbers holding t is still filled, as prettier's
 * isConciselyPrintedArray() says: a number, or a comment on one, but a //
 * comment after one on its line. */
int prettier_fills(const struct prettier_tok *t)
{
	return t->kind == PRETTIER_NUMBER || t->kind == PRETTIER_LEADING ||
	       (t->kind == PRETTIER_TRAILING &&
		(!(t->flags & PRETTIER_SLASHES) || (t->flags & PRETTIER_HARD)));
}

/* The tokens held by the innermost expanded array, one element a line:
 * it holds something that is not a number too.  They are placed again,
 * the array no longer holding; past the bound the first is placed
 * already. */
void prettier_one_a_line(struct prettier *p, struct prettier_level *l)
{
	size_t n = l->count;

	l->numbers = 0;
	l->count = l->filled;
	p->after_key = l->filled;
	for (size_t i = 0; i < n; i++) {
		const struct prettier_tok *t = &p->tok[l->fill_from + i];
		prettier_place(p, t, prettier_text(p, t), l->fill_from + i);
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
		const char *s = prettier_text(p, t), *nl = memchr(s, '\n', t->len);
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
void prettier_fill(struct prettier *p, struct prettier_level *l, int closing)
{
	size_t end = l->fill_from + l->count;
	struct fill_item it, next;
	size_t i = fill_item(p, l->fill_from, end, &it);

	if (!l->filled)
		prettier_newline(p, p->depth);
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
				prettier_put_leading(p, t, prettier_text(p, t), flat);
			else if (t->kind == PRETTIER_TRAILING)
				prettier_put_trailing(p, t, prettier_text(p, t));
			else
				prettier_put(p, prettier_text(p, t), t->len, t->cols);
		}
		if (!last || p->style.trailing_comma)
			prettier_put(p, ",", 1, 1);
		if (last)
			break;
		i = fill_item(p, i, end, &next);
		int comma = next.to < end || !closing || p->style.trailing_comma;
		unsigned long long need = it.hard ? start + it.cols :
			start + it.cols + 1 + 1 + next.cols + (next.hard ? 0 : comma);
		if (p->tok[next.from].flags & PRETTIER_BLANK) {
			prettier_line_end(p);
			prettier_newline(p, p->depth);
		} else if (!next.slashes && need <= p->style.limit) {
			prettier_put(p, " ", 1, 1);
		} else {
			prettier_newline(p, p->depth);
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
void prettier_fill_bounded(struct prettier *p, struct prettier_level *l)
{
	prettier_fill(p, l, 0);
	size_t from = l->fill_from, n = l->count, base = p->tok[from].off;

	memmove(p->text.ptr, p->text.ptr + base, p->text.len - base);
	p->text.len -= base;
	memmove(p->tok, &p->tok[from], n * sizeof *p->tok);
	for (size_t i = 0; i < n; i++)
		p->tok[i].off -= base;
	p->ntok = p->next = n;
	l->fill_from = 0;
}

/* prettier.h - --style=prettier's layout engine: prettier 3's layout of
 * JSON, decided while streaming.
 *
 * Prettier prints a container as a group: on one line when that line
 * fits, else expanded, one element a line, each element tried the same
 * way.  This engine makes the same decisions, with prettier's rules:
 *
 *  - A container fits when its one-line form, from where it starts, ends
 *    within `limit` columns, counting the comma after it when one follows
 *    (the next element, or a trailing comma), nothing otherwise.
 *  - Some containers are expanded whatever their length ("hard"): an
 *    object whose input had a line break between `{` and its first key
 *    (unless `collapse`); an object with a blank line between members; an
 *    array of two or more elements that are all objects, or all arrays,
 *    of more than one element each; an array of numbers with a blank line
 *    between two of them; every non-empty container with `expand_all`
 *    (prettier's json-stringify, for package.json).  A container that
 *    holds a hard one is hard too.
 *  - An expanded array of numbers only is filled: as many numbers a line
 *    as fit, each with its comma.  A blank line between elements is kept,
 *    one, in an expanded container.
 *  - A one-line object is written `{ "a": 1 }`, or `{"a": 1}` without
 *    `bracket_spacing`; an array `[1, 2]`.
 *
 * Columns are those of prettier's getStringWidth(): the caller counts a
 * token's (width/columns.h); a level of indentation counts indent_cols,
 * a tab as much as spaces.
 *
 * What is held: the outermost container not yet decided and all that
 * follows it, while its one-line form fits (bounded by the width, as
 * --width's engine holds, width.h); and the numbers of an expanded array
 * that has held nothing but numbers, until it closes or holds something
 * else, since only then is it known to be filled, up to the output's hold
 * (fbuffer_hold(): --buffer-size; numbers_bounded() says what happens
 * past it).
 *
 * Use: give each token in input order with prettier_token(); decided
 * output goes to the fbuffer given at init.  A top-level value is written
 * whole once its last token is given; the caller ends its line
 * (prettier_line_end()), after the comments that may follow it.
 */
#ifndef JFMT_PRETTIER_H
#define JFMT_PRETTIER_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "style/style.h"

enum prettier_kind {
	PRETTIER_OPEN_ARRAY,
	PRETTIER_OPEN_OBJECT,
	PRETTIER_CLOSE,         /* ']' or '}' */
	PRETTIER_KEY,           /* a key, quotes and all; the engine writes
				 * the colon and space after it */
	PRETTIER_SCALAR,        /* a string, true, false or null */
	PRETTIER_NUMBER,        /* a number, as prettier spells it */
	PRETTIER_LEADING,       /* a comment before the element coming (or,
				 * in an empty container, inside it) */
	PRETTIER_TRAILING,      /* a comment after the element before */
	PRETTIER_DANGLING,      /* a comment in a container with no element:
				 * on one line with its brackets if it fits and
				 * is a block comment, else one a line */
};

/* prettier_token()'s flags. */
enum prettier_flags {
	PRETTIER_BLANK = 1,     /* a blank line stands before this element */
	PRETTIER_BROKEN = 2,    /* an object's first key: a line break stands
				 * between '{' and it */
	/* Comments.  A leading one is followed by a space, by a line break
	 * (PRETTIER_HARD) or by either as its container is laid out
	 * (PRETTIER_SOFT), and a blank line (PRETTIER_BLANK_AFTER).  A
	 * trailing one follows its element after a space, and goes after the
	 * comma before the line ends if it is a // comment (PRETTIER_SLASHES),
	 * or on a line of its own (PRETTIER_HARD).  Either kind on a line of
	 * its own, or a // comment, expands every container around it. */
	PRETTIER_HARD = 4,
	PRETTIER_SOFT = 8,
	PRETTIER_SLASHES = 16,
	PRETTIER_BLANK_AFTER = 32,
	PRETTIER_LINES = 64,    /* a block comment of several lines: it
				 * expands the containers around it */
	PRETTIER_STARS = 128,   /* ... each of which begins with '*' */
	PRETTIER_BREAK_VALUE = 256, /* a key whose value goes on the next line,
				 * indented once more: prettier breaks after
				 * the colon when a comment leads the value
				 * on a line of its own */
};

struct prettier_style {
	size_t limit;           /* printWidth: columns, >= 1 */
	size_t indent_cols;     /* columns per level of indentation */
	const struct layout_style *layout;     /* line ends, indentation */
	int bracket_spacing;    /* `{ "a": 1 }`, not `{"a": 1}` */
	int trailing_comma;     /* a comma after an expanded container's last
				 * element */
	int collapse;           /* objectWrap: collapse; PRETTIER_BROKEN
				 * counts for nothing */
	int expand_all;         /* every non-empty container expanded */
	int quick;              /* the shortcuts that copy the same bytes
				 * with fewer instructions (not in the
				 * referee build, which checks them) */
};

/* A token held: its text in prettier.text. */
struct prettier_tok {
	unsigned char kind;
	unsigned short flags;
	size_t off, len, cols;
};

/* An open container written expanded. */
struct prettier_level {
	unsigned char object;
	unsigned char numbers;  /* an array of nothing but numbers so far,
				 * held from tok[fill_from] */
	unsigned char blank;    /* the element coming has a blank line
				 * before it */
	unsigned char filled;   /* numbers: some are written, filled */
	unsigned char indent_only; /* no container: a member's value after
				 * PRETTIER_BREAK_VALUE, indented once more */
	size_t count;           /* elements begun (numbers: held) */
	size_t fill_from;
};

/* An open container held inside the front, undecided. */
struct prettier_held {
	unsigned char object;
	unsigned char numbers;  /* array: numbers only so far */
	unsigned char blank;    /* array: a blank line between elements */
	unsigned char alike;    /* array: every element an object (or every
				 * one an array) of two or more elements */
	unsigned char first;    /* the first element's kind, for alike */
	unsigned char after_key;        /* a key or leading comment held: the
					 * element's value comes next */
	size_t count;
	size_t dangling;        /* comments held with no element */
};

struct prettier {
	struct prettier_style style;
	struct fbuffer *out;
	size_t col;             /* the column out stands at */

	/* Tokens not yet written, in order, from tok[0]; tok[next] is the
	 * next to place.  Their text is in `text`, but a bracket's: its kind
	 * says it. */
	struct fbuffer text;
	struct prettier_tok *tok;
	size_t ntok, next, tok_cap;

	/* The containers written expanded, outermost first. */
	struct prettier_level *level;
	size_t depth, level_cap;
	int after_key;          /* a key or a leading comment is out: the
				 * element's value comes next */
	/* What goes before the next line break: trailing // comments */
	struct fbuffer suffix;

	/* The front: the outermost container held, from tok[front], which
	 * starts at column front_col; `flat` columns of one-line text so far;
	 * the containers open inside it, itself first. */
	int holding;
	size_t front, front_end, front_col;
	unsigned long long flat;
	struct prettier_held *held;
	size_t nheld, held_cap;
	/* The front's elements while it is one array that has held only
	 * numbers (numbers_line): kept as its line alone, "1, 2, 3" from
	 * text[line_at], with no token of their own until something else
	 * comes (prettier_line_tokens()).  line_numbers counts them.  Set
	 * by prettier_open() for an array it begins a front with; then the
	 * next number joins the line after one test. */
	int numbers_line;
	size_t line_numbers, line_at;
	int closed;             /* the front closed and fits unless a comma
				 * follows: the next token says */
	int front_plain;        /* it holds no container and no comment */
	int filling;            /* a level holds numbers (prettier_level) */
};

void prettier_init(struct prettier *p, const struct prettier_style *style, struct fbuffer *out);

/** Forget anything held (after a parse error, or a new input). */
void prettier_reset(struct prettier *p);

void prettier_release(struct prettier *p);

/** End the line of a top-level value: the comments that wait for it, then
 * the line end. */
void prettier_line_end(struct prettier *p);

/** Whether a token given now, but a bracket, is written out at once, not
 * held (the general path's test too): then a string's columns count for
 * nothing, as what follows it on its line (a comma, a comment, a closing
 * bracket) is not measured. */
static inline int prettier_places_now(const struct prettier *p)
{
	return !p->holding && !p->closed && p->ntok == 0 &&
	       !(p->depth && p->level[p->depth - 1].numbers);
}

/** prettier_line_tokens() when the line holds numbers. */
void prettier_line_split(struct prettier *p);

/** The numbers the front holds as its line alone (if any) become tokens,
 * as everything but the next number and the front's closing bracket
 * needs, and no number joins the line any more. */
static inline void prettier_line_tokens(struct prettier *p)
{
	p->numbers_line = 0;
	if (p->line_numbers)
		prettier_line_split(p);
}

/** prettier_token() for an opening bracket, and a closing one. */
void prettier_open(struct prettier *p, enum prettier_kind kind, unsigned flags);
void prettier_close(struct prettier *p, unsigned flags);

/** prettier_token() but for its shortcuts. */
void prettier_token_general(struct prettier *p, enum prettier_kind kind, unsigned flags,
			    const char *s, size_t len, size_t cols);

/* --- What prettier_token()'s shortcut shares with the general path --- */

/** Whether the first element of a container, a token of `flags`, expands
 * it: every one with expand_all, an object's first key after a line
 * break unless collapse. */
static inline int prettier_first_expands(const struct prettier_style *style, unsigned flags)
{
	return style->expand_all || ((flags & PRETTIER_BROKEN) && !style->collapse);
}

/** The front holds a token that does not fit, or expands it: out with
 * its first bracket, expanded, and place what it holds again. */
void prettier_break_held(struct prettier *p);

/** An element of the held container h begins with a token of `flags`
 * (not a value after its key): the columns before it on one line, and
 * its count.  Returns whether h must be expanded for it. */
static inline __attribute__((always_inline)) int
prettier_held_element(struct prettier *p, struct prettier_held *h, unsigned flags)
{
	int hard = 0;

	if (h->count > 0)
		p->flat += 2;
	else if (h->object && p->style.bracket_spacing)
		p->flat += 1;
	if (h->count == 0 && prettier_first_expands(&p->style, flags))
		hard = 1;
	if (h->count > 0 && (flags & PRETTIER_BLANK)) {
		if (h->object)
			hard = 1;
		else
			h->blank = 1;
	}
	h->count++;
	return hard;
}

/** The held array h has an element whose value is a token of `kind`:
 * what kind of array it is so far. */
static inline __attribute__((always_inline)) void
prettier_held_value(struct prettier_held *h, enum prettier_kind kind)
{
	int container = kind == PRETTIER_OPEN_ARRAY || kind == PRETTIER_OPEN_OBJECT;

	if (kind != PRETTIER_NUMBER)
		h->numbers = 0;
	if (!container || (h->count > 1 && kind != h->first))
		h->alike = 0;
	h->first = kind;
}

/* The held array h has taken a scalar element of `cols` columns: it
 * counts, and the front breaks if it must be expanded or no longer fits. */
static inline __attribute__((always_inline)) void
prettier_held_scalar(struct prettier *p, struct prettier_held *h, enum prettier_kind kind,
		     size_t cols)
{
	int hard = prettier_held_element(p, h, 0);

	prettier_held_value(h, kind);
	p->flat += cols;
	if (hard || p->front_col + p->flat > p->style.limit)
		prettier_break_held(p);
}

/**
 * Take one token in: `cols` columns of text s[0..len).  A number, string
 * or literal that is an array's element in the front is taken here,
 * inline, as the general path takes it (canada.json, whose pairs of
 * numbers are nearly all held, took 123.0 M instructions, not 128.6 M);
 * the referee build (make general) takes the general path alone.  The
 * numbers of a front that is one array of numbers alone are kept as its
 * line, written at once when it closes and fits (prettier_close()):
 * canada.json took 105.7 M instructions, not 109.6 M (the corpus
 * documents in one array 212.6 M, not 216.1 M; twitter.json and
 * citm_catalog.json, with few such arrays, 0.1 M and 0.4 M more for the
 * tests); with one room check for the comma and the number, not two
 * calls of fbuffer_append(), canada.json 101.7 M; with one test of
 * numbers_line, not nine of the general path's state, 99.0 M (and
 * citm_catalog.json 0.3 M more, in the brackets' tests).
 */
static inline __attribute__((always_inline)) void
prettier_token(struct prettier *p, enum prettier_kind kind, unsigned flags, const char *s,
	       size_t len, size_t cols)
{
	if (kind == PRETTIER_OPEN_ARRAY || kind == PRETTIER_OPEN_OBJECT) {
		prettier_open(p, kind, flags);
		return;
	}
	if (kind == PRETTIER_CLOSE) {
		prettier_close(p, flags);
		return;
	}
	if (kind == PRETTIER_NUMBER && flags == 0 && p->numbers_line) {
		/* the front's line, and no token (cols is len): ", " and the
		 * number in one room check */
		struct prettier_held *h = &p->held[0];
		struct fbuffer *t = &p->text;
		size_t comma = h->count ? 2 : 0;
		if (FB_UNLIKELY(t->cap - t->len < len + 2))
			fbuffer_make_room(t, len + 2);
		if (!comma)
			p->line_at = t->len;
		char *d = t->ptr + t->len;
		d[0] = ',';
		d[1] = ' ';
		if (len <= FBUFFER_COPY_WIDTH)
			fbuffer_copy_small(d + comma, s, len);
		else
			memcpy(d + comma, s, len);
		t->len += comma + len;
		p->line_numbers++;
		prettier_held_scalar(p, h, kind, len);
		return;
	}
	if ((kind == PRETTIER_NUMBER || kind == PRETTIER_SCALAR) && flags == 0 &&
	    p->style.quick && p->holding && !p->closed && p->next == p->ntok &&
	    p->ntok < p->tok_cap) {
		struct prettier_held *h = &p->held[p->nheld - 1];
		if (!h->object && !h->after_key) {
			if (p->numbers_line)
				prettier_line_tokens(p);
			p->tok[p->ntok++] = (struct prettier_tok){ (unsigned char)kind, 0,
								   p->text.len, len, cols };
			p->next = p->ntok;
			fbuffer_append(&p->text, s, len);
			prettier_held_scalar(p, h, kind, cols);
			return;
		}
	}
	prettier_token_general(p, kind, flags, s, len, cols);
}


#endif

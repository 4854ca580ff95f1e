/* prettier_comments.c - where --style=prettier puts each comment, as
 * prettier attaches and prints it.  See prettier_comments.h.
 *
 * Prettier attaches a comment to the element before it (trailing), the
 * one after it (leading), or the container (dangling), by where it
 * stands: on a line of its own ("ownLine": leading if an element follows),
 * at the end of a line ("endOfLine": trailing if one comes before), or
 * between two tokens on a line ("remaining": a tie, leading unless the
 * comma between the two elements comes after it).  Comments side by side
 * on a line count as one there.  Between a key and its value, a comment at
 * the end of a line belongs to the member, before its key.
 */
#include "layout/prettier_comments.h"

#include <string.h>

#include "width/columns.h"
#include "width/prettier.h"

static const char msg_no_comment[] =
	"comments are not allowed in package.json and its kin, which prettier reads "
	"as JSON.stringify's output";

/* Whom a comment goes with. */
enum attach {
	LEADING,        /* the element after it */
	TRAILING,       /* the element before it */
	DANGLING,       /* its container, which has no element */
	MEMBER,         /* the member whose key is held, before the key */
	KEY,            /* the key held, after it */
};

/* What the trailing comments before waited for the line's end with. */
enum { SUFFIX_NONE, SUFFIX_BLOCK, SUFFIX_SLASHES };

static int is_comment(const struct sink_comment *c)
{
	return !c->blank && !c->line_break;
}

/* Whether byte b ends a value (a token after which a comment follows an
 * element), as sink_comment.prev gives it. */
static int ends_value(unsigned char b)
{
	return b != 0 && !strchr("[{,:", b);
}

/* Whether comments x and y stand side by side on a line, nothing but
 * white space between them. */
static int side_by_side(const struct sink_comment *x, const struct sink_comment *y)
{
	return is_comment(x) && is_comment(y) && !x->line_ends && !y->own_line &&
	       x->prev == y->prev;
}

enum placement { OWN_LINE, END_OF_LINE, REMAINING };

/* Where comment c[k] stands, with those side by side with it. */
static enum placement placement(const struct sink_comment *c, size_t n, size_t k)
{
	size_t a = k, b = k;

	while (a > 0 && side_by_side(&c[a - 1], &c[a]))
		a--;
	if (c[a].own_line)
		return OWN_LINE;
	while (b + 1 < n && side_by_side(&c[b], &c[b + 1]))
		b++;
	return c[b].line_ends ? END_OF_LINE : REMAINING;
}

/* Whom comment c[k] goes with, before a closing bracket if `closing`,
 * between a held key and its value if `after_key`. */
static enum attach attach(const struct sink_comment *c, size_t n, size_t k, int closing,
			  int after_key)
{
	enum placement pl = placement(c, n, k);
	int before = ends_value(c[k].prev) || c[k].prev == ',';

	if (after_key)
		return pl == END_OF_LINE ? MEMBER : pl == OWN_LINE || c[k].prev == ':' ?
			LEADING : KEY;
	if (!before && closing)
		return DANGLING;
	if (pl == OWN_LINE)
		return closing ? TRAILING : LEADING;
	if (pl == END_OF_LINE)
		return before ? TRAILING : LEADING;
	if (before && !closing)         /* a tie: leading after the comma */
		return c[k].prev == ',' ? LEADING : TRAILING;
	return before ? TRAILING : LEADING;
}

/* A block comment's flags: PRETTIER_LINES for one of several lines, and
 * PRETTIER_STARS if each line after the first begins with '*' (after
 * white space), which prettier reindents (its isIndentableBlockComment). */
static unsigned block_lines(const char *s, size_t n)
{
	const char *nl = memchr(s, '\n', n), *end = s + n;
	unsigned flags = PRETTIER_LINES | PRETTIER_STARS;

	if (!nl)
		return 0;
	while (nl) {
		const char *b = nl + 1;
		while (b < end && (*b == ' ' || *b == '\t'))
			b++;
		if (b == end || *b != '*')
			flags &= ~(unsigned)PRETTIER_STARS;
		nl = memchr(b, '\n', (size_t)(end - b));
	}
	return flags;
}

/* How comment c is printed as `a` (printLeadingComment(),
 * printTrailingComment()); *suffix carries, from one trailing comment of
 * an element to the next, whether it waited for the line's end. */
static unsigned print_flags(const struct sink_comment *c, enum attach a, int *suffix)
{
	int slashes = !c->block;

	if (a == DANGLING)
		return slashes ? PRETTIER_SLASHES : 0;
	if (a == TRAILING) {
		unsigned flags = 0;
		if (*suffix == SUFFIX_SLASHES || c->own_line)
			flags = PRETTIER_HARD;
		else if (slashes || *suffix)
			flags = PRETTIER_SLASHES;
		if (flags)
			*suffix = slashes ? SUFFIX_SLASHES : SUFFIX_BLOCK;
		return flags;
	}
	if (slashes)
		return PRETTIER_HARD | PRETTIER_SLASHES;
	if (c->line_ends)
		return c->own_line ? PRETTIER_HARD : PRETTIER_SOFT;
	return 0;
}

/* The length of comment c as prettier prints it: a // comment's trailing
 * white space dropped. */
static size_t printed_len(const struct sink_comment *c)
{
	size_t len = c->len;

	if (!c->block)
		while (len > 2 && (c->text[len - 1] == ' ' || c->text[len - 1] == '\t'))
			len--;
	return len;
}

/* Hand the engine comment c[i] as `kind` with `flags`, and the blank
 * line that follows or precedes it, where prettier keeps one. */
static void give(struct formatter *f, const struct sink_comment *c, size_t i, size_t n,
		 enum prettier_kind kind, unsigned flags)
{
	size_t len = printed_len(&c[i]);

	if (kind == PRETTIER_LEADING && c[i].line_ends && i + 1 < n && c[i + 1].blank &&
	    (c[i + 1].blank_after & SINK_AFTER_COMMENT))
		flags |= PRETTIER_BLANK_AFTER;          /* a blank line after it */
	if (kind == PRETTIER_TRAILING && (flags & PRETTIER_HARD) && c[i].own_line && i > 0 &&
	    c[i - 1].blank && c[i - 1].prev == c[i].prev)
		flags |= PRETTIER_BLANK_AFTER;          /* ... right before it */
	if (c[i].block)
		flags |= block_lines(c[i].text, len);
	prettier_token(&f->prettier, kind, flags, c[i].text, len, columns_of(c[i].text, len));
}

/* The key held for its value (f->pkey): out with it, after the member's
 * comments and with those that follow it before its colon. */
static void give_key(struct formatter *f, const struct sink_comment *c, size_t n)
{
	unsigned kflags = f->pkey_flags;
	int suffix = SUFFIX_NONE;

	/* a comment that leads the value and a line break after it, or a doc
	 * comment, breaks the member after its colon (prettier's
	 * break-after-operator layout) */
	for (size_t i = 0; i < n; i++)
		if (is_comment(&c[i]) && attach(c, n, i, 0, 1) == LEADING &&
		    (c[i].line_ends || (block_lines(c[i].text, c[i].len) & PRETTIER_STARS)))
			kflags |= PRETTIER_BREAK_VALUE;

	for (size_t i = 0; i < n; i++) {
		if (!is_comment(&c[i]) || attach(c, n, i, 0, 1) != MEMBER)
			continue;
		give(f, c, i, n, PRETTIER_LEADING, print_flags(&c[i], LEADING, &suffix) |
		     (kflags & (PRETTIER_BLANK | PRETTIER_BROKEN)));
		kflags &= ~(unsigned)(PRETTIER_BLANK | PRETTIER_BROKEN);
	}
	for (size_t i = 0; i < n; i++) {
		if (!is_comment(&c[i]) || attach(c, n, i, 0, 1) != KEY)
			continue;
		size_t len = printed_len(&c[i]);
		fbuffer_append_char(&f->pkey, ' ');
		fbuffer_append(&f->pkey, c[i].text, len);
		f->pkey_cols += 1 + columns_of(c[i].text, len);
		kflags |= block_lines(c[i].text, len) & PRETTIER_LINES;
	}
	prettier_token(&f->prettier, PRETTIER_KEY, kflags, f->pkey.ptr, f->pkey.len, f->pkey_cols);
	f->pkey_pending = 0;
}

unsigned prettier_comments_before(struct formatter *f, int closing, const struct sink_comment *c,
				  size_t n)
{
	int after_key = f->pkey_pending;
	unsigned flags = 0;
	int object = f->depth && (f->state[f->depth] & CONTAINER_OBJECT);
	int suffix = SUFFIX_NONE;

	for (size_t i = 0; i < n; i++) {
		if (f->opt->expand_all && is_comment(&c[i])) {
			f->hooks->bad_comment(f->hooks->ctx, i, msg_no_comment);
			return PRETTIER_NO_COMMENT;
		}
		if (c[i].line_break) {
			flags |= PRETTIER_BROKEN;
		} else if (c[i].blank) {
			/* a blank line after a leading comment is its own */
			int after_comment = i > 0 && is_comment(&c[i - 1]) && c[i - 1].line_ends &&
					    (c[i].blank_after & SINK_AFTER_COMMENT) &&
					    attach(c, n, i - 1, closing, after_key) == LEADING;
			if (!after_comment && !after_key &&
			    (c[i].blank_after & (object ? SINK_AFTER_VALUE : SINK_AFTER_COMMA)))
				flags |= PRETTIER_BLANK;
		}
	}
	/* first what ends the element before, then the key, then what leads
	 * the value or element coming */
	for (size_t i = 0; i < n; i++) {
		if (!is_comment(&c[i]))
			continue;
		enum attach a = attach(c, n, i, closing, after_key);
		if (a == TRAILING || a == DANGLING)
			give(f, c, i, n, a == TRAILING ? PRETTIER_TRAILING : PRETTIER_DANGLING,
			     print_flags(&c[i], a, &suffix));
	}
	if (after_key)
		give_key(f, c, n);
	for (size_t i = 0; i < n; i++) {
		if (!is_comment(&c[i]) || attach(c, n, i, closing, after_key) != LEADING)
			continue;
		/* the first takes the element's blank line before it, and
		 * the line break after an object's '{' */
		give(f, c, i, n, PRETTIER_LEADING, print_flags(&c[i], LEADING, &suffix) |
		     (flags & (PRETTIER_BLANK | PRETTIER_BROKEN)));
		flags &= ~(unsigned)(PRETTIER_BLANK | PRETTIER_BROKEN);
	}
	return flags;
}

void prettier_comments_alone(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = f->hooks->comments(f->hooks->ctx, &c);

	for (size_t i = 0; i < n; i++)
		if (is_comment(&c[i]))
			give(f, c, i, n, PRETTIER_LEADING, PRETTIER_HARD);
}

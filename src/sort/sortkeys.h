/* sortkeys.h - --sort-keys: objects written with their members in key
 * order.
 *
 * An object whose keys are sorted, and everything inside it, is written to
 * a capture buffer until it closes; then the capture is copied to the real
 * output with each object's members in order.  The formatter lays out the
 * members as usual, into sorter_open()'s buffer, and tells the sorter where
 * each member starts; the sorter moves bytes, and knows nothing of layout.
 *
 * The capture holds each object once, as written but without indentation:
 * where a newline and indentation go, the formatter calls sorter_newline(),
 * which notes the depth in a few bytes, and the indentation is written
 * when the capture is copied out (the indentation rule is given at init).
 * So the capture grows with the input, not with the depth of nesting times
 * the indentation.  Keys are kept only there, in their written form, and
 * each member costs one offset while its object is open, and a span when
 * the object needs reordering.
 *
 * With comments in the output (placement.h) a member's text may begin with
 * the comments before its key and end with those after its comma: the
 * formatter says where the key starts and where the comma is, and the
 * sorter moves the comma when the member that came last is written
 * elsewhere.  Such a member costs three offsets while its object is open.
 *
 * Keys compare by code point (keyorder.h); equal keys keep their input
 * order.  An object whose keys already come in order (and every one-member
 * object) stays as it is; a small one out of order is rewritten in place,
 * a large one is noted and reordered when written out (sorter.h), which
 * keeps deep nesting linear.
 */
#ifndef JFMT_SORTKEYS_H
#define JFMT_SORTKEYS_H

#include <stddef.h>
#include <stdint.h>

#include "base/fbuffer.h"
#include "sort/sorter.h"

/**
 * Set up an empty sorter for output indented by `indent` copies of
 * `indent_char` per level, with the input's comments in it if `comments`
 * (then sorter_key() and sorter_comma() are called for every member);
 * free it with sorter_release().
 */
void sorter_init(struct sorter *s, const struct layout_style *style, int comments);
void sorter_release(struct sorter *s);

/** Forget any open objects (after a parse error). */
void sorter_reset(struct sorter *s);

/**
 * An object opens.  Returns the buffer to write its members (and all they
 * hold) to until the outermost open object closes.
 */
struct fbuffer *sorter_open(struct sorter *s);

void sorter_put_depth(struct sorter *s, size_t depth);

/**
 * Write at `d`, in room reserved, the mark that stands for a newline and
 * the indentation of `depth` < SORT_DEPTH_MORE, after a comma if `comma`
 * (0 or 1), with the depth noted if `indented`: returns its length.  The
 * bytes up to d + 3 may be written.
 */
static inline size_t sorter_mark(char *d, size_t depth, unsigned comma, int indented)
{
	d[0] = STYLE_COMMA;
	d[comma] = SORT_MARK_NEWLINE;
	d[comma + 1] = (char)depth;
	return comma + 1 + (indented != 0);
}

/**
 * Write to the capture, in place of a newline and the indentation of
 * `depth` (after a comma if `comma`), a mark that stands for them.
 */
static inline void sorter_newline(struct sorter *s, size_t depth, int comma)
{
	struct fbuffer *c = &s->capture;

	fbuffer_reserve(c, SORT_MARK_MAX);
	if (FB_LIKELY(depth < SORT_DEPTH_MORE)) {
		size_t used = c->len;
		c->len = used + sorter_mark(c->ptr + used, depth, comma != 0, s->indent != 0);
		return;
	}
	if (comma)
		fbuffer_put_reserved_char(c, ',');
	fbuffer_put_reserved_char(c, SORT_MARK_NEWLINE);
	if (s->indent != 0)
		sorter_put_depth(s, depth);
}

/**
 * Write p[0..n), text of the input's (a comment), to the capture: each
 * newline in it as the mark of depth 0, which stands for a newline and no
 * indentation, just what the text holds.
 */
void sorter_text(struct sorter *s, const char *p, size_t n);

/**
 * A member of the innermost open object: its separator was written to the
 * capture from offset `sep`, and its key, a string literal (perhaps wrapped
 * in colour escapes, which hold no '"'), is written next; with comments,
 * the comments before its key come first, then sorter_key().
 */
void sorter_member(struct sorter *s, size_t sep);

/** sorter_member_at() when the member is not the common kind (sortkeys.c). */
void sorter_member_slow(struct sorter *s, size_t sep, size_t key);

/**
 * Whether the next member is the common kind (no comments, room in the
 * capture and for its offset): then sorter_member_quick() is all it needs.
 */
static inline int sorter_member_fits(const struct sorter *s)
{
	const struct fbuffer *c = &s->capture;

	/* (with comments, or after an overflow, members_cap is 0) */
	return s->nmembers < s->members_cap &&
		c->cap - c->len >= c->cap / SORT_CAPTURE_SLACK;
}

/* Note the next member (room for it allocated), its key at `key` after
 * its separator from `sep`, but not its prefix: returns its index. */
static inline size_t sorter_note_member(struct sorter *s, size_t sep, size_t key)
{
	size_t i = s->nmembers;

	if (FB_UNLIKELY(i == s->second_member))
		s->frames[s->nframes - 1].sep_len = key - sep;
	s->members[i] = key;
	s->nmembers = i + 1;
	return i;
}

/**
 * sorter_member_at() when sorter_member_fits(), with its key's prefix if
 * known (else SORT_PREFIX_UNKNOWN).  The separator of the second member is
 * noted for all later ones: here rather than out of line, which cost 130
 * Ir each of twitter.json's 923 second members.
 */
static inline void sorter_member_quick(struct sorter *s, size_t sep, size_t key,
				       uint64_t prefix)
{
	s->prefixes[sorter_note_member(s, sep, key)] = prefix;
}

/**
 * sorter_member(), with the key to be written from offset `key` (after the
 * separator), before it is.  The common member costs one store here: on
 * twitter.json, where 13,345 keys come through, the call it took cost 675K
 * Ir, 3% of -S.
 */
static inline void sorter_member_at(struct sorter *s, size_t sep, size_t key)
{
	if (FB_LIKELY(sorter_member_fits(s))) {
		sorter_member_quick(s, sep, key, SORT_PREFIX_UNKNOWN);
		return;
	}
	sorter_member_slow(s, sep, key);
}

/** With comments: the last member's key is written next. */
void sorter_key(struct sorter *s);

/**
 * With comments: the innermost open object's last member ends its value
 * at offset `at` of the capture, where `len` bytes of its comma start (0
 * for the last member, which has none); what follows up to the next
 * member's separator ends its line (comments).  Written out of order, a
 * member gets the comma there only when another follows it.  Without
 * comments, each separator holds the comma.
 */
void sorter_comma(struct sorter *s, size_t at, size_t len);

/**
 * With comments: what is written from here to the close is the object's
 * own, after its last member (comments on lines of their own), and stays
 * at its end however its members are ordered.
 */
void sorter_tail(struct sorter *s);

/**
 * The innermost open object closes (its closing bracket is not written
 * yet).  When it is the outermost, the capture is written to `out` in
 * sorted order and 1 is returned: write to `out` again from now on.
 *
 * When memory runs out while objects are captured, the sorter drops what
 * it holds and keeps only their depth, so that reading goes on and invalid
 * input is reported as such; if the outermost object ends, this says "out
 * of memory" and exits (alloc.h).
 */
int sorter_close(struct sorter *s, struct fbuffer *out);

/** Bytes captured so far: held now (the output gains at least as many
 * when they are written out) or dropped when memory ran out. */
static inline unsigned long long sorter_captured(const struct sorter *s)
{
	return s->capture.len + s->dropped;
}

#endif

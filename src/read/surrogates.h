/* surrogates.h - finding the unpaired surrogate escapes (\ud800 with no
 * \udc00-\udfff after it, or a \udc00-\udfff alone) in an input.
 *
 * yajl decodes such an escape to bytes that are not UTF-8, so a string
 * that holds one is written again from its raw text instead
 * (escape_raw_string()).  This module finds them ahead of yajl, one read
 * at a time, by input offset, in the part of the input still in memory
 * (window.h); the reader asks, for each string token yajl reads, whether
 * one lies in it.
 */
#ifndef JFMT_SURROGATES_H
#define JFMT_SURROGATES_H

#include "report/window.h"

struct surrogates {
	unsigned long long *lone;       /* offsets of the backslashes found */
	size_t head, len, cap;          /* lone[head..len) lie ahead */
	unsigned long long scanned;     /* escapes before this are classified */
};

/** An empty list; release with surrogates_release(). */
void surrogates_init(struct surrogates *s);
void surrogates_release(struct surrogates *s);

/** A new input: forget everything. */
void surrogates_reset(struct surrogates *s);

/**
 * Classify the escapes from where the last scan stopped to the end of the
 * window.  An escape cut by the end of the window is left for the next
 * scan, which must then see the window's current read as its previous one.
 */
void surrogates_scan(struct surrogates *s, const struct window *w);

/** Note that nothing before `end` needs a scan (it holds no backslash). */
void surrogates_skip_to(struct surrogates *s, unsigned long long end);

/** Whether an escape left undecided lies before `g`. */
static inline int surrogates_undecided_before(const struct surrogates *s, unsigned long long g)
{
	return s->scanned < g;
}

/** Whether any unpaired escape lies ahead of what was taken. */
static inline int surrogates_pending(const struct surrogates *s)
{
	return s->head < s->len;
}

/** Take the unpaired escapes that lie before `end`; 1 if there were any. */
int surrogates_take(struct surrogates *s, unsigned long long end);

#endif

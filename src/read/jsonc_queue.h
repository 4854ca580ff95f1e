/* jsonc_queue.h - what the JSONC pass (jsonc.h) found between tokens,
 * queued with its input offset until the consumer takes it at the token
 * it stands before: comments, and runs of blank lines and line breaks
 * after '{' when the consumer keeps them.
 *
 * A read's pass queues what stands before all the tokens of that read at
 * once; the consumer takes, before each token, what starts before it.
 * Once all is taken the queue starts again, so memory grows only with
 * what stands between two tokens.
 */
#ifndef JFMT_JSONC_QUEUE_H
#define JFMT_JSONC_QUEUE_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "base/sink.h"

/* A comment queued, or blank lines, or a line break after '{'. */
struct jsonc_entry {
	unsigned long long at;          /* input offset of its first byte */
	size_t off, len;                /* its text in the queue's text */
	int block, own_line, line_ends;
	size_t column, indent;
	int blank;                      /* blank lines, not a comment */
	int line_break;                 /* a line break after '{', not a comment */
	int after;                      /* blank: SINK_AFTER_* */
	unsigned char prev;             /* the last byte of the token before */
};

struct jsonc_queue {
	struct jsonc_entry *entry;      /* not taken yet: [head, n) */
	size_t head, n, cap;
	size_t others_end;              /* entry[others_end, n) are all line
					 * breaks after '{' (sink.h's
					 * feed_hooks.others_end) */
	struct fbuffer text;            /* the comments' text */
	struct sink_comment *taken;     /* what the last take handed out */
	size_t ntaken, taken_cap;
};

void jsonc_queue_init(struct jsonc_queue *q);
void jsonc_queue_release(struct jsonc_queue *q);

/** Forget every entry, taken or not. */
void jsonc_queue_clear(struct jsonc_queue *q);

/** Start again if every entry is taken; returns whether it did. */
int jsonc_queue_restart(struct jsonc_queue *q);

/** Room for one more entry. */
void jsonc_queue_grow(struct jsonc_queue *q);

/** Queue `e`, its text s[0..len) (e->off and e->len are set here).
 * Inline: with a line break after each '{' queued, a call for each cost
 * citm_catalog.json 0.6 M instructions (--style=prettier). */
static inline void jsonc_queue_add(struct jsonc_queue *q, const struct jsonc_entry *e,
				   const char *s, size_t len)
{
	if (FB_UNLIKELY(q->n == q->cap))
		jsonc_queue_grow(q);
	struct jsonc_entry *d = &q->entry[q->n++];
	*d = *e;
	d->off = q->text.len;
	d->len = len;
	if (len)
		fbuffer_append(&q->text, s, len);
	if (!e->line_break)
		q->others_end = q->n;
}

/** The entry queued last (one is). */
static inline struct jsonc_entry *jsonc_queue_last(struct jsonc_queue *q)
{
	return &q->entry[q->n - 1];
}

/** Back to the first `n` entries and `text_len` bytes of text, as they
 * were before a part of the input that is passed again. */
void jsonc_queue_cut(struct jsonc_queue *q, size_t n, size_t text_len);

/** Whether nothing is queued: then jsonc_queue_take() would take
 * nothing, and *c is set as it would. */
static inline int jsonc_queue_none(struct jsonc_queue *q, const struct sink_comment **c)
{
	if (q->head != q->n)
		return 0;
	q->ntaken = 0;
	*c = q->taken;
	return 1;
}

/** jsonc_queue_take() where the first entry starts before `before`. */
size_t jsonc_queue_take_from(struct jsonc_queue *q, unsigned long long before,
			     const struct sink_comment **c);

/**
 * Take the entries that start before input offset `before`, in order:
 * sets *c and returns how many (valid until the next call).  A consumer
 * asks before every token, and a read's pass queues what stands before
 * the tokens still to come too: inline for the case where the first
 * stands further on (the call cost --style=prettier on citm_catalog.json
 * 3.8 M instructions of 93.9 M).
 */
static inline size_t jsonc_queue_take(struct jsonc_queue *q, unsigned long long before,
				      const struct sink_comment **c)
{
	if (q->head < q->n && q->entry[q->head].at < before)
		return jsonc_queue_take_from(q, before, c);
	q->ntaken = 0;
	*c = q->taken;
	return 0;
}

/** Input offset of entry i of the last take. */
static inline unsigned long long jsonc_queue_taken_at(const struct jsonc_queue *q, size_t i)
{
	return q->entry[q->head - q->ntaken + i].at;
}

#endif

/* record.c - an input's output and messages, kept in order to be
 * written later.  See record.h. */
#include "jobs/record.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"

enum kind { OUTPUT, MESSAGE, FLUSH };

#define HEADER (1 + sizeof(size_t))

/* A record that grew past this keeps no more once it is cleared: most
 * inputs' output is a few KiB, and a window of records each holding the
 * block of the largest input it once took would hold that many times it. */
#define RECORD_KEEP ((size_t)256 << 10)

void record_init(struct record *r, size_t output_max)
{
	memset(r, 0, sizeof *r);
	r->output_max = output_max;
}

static size_t entry_len(const struct record *r, size_t at)
{
	size_t n;

	memcpy(&n, r->p + at + 1, sizeof n);
	return n;
}

/* Append an entry of `kind`, or add to the last one if it is output too. */
static void add(struct record *r, enum kind kind, const void *p, size_t n)
{
	int extend = kind == OUTPUT && r->len > 0 && r->p[r->last] == OUTPUT;
	size_t need = r->len + (extend ? 0 : HEADER) + n;

	if (need > r->cap)
		r->p = xgrow_array(r->p, &r->cap, need, 1);
	if (extend) {
		size_t k = entry_len(r, r->last) + n;
		memcpy(r->p + r->last + 1, &k, sizeof k);
	} else {
		r->last = r->len;
		r->p[r->len] = (unsigned char)kind;
		memcpy(r->p + r->len + 1, &n, sizeof n);
		r->len += HEADER;
	}
	if (n > 0)
		memcpy(r->p + r->len, p, n);
	r->len += n;
}

int record_write(void *record, const char *p, size_t n)
{
	struct record *r = record;

	if (!p) {
		add(r, FLUSH, NULL, 0);
		return 0;
	}
	if (n > r->output_max - r->output) {
		r->over = 1;
		return EFBIG;
	}
	r->output += n;
	add(r, OUTPUT, p, n);
	return 0;
}

void record_message(struct record *r, const char *text, size_t n)
{
	add(r, MESSAGE, text, n);
}

void record_replay(const struct record *r, int (*out)(void *ctx, const char *p, size_t n),
		   void *ctx)
{
	for (size_t at = 0; at < r->len;) {
		size_t n = entry_len(r, at);
		const char *text = (const char *)r->p + at + HEADER;
		if (r->p[at] == OUTPUT)
			out(ctx, text, n);     /* (a write error stays in the output) */
		else if (r->p[at] == FLUSH)
			out(ctx, NULL, 0);
		else
			diag_replay(text, n);
		at += HEADER + n;
	}
}

void record_truncate(struct record *r, size_t len)
{
	r->output = 0;
	r->last = 0;
	for (size_t at = 0; at < len; at += HEADER + entry_len(r, at)) {
		r->last = at;
		if (r->p[at] == OUTPUT)
			r->output += entry_len(r, at);
	}
	r->len = len;
	r->over = 0;
}

void record_clear(struct record *r)
{
	if (r->cap > RECORD_KEEP) {
		free(r->p);
		r->p = NULL;
		r->cap = 0;
	}
	r->len = r->last = r->output = 0;
	r->over = 0;
}

void record_release(struct record *r)
{
	free(r->p);
	record_init(r, r->output_max);
}

void record_swap(struct record *a, struct record *b)
{
	struct record t = *a;
	size_t a_max = a->output_max, b_max = b->output_max;

	*a = *b;
	*b = t;
	a->output_max = a_max;
	b->output_max = b_max;
}

/* jsonc_queue.c - what the JSONC pass found between tokens, queued until
 * the consumer takes it.  See jsonc_queue.h. */
#include "read/jsonc_queue.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

void jsonc_queue_init(struct jsonc_queue *q)
{
	memset(q, 0, sizeof *q);
	fbuffer_init_mem(&q->text);
}

void jsonc_queue_release(struct jsonc_queue *q)
{
	fbuffer_release(&q->text);
	free(q->entry);
	free(q->taken);
}

void jsonc_queue_clear(struct jsonc_queue *q)
{
	q->head = q->n = q->others_end = 0;
	q->text.len = 0;
	q->ntaken = 0;
}

int jsonc_queue_restart(struct jsonc_queue *q)
{
	if (q->head != q->n)
		return 0;
	q->head = q->n = q->others_end = 0;
	q->text.len = 0;
	return 1;
}

void jsonc_queue_grow(struct jsonc_queue *q)
{
	q->entry = xgrow_array(q->entry, &q->cap, q->n + 1, sizeof *q->entry);
}

void jsonc_queue_cut(struct jsonc_queue *q, size_t n, size_t text_len)
{
	q->n = n;
	if (q->others_end > n)
		q->others_end = n;
	q->text.len = text_len;
}

size_t jsonc_queue_take_from(struct jsonc_queue *q, unsigned long long before,
			     const struct sink_comment **c)
{
	size_t k = 0;

	while (q->head + k < q->n && q->entry[q->head + k].at < before)
		k++;
	if (k + 1 > q->taken_cap)
		q->taken = xgrow_array(q->taken, &q->taken_cap, k + 1, sizeof *q->taken);
	for (size_t i = 0; i < k; i++) {
		const struct jsonc_entry *e = &q->entry[q->head + i];
		q->taken[i] = (struct sink_comment){
			.text = q->text.ptr + e->off, .len = e->len, .block = e->block,
			.own_line = e->own_line, .line_ends = e->line_ends,
			.column = e->column, .indent = e->indent, .blank = e->blank,
			.line_break = e->line_break, .blank_after = e->after, .prev = e->prev,
		};
	}
	q->head += k;
	q->ntaken = k;
	*c = q->taken;
	return k;
}

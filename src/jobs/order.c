/* order.c - writing jfmt -j's pieces in input order.  See order.h. */
#include "jobs/order.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/readat.h"

/* The input read is let go of this much at a time. */
#define LET_GO_STRIDE ((size_t)8 << 20)

/* The pages of input before `to` are done with: let them go, so that the
 * mapping does not grow to the whole input. */
static void let_go(struct order *o, size_t to)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t from = (o->let_go + o->lead + page - 1) / page * page;
	size_t end = (to + o->lead) / page * page;

	if (!o->mapped)
		return;
	if (end - from < LET_GO_STRIDE && to < o->size)
		return;         /* each call interrupts every CPU (TLB) */
	if (end > from)
		madvise((unsigned char *)o->in - o->lead + from, end - from, MADV_DONTNEED);
	o->let_go = to;
}

/* Keep chunk c's piece of an array back in its text, which the slot
 * gives up for a new one as large.  Copied into the output's block
 * instead, the 4 MiB that --buffer-size holds by default took a fifth of
 * the time of jfmt -c on cjk_prose (4 MiB, two threads), on the thread
 * that writes, which all others wait for. */
static void hold_piece(struct order *o, struct chunk *c)
{
	size_t room = c->text.cap;

	o->held = xgrow_array(o->held, &o->held_cap, o->nheld + 1, sizeof *o->held);
	o->held[o->nheld++] = (struct held_piece){ c->text, c->cut_from, c->cut_to };
	o->held_len += c->cut_to - c->cut_from;
	fbuffer_init_mem(&c->text);
	fbuffer_make_room(&c->text, room);
}

void order_write_held(struct order *o)
{
	for (size_t i = 0; i < o->nheld; i++) {
		struct held_piece *h = &o->held[i];
		fbuffer_write_through(o->out, h->text.ptr + h->from, h->to - h->from);
		fbuffer_release(&h->text);
	}
	o->nheld = o->held_len = 0;
}

void order_drop_held(struct order *o)
{
	for (size_t i = 0; i < o->nheld; i++)
		fbuffer_release(&o->held[i].text);
	free(o->held);
	o->held = NULL;
	o->nheld = o->held_cap = o->held_len = 0;
}

/* Chunk c's piece out, after what is buffered, or held back. */
static void write_piece(struct order *o, struct chunk *c)
{
	struct fbuffer *out = o->out;
	size_t n = c->cut_to - c->cut_from;

	/* Whole values, after whole values: out at once, as one thread
	 * would write them once each is complete, without a copy into the
	 * block that holds a value back. */
	if (c->kind == CHUNK_STREAM && out->len == out->committed)
		out->streaming = 1;
	/* An array's: held back while the array neither ends nor outgrows
	 * the bound, as the output would hold it; then out, with what was
	 * held, none of which the output needs to keep. */
	if (c->kind != CHUNK_STREAM && out->hold_max && !out->streaming &&
	    out->len == out->committed) {
		if (c->kind != CHUNK_TAIL && o->held_len + n <= out->hold_max) {
			hold_piece(o, c);
			return;
		}
		out->streaming = 1;
	}
	order_write_held(o);
	/* straight out unless the output holds it: a piece copied into
	 * the block that an array outgrew first cost a pass over the
	 * whole output */
	fbuffer_write_through(out, c->text.ptr + c->cut_from, n);
	if (c->kind == CHUNK_STREAM || c->kind == CHUNK_TAIL) {
		fbuffer_commit(out);
		fbuffer_flush_committed(out);
	}
	c->text.len = c->text.committed = 0;
}

void order_write(struct order *o, struct chunk *c)
{
	write_piece(o, c);
	let_go(o, c->to);
}

int order_grown(const struct order *o)
{
	unsigned char b;

	return o->fd >= 0 && read_at(o->fd, &b, 1, o->base + (off_t)o->size) > 0;
}

/* worker.c - formatting one chunk at a time into memory.  See worker.h. */
#include "jobs/worker.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "base/readat.h"
#include "layout/consumer.h"

/* What stands before and after a chunk of an array (worker.h): the
 * element before it is at least the four bytes that the first read must
 * hold (blocks.h), the one after it closes the array. */
static const char array_before[] = "[ 0,";
static const char array_after[] = ",0]";
/* Before a chunk of a stream: a newline, so that its first bytes are not
 * taken for a byte order mark or a text sequence's start. */
static const char stream_before[] = "\n";

/* The chunk is read from the file (as one thread reads it), not copied
 * from the mapping: touching the mapping from every thread cost page
 * faults and, as it was let go of, TLB shootdowns on each CPU. */
static ssize_t source_read(void *ctx, unsigned char *buf, size_t n)
{
	struct source *s = ctx;
	size_t got = 0;

	while (got < n && s->i < 3) {
		size_t k = s->len[s->i] - s->off;
		if (k > n - got)
			k = n - got;
		if (s->i == 1 && s->fd >= 0) {
			ssize_t r = read_at(s->fd, buf + got, k, s->at + (off_t)s->off);
			if (r <= 0)
				return got > 0 ? (ssize_t)got : -1;
			k = (size_t)r;
		} else if (k > 0) {     /* (an empty part has no bytes at all) */
			memcpy(buf + got, s->part[s->i] + s->off, k);
		}
		got += k;
		s->off += k;
		if (s->off == s->len[s->i]) {
			s->i++;
			s->off = 0;
		}
	}
	return (ssize_t)got;
}

/* The marking callbacks: each value that begins inside the top array
 * notes where the output stands, then goes to the formatter's own. */
static inline void element(struct worker *w)
{
	if (w->depth == 1) {
		/* what the element before waited for is out before the mark */
		consumer_element_next(&w->fmt);
		if (w->elements == 1)
			w->first_mark = w->fmt.output.len;
		w->last_mark = w->fmt.output.len;
		w->elements++;
	}
}

static int mark_null(void *ctx)
{
	struct worker *w = ctx;
	element(w);
	return w->inner->yajl_null(ctx);
}

static int mark_boolean(void *ctx, int b)
{
	struct worker *w = ctx;
	element(w);
	return w->inner->yajl_boolean(ctx, b);
}

static int mark_number(void *ctx, const char *s, size_t n)
{
	struct worker *w = ctx;
	element(w);
	return w->inner->yajl_number(ctx, s, n);
}

static int mark_string(void *ctx, const unsigned char *s, size_t n)
{
	struct worker *w = ctx;
	element(w);
	return w->inner->yajl_string(ctx, s, n);
}

/* A container opens: an element, one level deeper.  Inside one
 * (depth 2), the callbacks that mark elements give way to those that
 * only count containers (w->deep). */
static void opened(struct worker *w)
{
	element(w);
	w->tops += w->depth == 0;
	if (++w->depth == 2)
		w->marking = w->deep;
}

static int mark_start_map(void *ctx)
{
	opened(ctx);
	return ((struct worker *)ctx)->inner->yajl_start_map(ctx);
}

static int mark_end_map(void *ctx)
{
	struct worker *w = ctx;
	w->depth--;
	return w->inner->yajl_end_map(ctx);
}

static int mark_start_array(void *ctx)
{
	opened(ctx);
	return ((struct worker *)ctx)->inner->yajl_start_array(ctx);
}

static int mark_end_array(void *ctx)
{
	struct worker *w = ctx;
	w->depth--;
	return w->inner->yajl_end_array(ctx);
}

/* Inside an element: the formatter's own callbacks, but for containers,
 * counted, so that the marking ones come back as the element ends.
 * Marking every value there took 2.5% of the threads' time on big.json. */
static int deep_start_map(void *ctx)
{
	struct worker *w = ctx;
	w->depth++;
	return w->inner->yajl_start_map(ctx);
}

static int deep_start_array(void *ctx)
{
	struct worker *w = ctx;
	w->depth++;
	return w->inner->yajl_start_array(ctx);
}

/* The element's end, or a container's inside it. */
static void closed(struct worker *w)
{
	if (--w->depth == 1)
		w->marking = w->top;
}

static int deep_end_map(void *ctx)
{
	closed(ctx);
	return ((struct worker *)ctx)->inner->yajl_end_map(ctx);
}

static int deep_end_array(void *ctx)
{
	closed(ctx);
	return ((struct worker *)ctx)->inner->yajl_end_array(ctx);
}

void worker_setup(struct worker *w, const struct job_input *input, int array)
{
	struct sink sink;

	memset(w, 0, sizeof *w);
	w->input = input;
	reader_init(&w->reader, input->comments, 0, NULL);
	consumer_init(&w->fmt, input->opt, reader_hooks(&w->reader));
	consumer_sink(&w->fmt, &sink);
	fbuffer_init_mem(&w->fmt.output);
	if (array) {
		/* the formatter's callbacks take numbers as text, never as
		 * integers or doubles */
		w->inner = sink.callbacks;
		w->top = (yajl_callbacks){
			.yajl_null = mark_null,
			.yajl_boolean = mark_boolean,
			.yajl_number = mark_number,
			.yajl_string = mark_string,
			.yajl_start_map = mark_start_map,
			.yajl_map_key = w->inner->yajl_map_key,
			.yajl_end_map = mark_end_map,
			.yajl_start_array = mark_start_array,
			.yajl_end_array = mark_end_array,
		};
		w->deep = *w->inner;
		w->deep.yajl_start_map = deep_start_map;
		w->deep.yajl_end_map = deep_end_map;
		w->deep.yajl_start_array = deep_start_array;
		w->deep.yajl_end_array = deep_end_array;
		w->marking = w->top;
		sink.callbacks = &w->marking;
	}
	/* --eol=auto: the whole input's first line says (jobs_format()) */
	sink.line_end = NULL;
	w->before_len = sizeof array_before - 1;
	int width = consumer_width(input->opt);
	if (width > 0)          /* a string wider than a line */
		w->before_len = (size_t)width + sizeof "[ \"\","  - 1 + 1;
	w->before = xrealloc(NULL, w->before_len);
	if (width > 0) {
		memcpy(w->before, "[ \"", 3);
		memset(w->before + 3, 'x', w->before_len - 5);
		memcpy(w->before + w->before_len - 2, "\",", 2);
	} else {
		memcpy(w->before, array_before, w->before_len);
	}
	reader_set_sink(&w->reader, &sink);
	reader_set_source(&w->reader, source_read, &w->src);
}

void worker_release(struct worker *w)
{
	free(w->before);
	reader_release(&w->reader);
	fbuffer_release(&w->fmt.output);
	consumer_release(&w->fmt);
}

void worker_format(struct worker *w, struct chunk *c)
{
	const unsigned char *in = w->input->in;
	struct source *s = &w->src;

	memset(s, 0, sizeof *s);
	s->part[1] = in + c->from;
	s->len[1] = c->to - c->from;
	s->fd = w->input->fd;
	s->at = w->input->base + (off_t)c->from;
	if (c->kind == CHUNK_STREAM && (c->from > 0 || w->input->later) && !w->input->seq) {
		s->part[0] = (const unsigned char *)stream_before;
		s->len[0] = sizeof stream_before - 1;
	} else if (c->kind == CHUNK_INSIDE || c->kind == CHUNK_TAIL) {
		s->part[0] = (const unsigned char *)w->before;
		s->len[0] = w->before_len;
	}
	if (c->kind == CHUNK_HEAD || c->kind == CHUNK_INSIDE) {
		s->part[2] = (const unsigned char *)array_after;
		s->len[2] = sizeof array_after - 1;
	}
	w->depth = w->tops = w->elements = w->first_mark = w->last_mark = 0;
	if (w->inner)           /* (a chunk that failed may have left it deep) */
		w->marking = w->top;

	struct fbuffer mine = w->fmt.output;    /* the chunk's text for now */
	w->fmt.output = c->text;
	w->fmt.out = &w->fmt.output;
	diag_mute(1);
	enum exit_status st = reader_run(&w->reader, w->input->name, -1);
	c->ok = st == EXIT_OK && diag_muted() == 0;
	diag_mute(0);           /* (the calling thread formats chunks too) */
	c->text = w->fmt.output;
	w->fmt.output = mine;
	w->fmt.out = &w->fmt.output;

	switch (c->kind) {
	case CHUNK_STREAM:
		c->cut_from = 0;
		c->cut_to = c->text.len;
		break;
	case CHUNK_HEAD:        /* its elements, and the one after */
		/* --width writes nothing of an array before it is known not
		 * to fit on a line: if it was not by the element after the
		 * chunk, the piece is not known; and an array begun in the
		 * chunk might have fitted without that element */
		c->ok = c->ok && w->elements >= 2 &&
			(!consumer_width(w->input->opt) || (w->last_mark > 0 && w->tops == 1));
		c->cut_from = 0;
		c->cut_to = w->last_mark;
		break;
	case CHUNK_INSIDE:      /* the one before, its own, the one after */
		c->ok = c->ok && w->elements >= 3 &&
			(!consumer_width(w->input->opt) || w->tops == 1);
		c->cut_from = w->first_mark;
		c->cut_to = w->last_mark;
		break;
	case CHUNK_TAIL:
		c->ok = c->ok && w->elements >= 2;
		c->cut_from = w->first_mark;
		c->cut_to = c->text.len;
		break;
	}
}

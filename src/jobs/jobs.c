/* jobs.c - the threads of jfmt -j: cutting, handing out, writing in
 * order.  See jobs.h. */
#include "jobs/jobs.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "jobs/split.h"
#include "layout/format.h"
#include "layout/width_format.h"
#include "read/read.h"
#include "read/skip.h"

/* How much of a stream's start shows whether its lines are whole values
 * (NDJSON): if they are, it is cut at newlines found with memchr, and the
 * scan (split.h) runs only if that turns out wrong. */
#define JOBS_SAMPLE (64 * 1024)
/* An array's elements may be longer: up to this many of them are looked
 * at, as far as JOBS_SAMPLE_MAX bytes. */
#define JOBS_SAMPLE_LINES 16
#define JOBS_SAMPLE_MAX ((size_t)4 << 20)

/* What stands before and after a chunk of an array (jobs.h): the
 * element before it is the four bytes that the first read must hold
 * (blocks.h), the one after it closes the array. */
static const char array_before[] = "[ 0,";
static const char array_after[] = ",0]";
/* Before a chunk of a stream: a newline, so that its first bytes are not
 * taken for a byte order mark or a text sequence's start. */
static const char stream_before[] = "\n";

enum chunk_kind {
	CHUNK_STREAM,           /* values whole */
	CHUNK_HEAD,             /* an array's start and its first elements */
	CHUNK_INSIDE,           /* elements */
	CHUNK_TAIL,             /* the last elements, the array's end, what follows */
};

struct chunk {
	size_t from, to;        /* the input's bytes */
	enum chunk_kind kind;
	struct fbuffer text;    /* formatted, in memory */
	size_t cut_from, cut_to; /* the piece of it that goes out */
	int done;
	int ok;
};

/* A worker's input: up to three parts read one after another. */
struct source {
	const unsigned char *part[3];
	size_t len[3];
	int i;
	size_t off;
};

struct pool;

struct worker {
	/* First: yajl's context is the formatter, and the callbacks that
	 * mark an array's elements take it as the worker. */
	struct formatter fmt;
	struct reader reader;
	struct pool *pool;
	pthread_t thread;
	struct source src;
	const yajl_callbacks *inner;    /* the formatter's callbacks */
	yajl_callbacks marking;         /* ... behind the marking ones */
	size_t depth;                   /* containers open */
	size_t elements;                /* values begun inside the top array */
	size_t first_mark, last_mark;   /* the output's length as the second
					 * element, and the latest one, began */
};

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work;            /* a chunk is handed out, or stop */
	pthread_cond_t done;            /* a chunk is formatted */
	struct chunk *slots;
	size_t nslots;
	size_t handed, claimed;         /* chunks handed out, taken by workers */
	int stop;
	const struct format_options *opt;
	const char *name;
	const unsigned char *in;
	int seq;                        /* a text sequence: chunks start with RS */
};

void jobs_init(struct jobs *j, unsigned want, const struct format_options *opt, int off)
{
	const char *b = getenv("JFMT_JOBS_BLOCK");

	j->want = want;
	j->opt = opt;
	j->off = off || want == 1;
	j->block = b && *b ? (size_t)strtoull(b, NULL, 10) : 0;
}

/* --- A worker --- */

static ssize_t source_read(void *ctx, unsigned char *buf, size_t n)
{
	struct source *s = ctx;
	size_t got = 0;

	while (got < n && s->i < 3) {
		size_t k = s->len[s->i] - s->off;
		if (k > n - got)
			k = n - got;
		memcpy(buf + got, s->part[s->i] + s->off, k);
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

static int mark_start_map(void *ctx)
{
	struct worker *w = ctx;
	element(w);
	w->depth++;
	return w->inner->yajl_start_map(ctx);
}

static int mark_end_map(void *ctx)
{
	struct worker *w = ctx;
	w->depth--;
	return w->inner->yajl_end_map(ctx);
}

static int mark_start_array(void *ctx)
{
	struct worker *w = ctx;
	element(w);
	w->depth++;
	return w->inner->yajl_start_array(ctx);
}

static int mark_end_array(void *ctx)
{
	struct worker *w = ctx;
	w->depth--;
	return w->inner->yajl_end_array(ctx);
}

static void worker_setup(struct worker *w, struct pool *pl, int array)
{
	struct sink sink;

	memset(w, 0, sizeof *w);
	w->pool = pl;
	reader_init(&w->reader, 0, 0, NULL);
	if (format_uses_width(pl->opt)) {
		width_format_init(&w->fmt, pl->opt, reader_hooks(&w->reader));
		width_format_sink(&w->fmt, &sink);
	} else {
		format_init(&w->fmt, pl->opt, reader_hooks(&w->reader));
		format_sink(&w->fmt, &sink);
	}
	fbuffer_init_mem(&w->fmt.output);
	if (array) {
		/* the formatter's callbacks take numbers as text, never as
		 * integers or doubles */
		w->inner = sink.callbacks;
		w->marking = (yajl_callbacks){
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
		sink.callbacks = &w->marking;
	}
	/* --eol=auto: the whole input's first line says (jobs_format()) */
	sink.line_end = NULL;
	reader_set_sink(&w->reader, &sink);
	reader_set_source(&w->reader, source_read, &w->src);
}

static void worker_release(struct worker *w)
{
	reader_release(&w->reader);
	fbuffer_release(&w->fmt.output);
	if (format_uses_width(w->pool->opt))
		width_format_release(&w->fmt);
	else
		format_release(&w->fmt);
}

/* Format chunk c into its text; c->ok says whether it parsed without a
 * word, and the piece to write is known. */
static void worker_format(struct worker *w, struct chunk *c)
{
	const unsigned char *in = w->pool->in;
	struct source *s = &w->src;

	memset(s, 0, sizeof *s);
	s->part[1] = in + c->from;
	s->len[1] = c->to - c->from;
	if (c->kind == CHUNK_STREAM && c->from > 0 && !w->pool->seq) {
		s->part[0] = (const unsigned char *)stream_before;
		s->len[0] = sizeof stream_before - 1;
	} else if (c->kind == CHUNK_INSIDE || c->kind == CHUNK_TAIL) {
		s->part[0] = (const unsigned char *)array_before;
		s->len[0] = sizeof array_before - 1;
	}
	if (c->kind == CHUNK_HEAD || c->kind == CHUNK_INSIDE) {
		s->part[2] = (const unsigned char *)array_after;
		s->len[2] = sizeof array_after - 1;
	}
	w->depth = w->elements = w->first_mark = w->last_mark = 0;

	struct fbuffer mine = w->fmt.output;    /* the chunk's text for now */
	w->fmt.output = c->text;
	w->fmt.out = &w->fmt.output;
	diag_mute(1);
	enum exit_status st = reader_run(&w->reader, w->pool->name, -1);
	c->ok = st == EXIT_OK && diag_muted() == 0;
	c->text = w->fmt.output;
	w->fmt.output = mine;
	w->fmt.out = &w->fmt.output;

	switch (c->kind) {
	case CHUNK_STREAM:
		c->cut_from = 0;
		c->cut_to = c->text.len;
		break;
	case CHUNK_HEAD:        /* its elements, and the one after */
		c->ok = c->ok && w->elements >= 2;
		c->cut_from = 0;
		c->cut_to = w->last_mark;
		break;
	case CHUNK_INSIDE:      /* the one before, its own, the one after */
		c->ok = c->ok && w->elements >= 3;
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

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct pool *pl = w->pool;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		while (!pl->stop && pl->claimed == pl->handed)
			pthread_cond_wait(&pl->work, &pl->lock);
		if (pl->stop)
			break;
		struct chunk *c = &pl->slots[pl->claimed % pl->nslots];
		pl->claimed++;
		pthread_mutex_unlock(&pl->lock);
		worker_format(w, c);
		pthread_mutex_lock(&pl->lock);
		c->done = 1;
		pthread_cond_signal(&pl->done);
	}
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

/* --- Deciding --- */

/* The CPUs this process may run on (taskset), at least 1. */
static unsigned online_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/* How many threads for `size` bytes of input; 1: not worth it. */
static unsigned threads_for(const struct jobs *j, size_t size)
{
	if (j->want > 1)
		return j->want;
	if (size < JOBS_MIN_INPUT && !j->block)
		return 1;
	unsigned n = online_cpus();
	return n < JOBS_MAX ? n : JOBS_MAX;
}

static size_t chunk_size(const struct jobs *j, size_t size, unsigned threads)
{
	if (j->block)
		return j->block;
	size_t b = size / ((size_t)threads * JOBS_CHUNKS_PER_JOB);
	if (b < JOBS_BLOCK_MIN)
		return JOBS_BLOCK_MIN;
	return b > JOBS_BLOCK_MAX ? JOBS_BLOCK_MAX : b;
}

static int blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The input as one top-level array (1), a stream (0), or neither of
 * what splits here (-1: a text sequence's records are cut only where
 * one starts, *seq). */
static int input_shape(const unsigned char *p, size_t n, int *seq)
{
	size_t i = 0;

	if (n >= BLOCKS_BOM_LEN && memcmp(p, blocks_bom, BLOCKS_BOM_LEN) == 0)
		i = BLOCKS_BOM_LEN;
	*seq = i < n && p[i] == SKIP_RS;
	while (i < n && blank(p[i]))
		i++;
	return i < n && p[i] == '[';
}

/* --eol=auto: whether the input's first line ends with CR LF, as the
 * reader decides it from its first read (read.c). */
static int first_line_crlf(const unsigned char *p, size_t n)
{
	size_t first = n < READ_BLOCK ? n : READ_BLOCK;
	size_t i = first >= BLOCKS_BOM_LEN && !memcmp(p, blocks_bom, BLOCKS_BOM_LEN) ?
		   BLOCKS_BOM_LEN : 0;
	const unsigned char *nl = memchr(p + i, '\n', first - i);

	return nl && nl > p + i && nl[-1] == '\r';
}

/* Whether p[from..n) holds nothing but white space. */
static int all_blank(const unsigned char *p, size_t from, size_t n)
{
	while (from < n && blank(p[from]))
		from++;
	return from == n;
}

/* --- The calling thread: cutting, handing out, writing --- */

struct run {
	struct pool pool;
	struct worker *workers;
	unsigned nworkers;
	const unsigned char *in;
	size_t size;
	int array;
	int seq;
	/* A stream is cut at the first newline past each chunk's size while
	 * its lines are whole values (`lines`: what the first of it showed,
	 * until a chunk fails to parse); otherwise by the scan, which starts
	 * at `scan_from`. */
	int lines;
	char indent[FORMAT_INDENT_MAX * 4];     /* an array's elements' */
	size_t indent_len;
	struct splitter sp;
	size_t scan_from;
	size_t block;
	size_t next;            /* where the next chunk starts */
	size_t written;         /* chunks written */
	size_t let_go;          /* the input before this was let go of */
};

/* Start the scan at `from`, where no value is open (or, for an array, an
 * element is about to begin). */
static void scan_from(struct run *r, size_t from)
{
	r->scan_from = from;
	splitter_init(&r->sp, r->in + from, r->size - from,
		      r->array ? SPLIT_ARRAY : SPLIT_STREAM);
}

/* Where a line of the input begins an element of the top array (whole
 * lines): the newline after its comma, then `indent`, then not white
 * space.  Returns the offset of the first such comma at or after `from`,
 * r->size if none, SPLIT_NOT_YET if none before `until`. */
static size_t element_line(const struct run *r, size_t from, size_t until)
{
	const unsigned char *p = r->in;
	size_t n = r->size, k = r->indent_len, start = from;

	while (from < n) {
		const unsigned char *nl = memchr(p + from, '\n', n - from);
		if (!nl)
			break;
		size_t at = (size_t)(nl - p);
		if (at > until)
			return SPLIT_NOT_YET;
		from = at + 1;
		if (n - from <= k || memcmp(p + from, r->indent, k) != 0 || blank(p[from + k]))
			continue;
		while (at > 0 && (p[at - 1] == ' ' || p[at - 1] == '\t' || p[at - 1] == '\r'))
			at--;
		if (at > start && p[at - 1] == ',')
			return at - 1;
	}
	return n;
}

/* The end of the chunk whose cut is looked for from `from`: after its
 * newline (a text sequence's only where a record starts), or at its
 * comma; r->size if there is none.  SPLIT_NOT_YET if none comes before
 * `until`. */
static size_t find_cut(struct run *r, size_t from, size_t until)
{
	const unsigned char *p = r->in;
	size_t n = r->size;

	if (r->lines && r->array)
		return element_line(r, from, until);
	for (;;) {
		size_t at;
		if (r->lines) {
			const unsigned char *nl = from < n ? memchr(p + from, '\n', n - from) : NULL;
			at = nl ? (size_t)(nl - p) : n;
			if (at != n && at > until)
				return SPLIT_NOT_YET;
		} else {
			at = splitter_next(&r->sp, from - r->scan_from,
					   until == SIZE_MAX ? SIZE_MAX : until - r->scan_from);
			if (at == SPLIT_NOT_YET)
				return at;
			at += r->scan_from;
		}
		if (at >= n || r->array)
			return at;
		if (!r->seq || (at + 1 < n && p[at + 1] == SKIP_RS))
			return at + 1;
		from = at + 1;
	}
}

/* An array's elements' indentation: the first line after its '[', if
 * nothing else follows the '[' on its line.  Returns 0 if there is none. */
static int element_indent(struct run *r, size_t end)
{
	const unsigned char *p = r->in;
	const unsigned char *open = memchr(p, '[', end);
	const unsigned char *nl = open ? memchr(open, '\n', end - (size_t)(open - p)) : NULL;

	if (!nl)
		return 0;
	for (const unsigned char *q = open + 1; q < nl; q++)
		if (!blank(*q))
			return 0;
	size_t i = (size_t)(nl - p) + 1, k = 0;
	while (i + k < end && k < sizeof r->indent && (p[i + k] == ' ' || p[i + k] == '\t'))
		k++;
	memcpy(r->indent, p + i, k);
	r->indent_len = k;
	return 1;
}

/*
 * Whether the input's first `span` bytes are in whole lines: a stream's
 * newlines all outside values (NDJSON), or an array's elements each on a
 * line of its own, indented as the first, after a comma that the scan
 * finds too.  Then it is cut at such lines, found with memchr; the scan
 * (split.h) runs only if that turns out wrong (cut_again()).
 */
static int whole_lines(struct run *r)
{
	size_t end = r->size < JOBS_SAMPLE ? r->size : JOBS_SAMPLE;
	size_t lines = 0, cuts = 0, at = 0;

	if (r->array) {
		/* up to JOBS_SAMPLE_LINES elements, as far as JOBS_SAMPLE_MAX */
		end = r->size < JOBS_SAMPLE_MAX ? r->size : JOBS_SAMPLE_MAX;
		if (!element_indent(r, end))
			return 0;
		scan_from(r, 0);
		r->lines = 1;
		for (size_t cut = 0; lines < JOBS_SAMPLE_LINES &&
		     (at = element_line(r, at, end)) < end; at++, lines++) {
			while (cut < at)
				cut = splitter_next(&r->sp, cut ? cut + 1 : 0, end);
			cuts += cut == at;
		}
		r->lines = 0;
	} else {
		for (const unsigned char *nl; (nl = memchr(r->in + at, '\n', end - at)); lines++)
			at = (size_t)(nl - r->in) + 1;
		scan_from(r, 0);
		for (at = 0; (at = splitter_next(&r->sp, at, end)) < end; at++)
			cuts++;
	}
	return lines > 0 && cuts == lines;
}

/* Fill slot `c` with the next chunk. */
static void hand_out(struct run *r, struct chunk *c)
{
	size_t n = r->size;
	size_t at = n;

	if (n - r->next > r->block) {
		at = find_cut(r, r->next + r->block, SIZE_MAX);
		if (at < n && !r->array && all_blank(r->in, at, n))
			at = n;
	}
	c->from = r->next;
	c->to = at;
	if (!r->array)
		c->kind = CHUNK_STREAM;
	else
		c->kind = c->from == 0 ? CHUNK_HEAD : at == n ? CHUNK_TAIL : CHUNK_INSIDE;
	c->done = c->ok = 0;
	/* an array's comma belongs to neither side */
	r->next = at < n && r->array ? at + 1 : at;
}

/* The pages of input before `to` are done with: let them go, so that the
 * mapping does not grow to the whole input. */
static void let_go(struct run *r, size_t to, size_t lead)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t from = (r->let_go + lead + page - 1) / page * page;
	size_t end = (to + lead) / page * page;

	if (end > from)
		madvise((unsigned char *)r->in - lead + from, end - from, MADV_DONTNEED);
	r->let_go = to;
}

/* Write out the chunks formatted, in order; returns -1 when one failed. */
static int write_done(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;

	while (r->written < pl->handed) {
		struct chunk *c = &pl->slots[r->written % pl->nslots];
		if (!c->done)
			return 0;
		if (!c->ok)
			return -1;
		pthread_mutex_unlock(&pl->lock);
		/* Whole values, after whole values: out at once, as one
		 * thread would write them once each is complete, without a
		 * copy into the block that holds a value back. */
		if (c->kind == CHUNK_STREAM && out->len == out->committed)
			out->streaming = 1;
		fbuffer_append(out, c->text.ptr + c->cut_from, c->cut_to - c->cut_from);
		if (c->kind == CHUNK_STREAM || c->kind == CHUNK_TAIL) {
			fbuffer_commit(out);
			fbuffer_flush_committed(out);
		}
		c->text.len = c->text.committed = 0;
		let_go(r, c->to, lead);
		pthread_mutex_lock(&pl->lock);
		r->written++;
		if (out->error)
			return 1;
	}
	return 0;
}

/* A chunk of a stream cut at newlines failed: if it is broken, so is the
 * input, but it may only end inside a value.  The chunks from it on are
 * dropped (once the workers are done with them) and cut again by the
 * scan, from its start, which is right.  Returns 0, or -1 if the scan
 * was cutting already. */
static int cut_again(struct run *r)
{
	struct pool *pl = &r->pool;

	if (!r->lines)
		return -1;
	while (pl->claimed < pl->handed)        /* take back what no one took */
		pl->handed--;
	for (size_t i = r->written; i < pl->handed; i++)
		while (!pl->slots[i % pl->nslots].done)
			pthread_cond_wait(&pl->done, &pl->lock);
	for (size_t i = r->written; i < pl->handed; i++)
		pl->slots[i % pl->nslots].text.len = pl->slots[i % pl->nslots].text.committed = 0;
	r->next = pl->slots[r->written % pl->nslots].from;
	pl->handed = pl->claimed = r->written;
	r->lines = 0;
	scan_from(r, r->next);
	return 0;
}

/* Hand out and write until the input is all out, or a chunk failed (-1),
 * or the output did (1). */
static int run_all(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;
	int result = 0;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		result = write_done(r, out, lead);
		if (result < 0 && cut_again(r) == 0)
			continue;
		if (result)
			break;
		if (r->next < r->size && pl->handed - r->written < pl->nslots) {
			struct chunk *c = &pl->slots[pl->handed % pl->nslots];
			pthread_mutex_unlock(&pl->lock);
			hand_out(r, c);
			pthread_mutex_lock(&pl->lock);
			pl->handed++;
			pthread_cond_signal(&pl->work);
			continue;
		}
		if (r->next >= r->size && r->written == pl->handed)
			break;
		pthread_cond_wait(&pl->done, &pl->lock);
	}
	pl->stop = 1;
	pthread_cond_broadcast(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	return result;
}

static void *worker_thread(void *arg)
{
	struct worker *w = arg;
	void *ret = worker_main(w);

	worker_release(w);
	return ret;
}

static int run_threads(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;
	unsigned started = 0;
	int result;

	pl->nslots = (size_t)r->nworkers * JOBS_SLOTS_PER_JOB;
	pl->slots = xrealloc(NULL, pl->nslots * sizeof *pl->slots);
	for (size_t i = 0; i < pl->nslots; i++)
		fbuffer_init_mem(&pl->slots[i].text);
	r->workers = xrealloc(NULL, r->nworkers * sizeof *r->workers);
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->work, NULL);
	pthread_cond_init(&pl->done, NULL);
	for (unsigned i = 0; i < r->nworkers; i++) {
		worker_setup(&r->workers[i], pl, r->array);
		if (pthread_create(&r->workers[i].thread, NULL, worker_thread, &r->workers[i]) != 0) {
			worker_release(&r->workers[i]);
			break;
		}
		started++;
	}
	if (started == 0) {
		result = -1;            /* one thread, then */
	} else {
		result = run_all(r, out, lead);
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(r->workers[i].thread, NULL);
	for (size_t i = 0; i < pl->nslots; i++)
		fbuffer_release(&pl->slots[i].text);
	pthread_cond_destroy(&pl->done);
	pthread_cond_destroy(&pl->work);
	pthread_mutex_destroy(&pl->lock);
	free(pl->slots);
	free(r->workers);
	return result;
}

int jobs_format(struct jobs *j, const char *name, int fd, struct fbuffer *out,
		enum exit_status *status)
{
	struct stat st;

	/* the input's comments and blank lines are placed by one thread */
	if (j->off || format_places(j->opt) || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	off_t start = lseek(fd, 0, SEEK_CUR);
	if (start < 0 || st.st_size <= start)
		return 0;
	size_t size = (size_t)(st.st_size - start);
	unsigned threads = threads_for(j, size);
	if (threads <= 1)
		return 0;

	/* mapped from the page that holds `start` */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t lead = (size_t)start % page;
	void *map = mmap(NULL, size + lead, PROT_READ, MAP_PRIVATE, fd, start - (off_t)lead);
	if (map == MAP_FAILED)
		return 0;
	const unsigned char *in = (const unsigned char *)map + lead;

	struct run r;
	memset(&r, 0, sizeof r);
	r.in = in;
	r.size = size;
	r.array = input_shape(in, size, &r.seq);
	if (r.array && format_uses_width(j->opt))
		goto one_thread;        /* --width may keep a short array on a line */
	r.block = chunk_size(j, size, threads);
	r.nworkers = threads;
	r.lines = whole_lines(&r);
	scan_from(&r, 0);
	/* one value that does not split: one thread, having lost little */
	size_t first = size > r.block ?
		find_cut(&r, r.block, r.block * JOBS_FIRST_CUT_CHUNKS + JOBS_SAMPLE) : size;
	if (first == SPLIT_NOT_YET || first >= size)
		goto one_thread;
	scan_from(&r, 0);

	r.pool.opt = j->opt;
	r.pool.name = name;
	r.pool.in = in;
	r.pool.seq = r.seq;
	madvise(map, size + lead, MADV_SEQUENTIAL);

	/* What went before this input is out; this input starts here. */
	fbuffer_flush(out);
	unsigned long long written = out->written;
	char last = out->last;
	out->crlf = j->opt->eol == EOL_CRLF || (j->opt->eol == EOL_AUTO && first_line_crlf(in, size));

	int result = run_threads(&r, out, lead);
	munmap(map, size + lead);
	if (result < 0) {
		fbuffer_rewind(out, written, last);
		lseek(fd, start, SEEK_SET);
		return 0;
	}
	lseek(fd, 0, SEEK_END);
	*status = EXIT_OK;
	return 1;

one_thread:
	munmap(map, size + lead);
	return 0;
}

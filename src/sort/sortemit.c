/* sortemit.c - writing a sorter's capture out: newline marks expanded to
 * newlines and indentation, reordered objects' members in their sorted
 * order.  See sortemit.h and sorter.h. */
#include "sort/sortemit.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/alloc.h"

static int compare_records(const void *a, const void *b)
{
	const struct sort_record *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The first of records[lo, hi) that starts at or after `at` (records
 * sorted by start), or hi. */
static size_t record_from(const struct sorter *s, size_t lo, size_t hi, size_t at)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->records[mid].start < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void push_task(struct sorter *s, size_t *n, int kind, size_t start, size_t end,
		      size_t lo, size_t hi)
{
	/* (tested here, not in the call: twitter.json -S pushes 2,383 tasks,
	 * and the test took it from 19.58M Ir to 19.54M) */
	if (*n == s->tasks_cap)
		s->tasks = xgrow_array(s->tasks, &s->tasks_cap, *n + 1, sizeof *s->tasks);
	s->tasks[(*n)++] = (struct emit_task){ kind, start, end, lo, hi };
}

/* Sort the records by start and note which lie inside each: they nest like
 * their objects, so a stack of the open ones (kept in the task stack, unused
 * until writing starts) finds where each one ends. */
static void order_records(struct sorter *s)
{
	struct sort_record *r = s->records;
	size_t n = s->nrecords, depth = 0;

	if (n > 1)      /* (qsort may not be given a null array) */
		qsort(r, n, sizeof *r, compare_records);
	for (size_t j = 0; j <= n; j++) {
		while (depth > 0) {
			size_t top = s->tasks[depth - 1].start;
			if (j < n && r[j].start < r[top].end)
				break;
			r[top].inner_end = j;
			depth--;
		}
		if (j < n)
			push_task(s, &depth, EMIT_RANGE, j, 0, 0, 0);
	}
}

/* A line break and `n` bytes of indentation. */
static void put_newline(const struct sorter *s, struct fbuffer *out, size_t n)
{
	style_put_break(s->style, out, n, 0);
}

/* The first newline mark in [p, e), or e.  Wide loads go as far as
 * `limit`, the end of the capture. */
static inline const char *find_mark(const char *p, const char *e, const char *limit)
{
#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8(SORT_MARK_NEWLINE);
	for (; p < e && (size_t)(limit - p) >= 16; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl));
		if (m != 0) {
			p += __builtin_ctz(m);
			return p < e ? p : e;
		}
	}
	if (p >= e)
		return e;
#else
	(void)limit;
#endif
	const char *m = memchr(p, SORT_MARK_NEWLINE, (size_t)(e - p));
	return m ? m : e;
}

/* The depth noted after the newline mark at nl; sets *next past it. */
static inline size_t mark_depth(const char *nl, const char **next)
{
	const char *q = nl + 1;
	size_t depth = 0;
	unsigned shift = 0;
	unsigned char c;

	do {
		c = (unsigned char)*q++;
		depth |= (size_t)(c & (SORT_DEPTH_MORE - 1)) << shift;
		shift += SORT_DEPTH_BITS;
	} while (c & SORT_DEPTH_MORE);
	*next = q;
	return depth;
}

/* Bytes of the capture looked at, and copied, in one step of put_text(). */
#define SCAN_WIDTH 32

#if defined(__SSE2__)
/* The newline marks among the SCAN_WIDTH bytes at p, one bit each, and
 * those bytes copied to d. */
static inline unsigned scan_copy(char *d, const char *p)
{
	const __m128i nl = _mm_set1_epi8(SORT_MARK_NEWLINE);
	__m128i v0 = _mm_loadu_si128((const __m128i *)p);
	__m128i v1 = _mm_loadu_si128((const __m128i *)(p + 16));

	_mm_storeu_si128((__m128i *)d, v0);
	_mm_storeu_si128((__m128i *)(d + 16), v1);
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v0, nl)) |
		(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v1, nl)) << 16;
}
#endif

/* Write capture[start, end) to `out`, each newline mark as the newline and
 * indentation it stands for.  The text is copied SCAN_WIDTH bytes at a
 * time while it is searched for marks (past `end` perhaps, into room that
 * is then taken back), and a mark of one byte's depth becomes one
 * fixed-width copy of the prebuilt run: on twitter.json (15,500 lines,
 * 29 bytes each on average in the capture) this took put_text() from
 * 1.46M Ir, when each line was found first and copied after, to 1.04M.
 * Near the capture's end, and for deep or wide indentation, lines go one
 * at a time. */
static void put_text(const struct sorter *s, struct fbuffer *out, size_t start, size_t end)
{
	const char *p = s->capture.ptr + start, *e = s->capture.ptr + end;
	const char *cend = s->capture.ptr + s->capture.len;
	const char *run = s->style->run + 1;    /* the line end, indentation */
	const size_t indent = s->indent;

	if (indent == 0) {
		fbuffer_append(out, p, (size_t)(e - p));
		return;
	}
	char *d = fbuffer_cursor(out);
	char *dend = out->ptr + out->cap;
	/* steps start before plim: SCAN_WIDTH bytes can be read from there */
	const char *plim = e;
	if ((size_t)(cend - e) < SCAN_WIDTH)
		plim = (size_t)(cend - p) >= SCAN_WIDTH ? cend - SCAN_WIDTH + 1 : p;
	while (p < e) {
#if defined(__SSE2__)
		while (p < plim) {
			/* room for a step's copy and then the run after a mark in it */
			if (FB_UNLIKELY((size_t)(dend - d) < SCAN_WIDTH + FBUFFER_COPY_WIDTH)) {
				out->len = (size_t)(d - out->ptr);
				fbuffer_reserve(out, SCAN_WIDTH + FBUFFER_COPY_WIDTH);
				d = fbuffer_cursor(out);
				dend = out->ptr + out->cap;
			}
			unsigned m = scan_copy(d, p);
			if (m == 0) {
				p += SCAN_WIDTH;
				d += SCAN_WIDTH;
				continue;
			}
			size_t n = (size_t)__builtin_ctz(m);
			if (n >= (size_t)(e - p)) {     /* the range ends first */
				d += e - p;
				p = e;
				break;
			}
			size_t w = (unsigned char)p[n + 1] * indent;
			if (FB_LIKELY(w < FBUFFER_COPY_WIDTH)) {
				memcpy(d + n, run, FBUFFER_COPY_WIDTH);
			} else {
				/* wider, in whole slices: a depth of one byte
				 * (told by w, not by the byte again, which
				 * cost a move on every mark) in the run, with
				 * room for it and a step */
				if (w >= SORT_DEPTH_MORE * indent || w > STYLE_RUN ||
				    (size_t)(dend - d) < n + 1 + w + SCAN_WIDTH + FBUFFER_COPY_WIDTH)
					break;
				fbuffer_copy_slices(d + n, run, 1 + w);
			}
			d += n + 1 + w;
			p += n + 2;
		}
		if (p >= e)
			break;
#endif
		const char *nl = find_mark(p, e, cend);
		size_t n = (size_t)(nl - p);
		if (nl == e) {
			out->len = (size_t)(d - out->ptr);
			fbuffer_append_short(out, p, n);
			return;
		}
		const char *q = nl + 2;
		size_t depth = (unsigned char)nl[1];
		if (FB_UNLIKELY(depth & SORT_DEPTH_MORE))
			depth = mark_depth(nl, &q);
		out->len = (size_t)(d - out->ptr);
		fbuffer_append(out, p, n);
		put_newline(s, out, depth * indent);
		d = fbuffer_cursor(out);
		dend = out->ptr + out->cap;
		p = q;
	}
	/* a step may have copied past the end */
	out->len = (size_t)(d - out->ptr) - (size_t)(p - e);
}

/* With comments: the member at place i of record k spans [a, b), where
 * the comma may move (sorter.h).  Pushes what follows the comma's
 * place in the member and returns where the part before it ends. */
static size_t move_comma(struct sorter *s, size_t *ntasks, size_t k, size_t i,
			 size_t a, size_t b)
{
	const struct sort_record *r = &s->records[k];
	const struct sort_span *mv = &s->spans[r->first_span + r->nspans];
	size_t from = mv->start, to = (size_t)mv->len;

	if (from == SORT_NO_COMMA)
		return b;
	if (i + 1 == r->nspans) {       /* written last: its comma left out */
		push_task(s, ntasks, EMIT_RANGE, from + s->comma_len, b, k + 1, r->inner_end);
		return from;
	}
	if (a <= to && to <= b) {       /* came last: a comma after its value */
		push_task(s, ntasks, EMIT_RANGE, to, b, k + 1, r->inner_end);
		push_task(s, ntasks, EMIT_RANGE, from, from + s->comma_len, k + 1, k + 1);
		return to;
	}
	return b;
}

/* Write capture[start, end) to `out` with each recorded object's members in
 * their sorted order.  Records nest like the objects; the first that starts
 * inside a range lies wholly inside it.  An explicit stack instead of
 * recursion, as nesting is limited only by memory. */
void sort_emit(struct sorter *s, struct fbuffer *out, size_t start, size_t end)
{
	size_t ntasks = 0;

	order_records(s);
	push_task(s, &ntasks, EMIT_RANGE, start, end, 0, s->nrecords);
	while (ntasks > 0) {
		struct emit_task t = s->tasks[--ntasks];
		if (t.kind == EMIT_RECORD) {
			size_t k = t.start;
			const struct sort_record *r = &s->records[k];
			const struct sort_span *sp = &s->spans[r->first_span + t.end];
			const struct sort_span *sep = t.end ? &r->sep_more : &r->sep_first;
			size_t a = sp->start, b = sp->start + sp->len;
			put_text(s, out, sep->start, sep->start + (size_t)sep->len);
			if (t.end + 1 < r->nspans)
				push_task(s, &ntasks, EMIT_RECORD, k, t.end + 1, 0, 0);
			if (s->comments)
				b = move_comma(s, &ntasks, k, t.end, a, b);
			if (r->inner_end == k + 1)      /* nothing reordered inside */
				put_text(s, out, a, b);
			else
				push_task(s, &ntasks, EMIT_RANGE, a, b, k + 1, r->inner_end);
			continue;
		}
		size_t k = record_from(s, t.lo, t.hi, t.start);
		if (k < t.hi && s->records[k].start < t.end) {
			put_text(s, out, t.start, s->records[k].start);
			push_task(s, &ntasks, EMIT_RANGE, s->records[k].end, t.end,
				  s->records[k].inner_end, t.hi);
			push_task(s, &ntasks, EMIT_RECORD, k, 0, 0, 0);
		} else {
			put_text(s, out, t.start, t.end);
		}
	}
}

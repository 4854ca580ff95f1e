/* sortkeys.c - the capture of objects whose keys are sorted, and the order
 * of their members; sortemit.c writes the capture out.  See sortkeys.h. */
#include "sortkeys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "keyorder.h"
#include "sortrecord.h"

/* The capture is grown ahead of need, at each member, when less than
 * 1/CAPTURE_SLACK of it is free: running out of memory is then found where
 * it can be survived (see overflow()), rarely in the middle of a write. */
#define CAPTURE_SLACK 4

/* Runs of members at most this long are sorted by insertion. */
#define INSERTION_MAX 8

struct sort_frame {
	size_t first_member;    /* index of the object's first member */
	size_t region_start;    /* where its members start in capture */
	size_t sep_len;         /* the separator before each later member */
	size_t tail;            /* sorter_tail(), or NO_TAIL */
};

#define NO_TAIL SIZE_MAX

/* With comments, alongside each open member's start: where its key
 * starts (after the comments before it) and where its comma is. */
struct sort_note {
	size_t key, comma;
};

void sorter_init(struct sorter *s, size_t indent, char indent_char, int comments)
{
	memset(s, 0, sizeof *s);
	fbuffer_init_mem(&s->capture);
	s->indent = indent;
	s->comments = comments;
	s->nl_run = xrealloc(NULL, 1 + SORT_INDENT_RUN + FBUFFER_COPY_WIDTH);
	s->nl_run[0] = '\n';
	memset(s->nl_run + 1, indent_char, SORT_INDENT_RUN + FBUFFER_COPY_WIDTH);
}

/* Free the arrays of members and records, and leave them empty. */
static void free_arrays(struct sorter *s)
{
	free(s->members);
	free(s->notes);
	free(s->frames);
	free(s->records);
	free(s->spans);
	free(s->scratch);
	s->members = NULL;
	s->notes = NULL;
	s->frames = NULL;
	s->records = NULL;
	s->spans = s->scratch = NULL;
	s->members_cap = s->notes_cap = s->frames_cap = 0;
	s->records_cap = s->spans_cap = s->scratch_cap = 0;
}

void sorter_release(struct sorter *s)
{
	free(s->nl_run);
	free_arrays(s);
	free(s->tasks);
	fbuffer_release(&s->capture);
}

void sorter_reset(struct sorter *s)
{
	s->capture.len = 0;
	s->nmembers = s->nframes = s->nrecords = s->nspans = 0;
	s->overflow = 0;
	s->dropped = 0;
}

/* Forget what the capture holds (counting it as written, for progress). */
static void drop_capture(struct sorter *s)
{
	s->dropped += s->capture.len;
	s->capture.len = 0;
}

/* Memory ran out.  Free everything held and go on keeping nothing but the
 * depth, so that the rest of the input is still read: if it is invalid,
 * that is what is reported; if the outermost object ends, the lack of
 * memory is (sorter_close()). */
static void overflow(struct sorter *s)
{
	s->overflow = 1;
	drop_capture(s);
	fbuffer_release(&s->capture);
	fbuffer_init_mem(&s->capture);
	free_arrays(s);
	s->nmembers = s->nrecords = s->nspans = 0;
}

/* Room for a quarter more in the capture, or overflow(): returns 0 then.
 * (The capture is an in-memory fbuffer; growing it here, where failure can
 * be survived, leaves fbuffer little to grow.) */
static int capture_headroom(struct sorter *s)
{
	struct fbuffer *c = &s->capture;

	if (FB_LIKELY(c->cap - c->len >= c->cap / CAPTURE_SLACK))
		return 1;
	char *p = c->cap <= SIZE_MAX / 2 ? realloc(c->ptr, 2 * c->cap) : NULL;
	if (!p) {
		overflow(s);
		return 0;
	}
	c->ptr = p;
	c->cap *= 2;
	return 1;
}

struct fbuffer *sorter_open(struct sorter *s)
{
	struct sort_frame *frames = NULL;

	if (!s->overflow)
		frames = grow_array(s->frames, &s->frames_cap, s->nframes + 1, sizeof *frames);
	if (!frames) {
		if (!s->overflow)
			overflow(s);
		drop_capture(s);
		s->nframes++;
		return &s->capture;
	}
	s->frames = frames;
	struct sort_frame *fr = &s->frames[s->nframes++];
	fr->first_member = s->nmembers;
	fr->region_start = s->capture.len;
	fr->sep_len = 0;
	fr->tail = NO_TAIL;
	return &s->capture;
}

/* A depth too deep for one byte, into room already reserved. */
void sorter_put_depth(struct sorter *s, size_t depth)
{
	struct fbuffer *c = &s->capture;

	while (depth >= SORT_DEPTH_MORE) {
		fbuffer_put_reserved_char(c, (char)((depth & (SORT_DEPTH_MORE - 1)) | SORT_DEPTH_MORE));
		depth >>= SORT_DEPTH_BITS;
	}
	fbuffer_put_reserved_char(c, (char)depth);
}

void sorter_member(struct sorter *s, size_t sep)
{
	if (s->overflow || !capture_headroom(s)) {
		drop_capture(s);
		return;
	}
	struct sort_frame *fr = &s->frames[s->nframes - 1];
	size_t *m = grow_array(s->members, &s->members_cap, s->nmembers + 1, sizeof *m);
	if (!m) {
		overflow(s);
		return;
	}
	s->members = m;
	if (s->comments) {
		struct sort_note *nt = grow_array(s->notes, &s->notes_cap, s->nmembers + 1,
						  sizeof *nt);
		if (!nt) {
			overflow(s);
			return;
		}
		s->notes = nt;
		nt[s->nmembers] = (struct sort_note){ s->capture.len, s->capture.len };
	}
	if (s->nmembers - fr->first_member == 1)
		fr->sep_len = s->capture.len - sep;
	s->members[s->nmembers++] = s->capture.len;
}

void sorter_key(struct sorter *s)
{
	if (!s->overflow)
		s->notes[s->nmembers - 1].key = s->capture.len;
}

void sorter_comma(struct sorter *s, size_t at, size_t len)
{
	if (s->overflow)
		return;
	s->notes[s->nmembers - 1].comma = at;
	if (len > 0)
		s->comma_len = len;
}

void sorter_tail(struct sorter *s)
{
	if (!s->overflow)
		s->frames[s->nframes - 1].tail = s->capture.len;
}

/* A comment's text may hold newlines, which would read as marks: each is
 * written as the mark that stands for a newline and no indentation, so
 * that it comes out as it was, and writing out stays one rule. */
void sorter_text(struct sorter *s, const char *p, size_t n)
{
	struct fbuffer *c = &s->capture;
	const char *nl;

	while (s->indent != 0 && (nl = memchr(p, SORT_MARK_NEWLINE, n)) != NULL) {
		size_t k = (size_t)(nl - p) + 1;
		fbuffer_append(c, p, k);
		fbuffer_append_char(c, 0);
		p += k;
		n -= k;
	}
	fbuffer_append(c, p, n);
}

/* The text of the key of the member at `at`, after its opening quote. */
static const unsigned char *key_at(const struct sorter *s, size_t at)
{
	const char *p = s->capture.ptr + at;

	while (*p != '"')
		p++;
	return (const unsigned char *)p + 1;
}

/* Compare two members being sorted: by their keys' prefixes, and when
 * those are equal, by the keys. */
static inline int compare_spans(const struct sorter *s, const struct sort_span *a,
				const struct sort_span *b)
{
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return key_compare(key_at(s, a->start), key_at(s, b->start));
}

/* Sort v[0..n) by key, stably (equal keys keep their order): a merge sort,
 * with `scratch` holding at least n / 2 spans. */
static void sort_spans(const struct sorter *s, struct sort_span *v, size_t n,
		       struct sort_span *scratch)
{
	if (n <= INSERTION_MAX) {
		for (size_t i = 1; i < n; i++) {
			struct sort_span t = v[i];
			size_t j = i;
			for (; j > 0 && compare_spans(s, &v[j - 1], &t) > 0; j--)
				v[j] = v[j - 1];
			v[j] = t;
		}
		return;
	}
	size_t h = n / 2;
	sort_spans(s, v, h, scratch);
	sort_spans(s, v + h, n - h, scratch);
	if (compare_spans(s, &v[h - 1], &v[h]) <= 0)
		return;
	struct sort_span *left = scratch;
	memcpy(left, v, h * sizeof *v);
	size_t i = 0, j = h, k = 0;
	while (i < h && j < n)
		v[k++] = compare_spans(s, &v[j], &left[i]) < 0 ? v[j++] : left[i++];
	while (i < h)
		v[k++] = left[i++];
}

/* Sort offsets v[0..n) ascending, in place (a heap sort). */
static void sort_offsets(size_t *v, size_t n)
{
	for (size_t end = n, i = n / 2; end > 1; ) {
		if (i > 0) {
			i--;            /* building the heap */
		} else {
			end--;          /* taking its largest out */
			size_t t = v[0];
			v[0] = v[end];
			v[end] = t;
		}
		for (size_t k = i, c; (c = 2 * k + 1) < end; k = c) {
			if (c + 1 < end && v[c + 1] > v[c])
				c++;
			if (v[k] >= v[c])
				break;
			size_t t = v[k];
			v[k] = v[c];
			v[c] = t;
		}
	}
}

/* The index of the member starting at `at` among m[0..n), ascending. */
static size_t member_index(const size_t *m, size_t n, size_t at)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (m[mid] <= at)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Where the key of member i starts: with comments, as noted; without, at
 * the member's start. */
static inline size_t key_of(const size_t *m, const struct sort_note *nt, size_t i)
{
	return nt ? nt[i].key : m[i];
}

/* Objects of this many members or more are merged in the room of their
 * members' offsets, which are rebuilt afterwards, so as to take no more
 * memory (where size_t is as wide as a uint64_t); smaller ones, faster,
 * in a scratch array of their own. */
#define MERGE_IN_PLACE_MIN 65536
#define MEMBERS_HOLD_SCRATCH (sizeof(struct sort_span) <= 2 * sizeof(size_t) && \
			      _Alignof(struct sort_span) <= _Alignof(size_t))

/* An object with members starting at m[0..n), n > 1, closes: if they are
 * out of order, note their sorted order.  The spans are sorted with their
 * keys' prefixes and starts (with comments, the keys' own, inside the
 * members), then given their members' starts and lengths. */
static void sort_members(struct sorter *s, const struct sort_frame *fr,
			 size_t *m, size_t n)
{
	const struct sort_note *nt = s->comments ? s->notes + fr->first_member : NULL;
	const int in_place = MEMBERS_HOLD_SCRATCH && n >= MERGE_IN_PLACE_MIN && !nt;
	const size_t nspans = n + (nt ? 1 : 0);        /* and the comma's move */
	const size_t last_end = fr->tail != NO_TAIL ? fr->tail : s->capture.len;
	size_t i = 1;

	while (i < n && key_compare(key_at(s, key_of(m, nt, i - 1)), key_at(s, key_of(m, nt, i))) <= 0)
		i++;
	if (i == n)
		return;         /* in order already */
	struct sort_span *spans = grow_array(s->spans, &s->spans_cap, s->nspans + nspans,
					     sizeof *spans);
	struct sort_span *scratch = spans;
	if (!in_place && spans)
		scratch = grow_array(s->scratch, &s->scratch_cap, n / 2 + 1, sizeof *scratch);
	struct sort_record *records = scratch ? grow_array(s->records, &s->records_cap,
							   s->nrecords + 1, sizeof *records) : NULL;
	if (spans)
		s->spans = spans;
	if (!in_place && scratch)
		s->scratch = scratch;
	if (!records) {
		overflow(s);
		return;
	}
	s->records = records;
	struct sort_span *v = s->spans + s->nspans;
	for (i = 0; i < n; i++)
		v[i] = (struct sort_span){ key_of(m, nt, i), key_prefix(key_at(s, key_of(m, nt, i))) };
	size_t first = m[0], sep_more = m[1] - fr->sep_len;
	if (in_place) {
		sort_spans(s, v, n, (struct sort_span *)(void *)m);
		for (i = 0; i < n; i++)
			m[i] = v[i].start;
		sort_offsets(m, n);
	} else {
		sort_spans(s, v, n, s->scratch);
	}
	size_t written_last = n - 1;
	for (i = 0; i < n; i++) {
		size_t k = member_index(m, n, v[i].start);
		size_t end = k + 1 < n ? m[k + 1] - fr->sep_len : last_end;
		v[i] = (struct sort_span){ m[k], end - m[k] };
		written_last = k;
	}
	if (nt)         /* the comma moves only if the last member moves */
		v[n] = written_last == n - 1 ? (struct sort_span){ SORT_NO_COMMA, SORT_NO_COMMA }
			: (struct sort_span){ nt[written_last].comma, nt[n - 1].comma };

	struct sort_record *r = &s->records[s->nrecords++];
	r->start = fr->region_start;
	r->end = last_end;
	r->sep_first = (struct sort_span){ fr->region_start, first - fr->region_start };
	r->sep_more = (struct sort_span){ sep_more, fr->sep_len };
	r->first_span = s->nspans;
	r->nspans = n;
	s->nspans += nspans;
}

int sorter_close(struct sorter *s, struct fbuffer *out)
{
	if (!s->overflow) {
		struct sort_frame fr = s->frames[s->nframes - 1];
		size_t n = s->nmembers - fr.first_member;
		if (n > 1)
			sort_members(s, &fr, s->members + fr.first_member, n);
		if (!s->overflow) {
			s->nframes--;
			s->nmembers = fr.first_member;
			if (s->nframes > 0)
				return 0;
			sort_emit(s, out, fr.region_start, s->capture.len);
			s->capture.len = fr.region_start;
			s->nrecords = s->nspans = 0;
			return 1;
		}
	}
	/* The object was read whole, but could not be kept. */
	drop_capture(s);
	if (--s->nframes > 0)
		return 0;
	out_of_memory();
}

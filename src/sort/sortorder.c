/* sortorder.c - putting a closing object's members in key order, for the
 * sorter (sortkeys.c): left as they are when they are in order already,
 * rewritten in place when the object is small, or noted in a record that
 * sortemit.c follows when it writes the capture out.  See sortorder.h and sorter.h. */
#include "sort/sortorder.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "text/keyorder.h"

/* Runs of members at most this long are sorted by insertion. */
#define INSERTION_MAX 8

/* The text of the key of the member at `at`, after its opening quote. */
static const unsigned char *key_at(const struct sorter *s, size_t at)
{
	const char *p = s->capture.ptr + at;

	while (*p != '"')
		p++;
	return (const unsigned char *)p + 1;
}

static inline const unsigned char *capture_end(const struct sorter *s)
{
	return (const unsigned char *)s->capture.ptr + s->capture.len;
}

/* Where the key of member i starts: with comments, as noted; without, at
 * the member's start. */
static inline size_t key_of(const size_t *m, const struct sort_note *nt, size_t i)
{
	return nt ? nt[i].key : m[i];
}

/* The members being sorted: spans whose `start` is a member's index (or,
 * with m NULL, its key's offset in capture) and `len` its key's prefix. */
struct sort_keys {
	const struct sorter *s;
	const size_t *m;
	const struct sort_note *nt;
};

static inline size_t span_key(const struct sort_keys *k, const struct sort_span *a)
{
	return k->m ? key_of(k->m, k->nt, a->start) : a->start;
}

/* Compare two members being sorted: by their keys' prefixes, and when
 * those are equal, by the keys. */
static inline int compare_spans(const struct sort_keys *k, const struct sort_span *a,
				const struct sort_span *b)
{
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return key_compare(key_at(k->s, span_key(k, a)), key_at(k->s, span_key(k, b)),
			   capture_end(k->s));
}

/* Sort v[0..n) by key, stably (equal keys keep their order): a merge sort,
 * with `scratch` holding at least n / 2 spans. */
static void sort_spans(const struct sort_keys *k, struct sort_span *v, size_t n,
		       struct sort_span *scratch)
{
	if (n <= INSERTION_MAX) {
		for (size_t i = 1; i < n; i++) {
			struct sort_span t = v[i];
			size_t j = i;
			for (; j > 0 && compare_spans(k, &v[j - 1], &t) > 0; j--)
				v[j] = v[j - 1];
			v[j] = t;
		}
		return;
	}
	size_t h = n / 2;
	sort_spans(k, v, h, scratch);
	sort_spans(k, v + h, n - h, scratch);
	if (compare_spans(k, &v[h - 1], &v[h]) <= 0)
		return;
	struct sort_span *left = scratch;
	memcpy(left, v, h * sizeof *v);
	size_t i = 0, j = h, o = 0;
	while (i < h && j < n)
		v[o++] = compare_spans(k, &v[j], &left[i]) < 0 ? v[j++] : left[i++];
	while (i < h)
		v[o++] = left[i++];
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

/* Objects of this many members or more are merged in the room of their
 * members' offsets, which are rebuilt afterwards, so as to take no more
 * memory (where size_t is as wide as a uint64_t); smaller ones, faster,
 * in a scratch array of their own. */
#define MERGE_IN_PLACE_MIN 65536
#define MEMBERS_HOLD_SCRATCH (sizeof(struct sort_span) <= 2 * sizeof(size_t) && \
			      _Alignof(struct sort_span) <= _Alignof(size_t))

/* Objects of one kind often come again with the same keys in the same
 * order (twitter.json's 100 "user" objects): the order found for a few of
 * them is remembered by a hash of their keys' prefixes, tried on the next
 * object that hashes alike, and kept if it puts that one's keys strictly
 * in order (or equal keys in their input order), else the object is
 * sorted.  On twitter.json this took the Ir of -S from 23.3M to 22.4M. */
#define SHAPE_SLOTS 64
#define SHAPE_MAX 64            /* members, at most */

struct sort_shape {
	uint64_t hash;
	size_t n;
	unsigned char order[SHAPE_MAX];
};

/* The shape hash takes each prefix in turn, where the prefixes are found
 * (sort_members()), rather than in a loop of its own. */
#define SHAPE_MIX 0x9e3779b97f4a7c15ULL

static inline uint64_t shape_step(uint64_t h, uint64_t prefix)
{
	return (h ^ prefix) * SHAPE_MIX;
}

static inline uint64_t shape_final(uint64_t h)
{
	return h ^ h >> 29;
}

/* Whether v[0..n) taken in the order remembered for `slot` is sorted. */
static int shape_fits(const struct sort_keys *k, const struct sort_shape *slot,
		      const struct sort_span *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		const struct sort_span *a = &v[slot->order[i - 1]], *b = &v[slot->order[i]];
		int c = compare_spans(k, a, b);
		if (c > 0 || (c == 0 && a->start > b->start))
			return 0;
	}
	return 1;
}

/* Sort v[0..n) (members' indices and prefixes, of shape hash h), by the
 * order remembered for objects that hash alike when it fits.  Returns
 * that order, the members' indices in sorted order, with v left as it
 * was: checked in place and not copied, it cost 0.12M Ir less of -S on
 * twitter.json, whose objects mostly go back into the capture
 * (rewrite()) in it.  Else v is sorted, and NULL returned. */
static const unsigned char *sort_shaped(struct sorter *s, const struct sort_keys *k,
					struct sort_span *v, size_t n, uint64_t h)
{
	if (n > SHAPE_MAX || n > s->scratch_cap) {
		sort_spans(k, v, n, s->scratch);
		return NULL;
	}
	if (!s->shapes)
		s->shapes = calloc(SHAPE_SLOTS, sizeof *s->shapes);
	struct sort_shape *slot = s->shapes ? &s->shapes[h % SHAPE_SLOTS] : NULL;
	if (slot && slot->hash == h && slot->n == n && shape_fits(k, slot, v, n))
		return slot->order;
	sort_spans(k, v, n, s->scratch);
	if (!slot)
		return NULL;
	slot->hash = h;
	slot->n = n;
	for (size_t i = 0; i < n; i++)
		slot->order[i] = (unsigned char)v[i].start;
	return NULL;
}

/* The prefix of the key at `at`, which may be read up to the capture's
 * end. */
static inline uint64_t prefix_at(const struct sorter *s, size_t at)
{
	const unsigned char *key = key_at(s, at);

	return key_prefix(key, capture_end(s));
}

/* Whether the object at `fr`, members m[0..n) ending at `end`, may be
 * rewritten in place (SORT_REWRITE_MAX), into a buffer that is there. */
static int may_rewrite(struct sorter *s, const struct sort_frame *fr, const size_t *m,
		       size_t end)
{
	size_t size = end - m[0];

	if (s->comments || s->nrecords != fr->first_record || size > SORT_REWRITE_MAX ||
	    fr->moved > size)
		return 0;
	if (!s->rewrite)
		s->rewrite = malloc(SORT_REWRITE_MAX);
	return s->rewrite != NULL;
}

/* Most members are short: copied without a call. */
static inline void copy_run(char *d, const char *p, size_t n)
{
	if (FB_LIKELY(n <= FBUFFER_COPY_WIDTH))
		fbuffer_copy_small(d, p, n);
	else
		memcpy(d, p, n);
}

/* The index of the member that goes i-th: from the remembered `order`, if
 * sort_shaped() gave one, else from the sorted v. */
static inline size_t nth_member(const unsigned char *order, const struct sort_span *v, size_t i)
{
	return order ? order[i] : v[i].start;
}

/* Rewrite the members m[0..n), ending at `end`, in place in the order of
 * nth_member(): the separator before each later member stays where it
 * is, as all are alike. */
static inline __attribute__((always_inline)) void
rewrite_in(struct sorter *s, const struct sort_frame *fr, const size_t *m, size_t n,
	   const unsigned char *order, const struct sort_span *v, size_t end)
{
	char *c = s->capture.ptr, *d = s->rewrite;
	const size_t sep_len = fr->sep_len;    /* (not read again after a copy) */
	const char *sep = c + m[1] - sep_len;

	for (size_t i = 0; i < n; i++) {
		size_t k = nth_member(order, v, i);
		size_t e = k + 1 < n ? m[k + 1] - sep_len : end;
		if (i > 0) {
			copy_run(d, sep, sep_len);
			d += sep_len;
		}
		copy_run(d, c + m[k], e - m[k]);
		d += e - m[k];
	}
	memcpy(c + m[0], s->rewrite, end - m[0]);
}

/* rewrite_in(), compiled for each source of the order, so that no member
 * tests which it is. */
static void rewrite(struct sorter *s, const struct sort_frame *fr, const size_t *m, size_t n,
		    const unsigned char *order, const struct sort_span *v, size_t end)
{
	if (order)
		rewrite_in(s, fr, m, n, order, NULL, end);
	else
		rewrite_in(s, fr, m, n, NULL, v, end);
}

/* The first step of sort_members() for an object some of whose members'
 * prefixes were not noted (a giant one: SORT_PREFIXES_MAX): each member's
 * span in v, its prefix found here when it is not in known[0..noted).
 * Returns the shape hash. */
static __attribute__((noinline)) uint64_t
take_unnoted(const struct sorter *s, struct sort_span *v, const size_t *m,
	     const struct sort_note *nt, int in_place, size_t n,
	     const uint64_t *known, size_t noted)
{
	uint64_t h = n;

	for (size_t i = 0; i < n; i++) {
		uint64_t prefix = i < noted ? known[i] : SORT_PREFIX_UNKNOWN;
		if (prefix == SORT_PREFIX_UNKNOWN)
			prefix = prefix_at(s, key_of(m, nt, i));
		v[i] = (struct sort_span){ in_place ? m[i] : i, prefix };
		h = shape_step(h, prefix);
	}
	return h;
}

/* The spans are sorted with their keys' prefixes and their members'
 * indices (in the largest objects, their keys' offsets), and are given
 * their members' starts and lengths for a record. */
int sort_members(struct sorter *s, struct sort_frame *fr, size_t *m, size_t n)
{
	const struct sort_note *nt = s->comments ? s->notes + fr->first_member : NULL;
	const int in_place = MEMBERS_HOLD_SCRATCH && n >= MERGE_IN_PLACE_MIN && !nt;
	const size_t nspans = n + (nt ? 1 : 0);        /* and the comma's move */
	const size_t last_end = fr->tail != SORT_NO_TAIL ? fr->tail : s->capture.len;
	size_t i;

	struct sort_span *spans = s->spans;
	if (s->nspans + nspans > s->spans_cap)
		spans = grow_array(s->spans, &s->spans_cap, s->nspans + nspans, sizeof *spans);
	if (!spans) {
		return -1;
	}
	s->spans = spans;
	struct sort_span *v = s->spans + s->nspans;
	struct sort_keys keys = { s, in_place ? NULL : m, nt };
	const size_t noted = sorter_prefixes_noted(s, fr->first_member);
	const uint64_t *known = noted ? s->prefixes + fr->first_member : NULL;
	uint64_t h = n;
	if (FB_UNLIKELY(noted < n)) {
		h = take_unnoted(s, v, m, nt, in_place, n, known, noted);
	} else {
		for (i = 0; i < n; i++) {
			uint64_t prefix = known[i];
			if (FB_UNLIKELY(prefix == SORT_PREFIX_UNKNOWN))
				prefix = prefix_at(s, key_of(m, nt, i));
			v[i] = (struct sort_span){ in_place ? m[i] : i, prefix };
			h = shape_step(h, prefix);
		}
	}
	for (i = 1; i < n && compare_spans(&keys, &v[i - 1], &v[i]) <= 0; i++)
		;
	if (i == n)
		return 0;       /* in order already */
	/* half the members for merging; all of them, when few, for shapes */
	size_t want = n <= SHAPE_MAX ? n : n / 2 + 1;
	if (!in_place && want > s->scratch_cap) {
		struct sort_span *scratch = grow_array(s->scratch, &s->scratch_cap, want,
						       sizeof *scratch);
		if (!scratch) {
			return -1;
		}
		s->scratch = scratch;
	}
	size_t first = m[0], sep_more = m[1] - fr->sep_len;
	if (in_place) {
		sort_spans(&keys, v, n, (struct sort_span *)(void *)m);
		for (i = 0; i < n; i++)
			m[i] = v[i].start;
		sort_offsets(m, n);
		for (i = 0; i < n; i++)
			v[i].start = member_index(m, n, v[i].start);
	} else {
		const unsigned char *order = sort_shaped(s, &keys, v, n, shape_final(h));
		if (may_rewrite(s, fr, m, last_end)) {
			rewrite(s, fr, m, n, order, v, last_end);
			fr->moved += last_end - m[0];
			return 0;
		}
		if (order) {            /* v in that order */
			struct sort_span *tmp = s->scratch;
			for (i = 0; i < n; i++)
				tmp[i] = v[order[i]];
			memcpy(v, tmp, n * sizeof *v);
		}
	}
	struct sort_record *records = s->records;
	if (s->nrecords == s->records_cap)
		records = grow_array(s->records, &s->records_cap, s->nrecords + 1,
				     sizeof *records);
	if (!records) {
		return -1;
	}
	s->records = records;
	size_t written_last = n - 1;
	for (i = 0; i < n; i++) {
		size_t k = v[i].start;
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
	return 0;
}

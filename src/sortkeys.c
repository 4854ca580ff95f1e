/* sortkeys.c - objects captured whole and written out with their members
 * in key order.  See sortkeys.h. */
#include "sortkeys.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

struct sort_member {
	size_t sep;             /* offset in capture of the separator before it */
	size_t start;           /* offset of "key": value in capture */
	size_t key_off, key_len;/* the decoded key in sorter.keys */
	size_t len;             /* filled in when the object closes */
	const unsigned char *key;
	size_t index;           /* input order, to keep duplicates stable */
	size_t body, comma;     /* sorter_comma(): its own text's length and
				 * its comma's; body is 0 without a call */
};

struct sort_frame {
	size_t first_member;    /* index of the object's first member */
	size_t region_start;    /* where its members start in capture */
};

/* A captured object whose members came out of order.  Its bytes stay where
 * they are in capture; only the order is noted, and the outermost object
 * writes everything out once, following these notes, so that the work
 * stays linear however deep objects nest. */
struct sort_span {
	size_t start, len;      /* in capture */
	size_t body, comma;     /* as in sort_member, for a member */
};

struct sort_record {
	size_t start, end;      /* its members' region in capture */
	size_t first_span;      /* its members' "key": value, in sorted order, */
	size_t nspans;          /* in sorter.spans */
	struct sort_span sep_first; /* the separator before the first member */
	struct sort_span sep_more;  /* and before each later one, as captured */
	struct sort_span comma;     /* a comma from sorter_comma(), if any */
};

/* A step of writing out the capture: a range (in which recorded objects
 * are replaced by their sorted members), a range as it is, or a record. */
struct emit_task {
	enum { EMIT_RANGE, EMIT_RAW, EMIT_RECORD } kind;
	size_t start, end;      /* the range, or the record's index */
};

void sorter_init(struct sorter *s)
{
	memset(s, 0, sizeof *s);
	fbuffer_init_mem(&s->capture);
	fbuffer_init_mem(&s->keys);
}

void sorter_release(struct sorter *s)
{
	free(s->members);
	free(s->frames);
	free(s->records);
	free(s->spans);
	free(s->tasks);
	fbuffer_release(&s->capture);
	fbuffer_release(&s->keys);
}

void sorter_reset(struct sorter *s)
{
	s->capture.len = s->keys.len = 0;
	s->nmembers = s->nframes = s->nrecords = s->nspans = 0;
}

struct fbuffer *sorter_open(struct sorter *s)
{
	s->frames = xgrow_array(s->frames, &s->frames_cap, s->nframes + 1, sizeof *s->frames);
	struct sort_frame *fr = &s->frames[s->nframes++];
	fr->first_member = s->nmembers;
	fr->region_start = s->capture.len;
	return &s->capture;
}

void sorter_member(struct sorter *s, const unsigned char *key, size_t len, size_t sep)
{
	s->members = xgrow_array(s->members, &s->members_cap, s->nmembers + 1,
				 sizeof *s->members);
	struct sort_member *m = &s->members[s->nmembers];
	m->sep = sep;
	m->start = s->capture.len;
	m->key_off = s->keys.len;
	m->key_len = len;
	m->index = s->nmembers++;
	m->body = m->comma = 0;
	fbuffer_append(&s->keys, (const char *)key, len);
}

void sorter_comma(struct sorter *s, size_t at, size_t len)
{
	struct sort_member *m = &s->members[s->nmembers - 1];

	m->body = at - m->start;
	m->comma = len;
}

static int compare_members(const void *a, const void *b)
{
	const struct sort_member *x = a, *y = b;
	size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
	int c = memcmp(x->key, y->key, n);

	if (c != 0)
		return c;
	if (x->key_len != y->key_len)
		return x->key_len < y->key_len ? -1 : 1;
	return x->index < y->index ? -1 : 1;
}

/* Measure the members and say whether they are in order already. */
static int members_sorted(struct sorter *s, struct sort_member *m, size_t n)
{
	int sorted = 1;

	for (size_t i = 0; i < n; i++) {
		m[i].len = (i + 1 < n ? m[i + 1].sep : s->capture.len) - m[i].start;
		m[i].key = (const unsigned char *)s->keys.ptr + m[i].key_off;
		if (i > 0 && sorted && compare_members(&m[i - 1], &m[i]) > 0)
			sorted = 0;
	}
	return sorted;
}

/* Note the sorted order of an object whose members are out of order. */
static void sort_record(struct sorter *s, const struct sort_frame *fr,
			struct sort_member *m, size_t n)
{
	s->records = xgrow_array(s->records, &s->records_cap, s->nrecords + 1,
				 sizeof *s->records);
	struct sort_record *r = &s->records[s->nrecords++];
	r->start = fr->region_start;
	r->end = s->capture.len;
	r->sep_first = (struct sort_span){ .start = m[0].sep, .len = m[0].start - m[0].sep };
	r->sep_more = (struct sort_span){ .start = m[1].sep, .len = m[1].start - m[1].sep };
	r->comma = (struct sort_span){ .start = m[0].start + m[0].body, .len = m[0].comma };

	qsort(m, n, sizeof *m, compare_members);
	s->spans = xgrow_array(s->spans, &s->spans_cap, s->nspans + n, sizeof *s->spans);
	r->first_span = s->nspans;
	r->nspans = n;
	for (size_t i = 0; i < n; i++)
		s->spans[s->nspans++] = (struct sort_span){
			m[i].start, m[i].len, m[i].body, m[i].comma,
		};
}

static int compare_records(const void *a, const void *b)
{
	const struct sort_record *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The first record that starts at or after `at` (records sorted by start). */
static size_t record_from(const struct sorter *s, size_t at)
{
	size_t lo = 0, hi = s->nrecords;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->records[mid].start < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void push_task(struct sorter *s, size_t *n, int kind, size_t start, size_t end)
{
	s->tasks = xgrow_array(s->tasks, &s->tasks_cap, *n + 1, sizeof *s->tasks);
	s->tasks[(*n)++] = (struct emit_task){ kind, start, end };
}

/* Write capture[start, end) to `out` with each recorded object's members in
 * their sorted order.  Records nest like the objects; the first that starts
 * inside a range lies wholly inside it.  An explicit stack instead of
 * recursion, as nesting is limited only by memory. */
static void sort_emit(struct sorter *s, struct fbuffer *out, size_t start, size_t end)
{
	const char *text = s->capture.ptr;
	size_t ntasks = 0;

	if (s->nrecords > 1)    /* (qsort may not be given a null array) */
		qsort(s->records, s->nrecords, sizeof *s->records, compare_records);
	push_task(s, &ntasks, EMIT_RANGE, start, end);
	while (ntasks > 0) {
		struct emit_task t = s->tasks[--ntasks];
		if (t.kind == EMIT_RECORD) {
			const struct sort_record *r = &s->records[t.start];
			const struct sort_span *sp = s->spans + r->first_span;
			for (size_t i = r->nspans; i-- > 0; ) {
				const struct sort_span *sep = i ? &r->sep_more : &r->sep_first;
				size_t end = sp[i].start + sp[i].len;
				if (sp[i].body) {       /* comma, then the rest */
					size_t body = sp[i].start + sp[i].body;
					push_task(s, &ntasks, EMIT_RANGE, body + sp[i].comma, end);
					if (i + 1 < r->nspans)
						push_task(s, &ntasks, EMIT_RAW, r->comma.start,
							  r->comma.start + r->comma.len);
					end = body;
				}
				push_task(s, &ntasks, EMIT_RANGE, sp[i].start, end);
				push_task(s, &ntasks, EMIT_RAW, sep->start, sep->start + sep->len);
			}
			continue;
		}
		size_t k = t.kind == EMIT_RANGE ? record_from(s, t.start) : s->nrecords;
		/* Without a separator (compact), an object's first member starts
		 * where the object's record does: that record is not inside. */
		if (k < s->nrecords && s->records[k].start == t.start && s->records[k].end > t.end)
			k++;
		if (k < s->nrecords && s->records[k].start < t.end) {
			fbuffer_append(out, text + t.start, s->records[k].start - t.start);
			push_task(s, &ntasks, EMIT_RANGE, s->records[k].end, t.end);
			push_task(s, &ntasks, EMIT_RECORD, k, 0);
		} else {
			fbuffer_append(out, text + t.start, t.end - t.start);
		}
	}
}

int sorter_close(struct sorter *s, struct fbuffer *out)
{
	struct sort_frame fr = s->frames[--s->nframes];
	size_t n = s->nmembers - fr.first_member;

	if (n > 0) {
		struct sort_member *m = s->members + fr.first_member;
		s->keys.len = m[0].key_off;
		if (!members_sorted(s, m, n))
			sort_record(s, &fr, m, n);
	}
	s->nmembers = fr.first_member;
	if (s->nframes > 0)
		return 0;
	sort_emit(s, out, fr.region_start, s->capture.len);
	s->capture.len = fr.region_start;
	s->nrecords = s->nspans = 0;
	return 1;
}

/* sortkeys.c - the capture of objects whose keys are sorted, and the order
 * of their members; sortemit.c writes the capture out.  See sortkeys.h. */
#include "sort/sortkeys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "text/keyorder.h"
#include "sort/sortemit.h"
#include "sort/sortorder.h"

void sorter_init(struct sorter *s, const struct layout_style *style, int comments)
{
	memset(s, 0, sizeof *s);
	fbuffer_init_mem(&s->capture);
	s->style = style;
	s->indent = style->indent;
	s->comments = comments;
}

/* Free the arrays of members and records, and leave them empty. */
static void free_arrays(struct sorter *s)
{
	free(s->members);
	free(s->prefixes);
	free(s->notes);
	free(s->frames);
	free(s->records);
	free(s->spans);
	free(s->scratch);
	s->members = NULL;
	s->prefixes = NULL;
	s->notes = NULL;
	s->frames = NULL;
	s->records = NULL;
	s->spans = s->scratch = NULL;
	s->members_cap = s->members_alloc = s->prefixes_alloc = 0;
	s->notes_cap = s->frames_cap = 0;
	s->records_cap = s->spans_cap = s->scratch_cap = 0;
}

void sorter_release(struct sorter *s)
{
	free_arrays(s);
	free(s->tasks);
	free(s->rewrite);
	free(s->shapes);
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
static void sorter_overflow(struct sorter *s)
{
	s->overflow = 1;
	drop_capture(s);
	fbuffer_release(&s->capture);
	fbuffer_init_mem(&s->capture);
	free_arrays(s);
	s->nmembers = s->nrecords = s->nspans = 0;
}

/* A capture that outgrows its first block goes straight to this size,
 * which malloc() maps on its own: growing it further is then a remap, not
 * a copy.  Doubling from 4 KiB copied 280K bytes on twitter.json, 1.3% of
 * the Ir of -S. */
#define SORT_CAPTURE_GROWN ((size_t)256 * 1024)

/* Room for a quarter more in the capture, or sorter_overflow(): returns 0 then.
 * (The capture is an in-memory fbuffer; growing it here, where failure can
 * be survived, leaves fbuffer little to grow.) */
static int capture_headroom(struct sorter *s)
{
	struct fbuffer *c = &s->capture;

	if (FB_LIKELY(c->cap - c->len >= c->cap / SORT_CAPTURE_SLACK))
		return 1;
	size_t cap = c->cap < SORT_CAPTURE_GROWN / 2 ? SORT_CAPTURE_GROWN : 2 * c->cap;
	char *p = c->cap <= SIZE_MAX / 2 ? realloc(c->ptr, cap) : NULL;
	if (!p) {
		sorter_overflow(s);
		return 0;
	}
	c->ptr = p;
	c->cap = cap;
	return 1;
}

struct fbuffer *sorter_open(struct sorter *s)
{
	struct sort_frame *frames = NULL;

	if (!s->overflow)
		frames = grow_array(s->frames, &s->frames_cap, s->nframes + 1, sizeof *frames);
	if (!frames) {
		if (!s->overflow)
			sorter_overflow(s);
		drop_capture(s);
		s->nframes++;
		return &s->capture;
	}
	s->frames = frames;
	struct sort_frame *fr = &s->frames[s->nframes++];
	fr->first_member = s->nmembers;
	fr->region_start = s->capture.len;
	fr->sep_len = 0;
	fr->tail = SORT_NO_TAIL;
	fr->first_record = s->nrecords;
	fr->moved = 0;
	s->second_member = fr->first_member + 1;
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
	sorter_member_at(s, sep, s->capture.len);
}

void sorter_member_slow(struct sorter *s, size_t sep, size_t key)
{
	if (s->overflow || !capture_headroom(s)) {
		drop_capture(s);
		return;
	}
	if (FB_UNLIKELY(s->nmembers >= s->members_cap)) {
		size_t *m = grow_array(s->members, &s->members_alloc, s->nmembers + 1, sizeof *m);
		if (!m) {
			sorter_overflow(s);
			return;
		}
		s->members = m;
		if (s->nmembers < SORT_PREFIXES_MAX) {
			uint64_t *p = grow_array(s->prefixes, &s->prefixes_alloc, s->nmembers + 1,
						 sizeof *p);
			if (!p) {
				sorter_overflow(s);
				return;
			}
			s->prefixes = p;
		}
		/* (with comments every member comes here, for its notes) */
		s->members_cap = s->comments ? 0 : s->members_alloc < s->prefixes_alloc ?
			s->members_alloc : s->prefixes_alloc;
	}
	if (s->comments) {
		struct sort_note *nt = grow_array(s->notes, &s->notes_cap, s->nmembers + 1,
						  sizeof *nt);
		if (!nt) {
			sorter_overflow(s);
			return;
		}
		s->notes = nt;
		nt[s->nmembers] = (struct sort_note){ key, key };
	}
	size_t i = sorter_note_member(s, sep, key);
	if (i < s->prefixes_alloc)      /* else past the prefixes noted */
		s->prefixes[i] = SORT_PREFIX_UNKNOWN;
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

int sorter_close(struct sorter *s, struct fbuffer *out)
{
	if (!s->overflow) {
		struct sort_frame fr = s->frames[s->nframes - 1];
		size_t n = s->nmembers - fr.first_member;
		if (n > 1)
			if (sort_members(s, &fr, s->members + fr.first_member, n) < 0)
				sorter_overflow(s);
		if (!s->overflow) {
			s->nframes--;
			s->nmembers = fr.first_member;
			if (s->nframes > 0) {
				s->frames[s->nframes - 1].moved += fr.moved;
				s->second_member = s->frames[s->nframes - 1].first_member + 1;
				return 0;
			}
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

/* sorter.h - the sorter's data: the capture, the open objects and
 * members, and what is noted of the objects put in order.  Its code is
 * sortkeys.c (the capture: sortkeys.h is its interface), sortorder.c
 * (putting a closing object's members in order: sortorder.h) and
 * sortemit.c (writing the capture out: sortemit.h); the two lower ones
 * know this header and nothing of sortkeys.h.
 */
#ifndef JFMT_SORTER_H
#define JFMT_SORTER_H

#include <stddef.h>
#include <stdint.h>

#include "base/fbuffer.h"
#include "style/style.h"

/* In the capture, a newline is followed by its depth, seven bits a byte,
 * low bits first, the high bit set on all but the last byte.  With no
 * indentation there is nothing to note, and a newline stands for itself.
 * Every newline byte in the capture starts a mark: text that holds one of
 * its own goes in through sorter_text(). */
#define SORT_MARK_NEWLINE '\n'
#define SORT_DEPTH_BITS 7
#define SORT_DEPTH_MORE 0x80
#define SORT_MARK_MAX (2 + (sizeof(size_t) * 8 + SORT_DEPTH_BITS - 1) / SORT_DEPTH_BITS)

/* The prefixes of at most about this many open members are noted (the
 * array may round up to twice it); later members' prefixes are found when
 * their object closes.  So a giant object takes 24 bytes a member in the
 * arrays, as without the prefixes, and stays within -S's memory bound. */
#define SORT_PREFIXES_MAX 4096

/* The capture is grown ahead of need, at each member, when less than
 * 1/SORT_CAPTURE_SLACK of it is free: running out of memory is then found
 * where it can be survived (sorter_overflow()), rarely in the middle of a
 * write. */
#define SORT_CAPTURE_SLACK 4

/* A key's prefix not known when its member is noted, found when its object
 * closes: no prefix is this, as no byte of UTF-8 (or WTF-8) is 0xff. */
#define SORT_PREFIX_UNKNOWN UINT64_MAX

/* An object whose members come out of order is rewritten in place, in
 * sorted order, when it spans at most this many bytes, holds no record
 * (below), and no more bytes inside it were rewritten than it spans: then
 * no byte is moved more than twice in all, however deep objects nest.
 * Writing out the members of a record costs a step each, where the bytes
 * of a rewritten object are copied out in one run.  On twitter.json 665 of
 * the 755 objects out of order are rewritten (79 hold more rewritten bytes
 * than they span, 10 a record, and one spans 500 KB): that took the Ir of
 * writing the capture out (sort_emit()) from 4.7M to 1.7M, and of -S as a
 * whole, the rewriting included, from 25.0M to 22.4M. */
#define SORT_REWRITE_MAX 65536

#define SORT_NO_TAIL SIZE_MAX

/* With comments, alongside each open member's start: where its key
 * starts (after the comments before it) and where its comma is. */
struct sort_note {
	size_t key, comma;
};

/* A captured object whose members came out of order.  Its bytes stay where
 * they are in capture; only the order is noted, and the outermost object
 * writes everything out once, following these notes, so that the work
 * stays linear however deep objects nest. */
struct sort_span {
	size_t start;           /* in capture */
	uint64_t len;           /* its length; while sorting, its key_prefix() */
};

/* With comments (sorter.comments), a record's spans are followed by one
 * more, which moves the comma: the member written last loses its comma,
 * `start` (sorter.comma_len bytes), and the member that came last gains a
 * copy of it at `len`, where it ends its value; both are SORT_NO_COMMA
 * when the member that came last is written last. */
#define SORT_NO_COMMA SIZE_MAX

struct sort_record {
	size_t start, end;      /* its members' region in capture (what
				 * follows, up to its closing bracket, is
				 * its tail: sorter_tail()) */
	size_t first_span;      /* its members' "key": value, in sorted order, */
	size_t nspans;          /* in sorter.spans */
	struct sort_span sep_first; /* the separator before the first member */
	struct sort_span sep_more;  /* and before each later one, as captured */
	size_t inner_end;       /* when written out: records[k + 1, inner_end)
				 * lie inside this one (records[k]) */
};

/* A step of writing out the capture: a range (in which recorded objects,
 * among records[lo, hi), are replaced by their sorted members), or a
 * record's members from the one at `end` in sorted order on.  Tasks stay as
 * few as the depth of nesting: a record's members are taken one at a time. */
struct emit_task {
	enum { EMIT_RANGE, EMIT_RECORD } kind;
	size_t start, end;      /* the range, or the record's index and member */
	size_t lo, hi;          /* the records that may lie in the range */
};

struct sort_shape;      /* sortorder.c's */

/* An open object being captured (sortkeys.c). */
struct sort_frame {
	size_t first_member;    /* index of the object's first member */
	size_t region_start;    /* where its members start in capture */
	size_t sep_len;         /* the separator before each later member */
	size_t tail;            /* sorter_tail(), or SORT_NO_TAIL */
	size_t first_record;    /* sorter.nrecords when it opened */
	size_t moved;           /* bytes inside it rewritten in place */
};

struct sorter {
	struct fbuffer capture;         /* the outermost open object's members */
	size_t indent;                  /* indentation per level, in bytes */
	const struct layout_style *style; /* the line breaks written out */
	size_t *members;                /* open objects' members: where each
					 * starts (after its separator) */
	uint64_t *prefixes;             /* and its key's key_prefix(), or
					 * SORT_PREFIX_UNKNOWN, for the first
					 * prefixes_alloc of them */
	size_t nmembers;
	size_t members_cap;             /* members sorter_member_quick() can
					 * take: the smaller allocation */
	size_t members_alloc, prefixes_alloc;
	int comments;                   /* sorter_key() and sorter_comma() come */
	struct sort_note *notes;        /* with comments: each open member's key
					 * and comma, alongside members */
	size_t notes_cap;
	size_t comma_len;               /* the comma as written (and coloured) */
	struct sort_frame *frames;      /* the open objects */
	size_t nframes, frames_cap;
	size_t second_member;           /* the innermost one's second member:
					 * the separators of later members are
					 * noted from it */
	struct sort_record *records;    /* captured objects out of order */
	size_t nrecords, records_cap;
	struct sort_span *spans;        /* their members, in sorted order */
	size_t nspans, spans_cap;
	struct sort_span *scratch;      /* for merging while sorting */
	size_t scratch_cap;
	struct sort_shape *shapes;      /* orders found, for objects alike */
	char *rewrite;                  /* SORT_REWRITE_MAX bytes, for objects
					 * put in order in place */
	struct emit_task *tasks;        /* writing the capture out */
	size_t tasks_cap;
	int overflow;                   /* memory ran out: keeping nothing */
	unsigned long long dropped;     /* bytes captured and then dropped */
};

/** The number of members from `first` on whose prefixes are noted. */
static inline size_t sorter_prefixes_noted(const struct sorter *s, size_t first)
{
	return first < s->prefixes_alloc ? s->prefixes_alloc - first : 0;
}

#endif

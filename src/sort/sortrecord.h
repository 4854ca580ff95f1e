/* sortrecord.h - what the sorter (sortkeys.c) notes about the objects it
 * reorders, how it orders a closing object's members (sortorder.c), and
 * how it writes its capture out (sortemit.c).  Private to those three
 * files; see sortkeys.h for the capture itself.
 */
#ifndef JFMT_SORTRECORD_H
#define JFMT_SORTRECORD_H

#include <stddef.h>
#include <stdint.h>

#include "base/fbuffer.h"
#include "sort/sortkeys.h"

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

/* Indentation is copied from one prebuilt run of this many bytes after
 * the newline; deeper levels append more. */
#define SORT_INDENT_RUN 1024

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

/**
 * The object open at `fr`, with members starting at m[0..n), n > 1, in
 * capture, closes: put its members in key order, rewritten in place or
 * noted in a record, and add to fr->moved what was rewritten.  When memory
 * runs out, it calls sorter_overflow() instead.
 */
void sort_members(struct sorter *s, struct sort_frame *fr, size_t *m, size_t n);

/** Memory ran out: drop everything held (sortkeys.c). */
void sorter_overflow(struct sorter *s);

/**
 * Write capture[start, end) to `out`: each newline mark as the newline and
 * indentation it stands for, and each recorded object's members in their
 * sorted order.
 */
void sort_emit(struct sorter *s, struct fbuffer *out, size_t start, size_t end);

#endif

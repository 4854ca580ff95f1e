/* sortkeys.h - --sort-keys: objects written with their members in key
 * order.
 *
 * An object whose keys are sorted, and everything inside it, is written to
 * a capture buffer until it closes; then the capture is copied to the real
 * output with each object's members in order.  The formatter lays out the
 * members as usual, into sorter_open()'s buffer, and tells the sorter where
 * each member starts; the sorter moves bytes, and knows nothing of layout.
 *
 * Keys compare by their bytes (UTF-8, so in code point order); equal keys
 * keep their input order.  An object whose keys already come in order (and
 * every one-member object) stays as it is, which keeps deep nesting linear.
 */
#ifndef JFMT_SORTKEYS_H
#define JFMT_SORTKEYS_H

#include <stddef.h>

#include "fbuffer.h"

struct sort_member;
struct sort_frame;
struct sort_record;
struct sort_span;
struct emit_task;

struct sorter {
	struct fbuffer capture;         /* the outermost open object's members */
	struct fbuffer keys;            /* decoded keys of the open objects */
	struct sort_member *members;
	size_t nmembers, members_cap;
	struct sort_frame *frames;      /* the open objects */
	size_t nframes, frames_cap;
	struct sort_record *records;    /* captured objects out of order */
	size_t nrecords, records_cap;
	struct sort_span *spans;        /* their members, in sorted order */
	size_t nspans, spans_cap;
	struct emit_task *tasks;        /* writing the capture out */
	size_t tasks_cap;
};

/** Set up an empty sorter; free it with sorter_release(). */
void sorter_init(struct sorter *s);
void sorter_release(struct sorter *s);

/** Forget any open objects (after a parse error). */
void sorter_reset(struct sorter *s);

/**
 * An object opens.  Returns the buffer to write its members (and all they
 * hold) to until the outermost open object closes.
 */
struct fbuffer *sorter_open(struct sorter *s);

/**
 * A member of the innermost open object: its separator was written to the
 * capture from offset `sep`, and its key, `key[0..len)` decoded, is written
 * next.
 */
void sorter_member(struct sorter *s, const unsigned char *key, size_t len, size_t sep);

/**
 * With comments in the output: the innermost open object's last member
 * ends at offset `at` of the capture, where `len` bytes of its comma start
 * (0 for the last member); what follows up to the next member's separator
 * ends its line (a comment).  Written out of order, a member gets the
 * comma there only when another follows it.  Without calls to this, each
 * separator holds the comma.
 */
void sorter_comma(struct sorter *s, size_t at, size_t len);

/**
 * The innermost open object closes (its closing bracket is not written
 * yet).  When it is the outermost, the capture is written to `out` in
 * sorted order and 1 is returned: write to `out` again from now on.
 */
int sorter_close(struct sorter *s, struct fbuffer *out);

/** Bytes held in the capture now. */
static inline size_t sorter_captured(const struct sorter *s)
{
	return s->capture.len;
}

#endif

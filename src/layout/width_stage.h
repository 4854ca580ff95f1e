/* width_stage.h - --width with --sort-keys: the sorted order decides the
 * width.  Each outermost object is first laid out by a formatter of its
 * own (the stage), compact and sorted, into memory; its text is then
 * parsed again, in sorted order, into the --width callbacks.  Memory is
 * that of --sort-keys: the largest object, a few times over.  Private to
 * width_format.c.
 */
#ifndef JFMT_WIDTH_STAGE_H
#define JFMT_WIDTH_STAGE_H

#include "layout/format.h"

struct width_stage {
	struct format_options opt;      /* compact and sorted */
	struct feed_hooks hooks;        /* the stage's, passing on to: */
	const struct feed_hooks *outer; /* the reader's */
	struct formatter fmt;
	const yajl_callbacks *cbs;      /* fmt's */
	const yajl_callbacks *replay;   /* --width's, for the sorted text */
	int replaying;                  /* the stage's text is being parsed */
	struct feed_hooks replay_hooks; /* f's while it is, passing on to
					 * outer but for raw_string */
	yajl_handle replay_handle;      /* the parse of the stage's text */
};

/**
 * The stage for f's options, passing on to f's hooks, or NULL without
 * --sort-keys: each sorted object's text is parsed again into `replay`,
 * the --width callbacks, with f.  Free it with width_stage_free().
 */
struct width_stage *width_stage_new(struct formatter *f, const yajl_callbacks *replay);

/** Forget a half-sorted object (after a parse error). */
void width_stage_reset(struct width_stage *st);

/** Free `st` and what it holds; NULL is allowed. */
void width_stage_free(struct width_stage *st);

/** Whether f's events go to its stage: an object being sorted is open. */
static inline int width_staged(const struct formatter *f)
{
	return f->width_stage && f->width_stage->fmt.depth > 0;
}

/**
 * The stage has handled an event of f's (rc: yajl's "go on"); when its
 * object is complete, its text is parsed into the --width callbacks, with
 * f.  Returns yajl's "go on".
 */
int width_stage_done(struct formatter *f, int rc);

#endif

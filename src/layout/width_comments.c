/* width_comments.c - --width's comments placed, and the containers that
 * hold them expanded.  See width_comments.h. */
#include "layout/width_comments.h"

#include "layout/pieces.h"
#include "layout/placement.h"
#include "width/width.h"

/* Before an element (an array's value, a member's key) of the innermost
 * open container: its separator and the comments before it, if any are
 * written, with the containers around them expanded.  Sets *placed to
 * whether they were, and so its separator. */
static int element_comments(struct formatter *f, enum color_class cls, int member, int *placed)
{
	unsigned char *st = &f->state[f->depth];
	int more = *st & CONTAINER_MEMBERS;
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	*st |= CONTAINER_MEMBERS;
	*placed = place_writes(f, n, more);
	if (!*placed)
		return 1;
	width_expand_open(&f->width, 1);
	if (!place_element_of(f, more, cls, member, c, n))
		return 0;
	width_separated(&f->width);
	return 1;
}

/* Before a member's value: its key, from key_text, with the comments
 * between the two.  With none, the key goes to the layout engine as any
 * key; else they go where they stand (placement.h), with the containers
 * around them expanded, and the key follows, or precedes them. */
static int place_member_value(struct formatter *f)
{
	struct width *w = &f->width;
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	if (n == 0) {
		struct fbuffer *t = width_begin(w, WIDTH_KEY);
		fbuffer_append(t, f->key_text.ptr, f->key_text.len);
		f->key_text.len = 0;
		width_end(w, WIDTH_KEY, WIDTH_COUNT);
		return 1;
	}
	width_expand_open(w, 1);
	if (!f->width_separated &&
	    !place_separator(f, w->expanded[w->depth] & CONTAINER_MEMBERS, COLOR_OBJECT))
		return 0;
	size_t cols = width_text_columns(w, f->key_text.ptr, f->key_text.len);
	if (!place_after_key_of(f, c, n))
		return 0;
	width_separated(w);
	width_key_written(w, cols);
	return 1;
}

int width_place_value(struct formatter *f)
{
	int placed;

	if (f->depth == 0)
		return place_top(f);
	if (f->state[f->depth] & CONTAINER_OBJECT)
		return place_member_value(f);
	return element_comments(f, COLOR_ARRAY, 0, &placed);
}

int width_place_key(struct formatter *f)
{
	/* counted for progress (sink.progress): the key is not yet in the
	 * engine's columns */
	f->width.events++;
	return element_comments(f, COLOR_OBJECT, 1, &f->width_separated);
}

int width_place_close(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	if (n == 0)
		return 1;
	width_expand_open(&f->width, 0);
	if (!place_close_of(f, c, n))
		return 0;
	/* not { comment }: the bracket on a line of its own */
	if (f->state[f->depth] & CONTAINER_MEMBERS)
		width_close_apart(&f->width);
	return 1;
}

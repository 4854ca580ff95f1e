/* prettier_place.c - --style=prettier's engine placing a token with
 * nothing held: in the innermost expanded container (after its comma and
 * line break), or at the top level; a bracket begins a front there.  Its
 * shortcut for a key or a value of one token, place_quick(), stays in
 * prettier_tokens.c, inline in the entry that calls it (a call from here
 * cost twitter.json 2.5% more instructions).  See prettier_parts.h. */
#include "base/alloc.h"
#include "width/prettier_parts.h"

/* A token with nothing held: in the innermost expanded container, or at
 * the top level.  `at` is its index in tok[], if it is there. */
void prettier_place(struct prettier *p, const struct prettier_tok *t, const char *s, size_t at)
{
	struct prettier_level *l = p->depth ? &p->level[p->depth - 1] : NULL;

	if (t->kind == PRETTIER_CLOSE) {
		prettier_close_level(p);
		return;
	}
	if (l && l->numbers && !prettier_fills(t))
		prettier_one_a_line(p, l);
	if (l && l->numbers) {          /* held, to be filled */
		if (l->count++ == 0)
			l->fill_from = at;
		else if (p->out->hold_max && p->text.len > p->out->hold_max &&
			 at + 1 == p->ntok && t->kind == PRETTIER_NUMBER)
			prettier_fill_bounded(p, l);
		return;
	}
	if (t->kind == PRETTIER_TRAILING) {
		prettier_put_trailing(p, t, s);
		return;
	}
	if (t->kind == PRETTIER_DANGLING) {     /* its container is expanded */
		prettier_newline(p, p->depth);
		prettier_put_comment(p, t, s);
		return;
	}
	if (l && !p->after_key)
		prettier_begin_element(p, l, t->flags);
	switch (t->kind) {
	case PRETTIER_LEADING:
		prettier_put_leading(p, t, s, 0);
		p->after_key = 1;
		break;
	case PRETTIER_KEY:
		prettier_put(p, s, t->len, t->cols);
		if (t->flags & PRETTIER_BREAK_VALUE) {
			prettier_put(p, ":", 1, 1);
			p->level = xgrow_array(p->level, &p->level_cap, p->depth + 1,
					       sizeof *p->level);
			p->level[p->depth++] = (struct prettier_level){ .indent_only = 1 };
			prettier_newline(p, p->depth);
		} else {
			prettier_put(p, ": ", 2, 2);
		}
		p->after_key = 1;
		break;
	case PRETTIER_SCALAR:
	case PRETTIER_NUMBER:
		prettier_put(p, s, t->len, t->cols);
		p->after_key = 0;
		prettier_value_done(p);
		break;
	default:
		p->after_key = 0;
		prettier_start_front(p, t, at);
		break;
	}
}

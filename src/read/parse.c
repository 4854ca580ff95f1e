/* parse.c - feeding an input's reads to yajl: the rule between values,
 * RFC 7464 records, going on after an invalid value (the reports are in
 * parse_report.c, the hooks the consumer calls in parse_hooks.c).  See
 * parse.h. */
#include "read/parse.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "report/locate.h"
#include "report/parse_error.h"
#include "text/scan.h"
#include "read/skip.h"

void parser_init(struct parser *ps, int allow_comments, int keep_going)
{
	memset(ps, 0, sizeof *ps);
	ps->allow_comments = allow_comments;
	ps->keep_going = keep_going;
	ps->hooks = parser_hooks(ps);
	fbuffer_init_mem(&ps->raw);
	surrogates_init(&ps->lone);
	jsonc_init(&ps->jsonc);
}

void parser_release(struct parser *ps)
{
	surrogates_release(&ps->lone);
	fbuffer_release(&ps->raw);
	jsonc_release(&ps->jsonc);
	if (ps->h)
		yajl_free(ps->h);
	ps->h = NULL;
}

/* --- Parsers, and going on after an error --- */

/* A fresh parser, for an input, a record or after a skipped value. */
static void new_parser(struct parser *ps)
{
	if (ps->h)
		yajl_free(ps->h);
	ps->h = yajl_alloc(ps->sink.callbacks, &alloc_yajl, ps->sink.ctx);
	if (!ps->h)
		out_of_memory();
	/* One JSON text: what follows the value is yajl's "trailing
	 * garbage", reported in jfmt's words (parser_report_yajl()). */
	yajl_config(ps->h, yajl_allow_multiple_values, !ps->single);
	/* With --comments, yajl never sees one (jsonc.h). */
	/* Strings are checked, strictly, where they are written. */
	yajl_config(ps->h, yajl_dont_validate_strings, 1);
	ps->error = NULL;
}

/* The consumer drops what it made of the current value; whether the
 * strings ahead need their raw text is still for the reader to say. */
static void reset_sink(struct parser *ps)
{
	ps->sink.reset(ps->sink.ctx);
	ps->sink.set_raw_check(ps->sink.ctx, surrogates_pending(&ps->lone));
	ps->progress_from = ps->sink.progress(ps->sink.ctx);
}

int parser_skip(struct parser *ps)
{
	const struct window_part *cur = &ps->win->cur;

	ps->invalid = 1;
	if (!ps->keep_going && !ps->seq)
		return 0;
	ps->skipping = 1;
	reset_sink(ps);
	between_init(&ps->between, ps->allow_comments);
	if (ps->seq)
		return 1;       /* at the RS that ends this record */
	/* Go on at a line that begins after the error, and after the first
	 * byte of the value (which may be where the error is). */
	unsigned long long g = ps->error_at;
	if (ps->begun && g <= ps->begin)
		g = ps->begin + 1;
	if (g > cur->base + ps->feed_off && g <= cur->base + cur->len)
		ps->feed_off = (size_t)(g - cur->base);
	/* That line may have begun before this part: a value whose first
	 * token a read cut, which yajl has taken the first bytes of.  They
	 * are still in memory (a read that ends no token is kept whole, the
	 * one before it too) and go to the next parser again (again()). */
	ps->again = g < cur->base + ps->feed_off && skip_value_line(ps->win, g);
	ps->again_from = g;
	ps->skip_fresh = skip_line_starts(ps->win, cur->base + ps->feed_off);
	ps->skip_last = cur->base + ps->feed_off;
	return 1;
}

void parser_passed_over(struct parser *ps, unsigned long long g)
{
	if (!ps->seq)
		ps->skip_fresh = skip_line_starts(ps->win, g);
	ps->skip_last = g;
}

/* The comments before input offset g are dropped: they were inside a
 * skipped value. */
static void drop_comments(struct parser *ps, unsigned long long g)
{
	const struct sink_comment *c;

	if (ps->allow_comments)
		jsonc_queue_take(&ps->jsonc.queue, g, &c);
}

/* Go on at ps->again_from, before the current part: a new parser is
 * given the bytes from there up to the part, the start of a token (which
 * holds no comment), as they are in memory. */
static void again(struct parser *ps)
{
	const struct window *w = ps->win;
	unsigned long long g = ps->again_from, to = w->cur.base + ps->feed_off;

	ps->again = ps->skipping = 0;
	drop_comments(ps, g);
	new_parser(ps);
	ps->begun = 1;
	ps->begin = ps->top_end = g;
	while (g < to) {
		const struct window_part *part = g < w->cur.base ? &w->prev : &w->cur;
		size_t at = (size_t)(g - part->base);
		size_t n = part->len - at;
		if (n > to - g)
			n = (size_t)(to - g);
		yajl_parse(ps->h, part->p + at, n);
		g += n;
	}
}

/* text[from, o) was skipped.  The comments inside a skipped record, or
 * before the last token skipped, are dropped; those after it stay for
 * the value where parsing goes on. */
static void skipped(struct parser *ps, size_t from, size_t o)
{
	unsigned long long base = ps->win->cur.base;

	if (!ps->allow_comments)
		return;
	if (ps->seq) {
		drop_comments(ps, base + o);
		return;
	}
	for (size_t i = o; i > from; i--) {
		unsigned char c = ps->text[i - 1];
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
			ps->skip_last = base + i;
			break;
		}
	}
	drop_comments(ps, ps->skip_last);
}

/* Where the top-level value being read begins, if that is in text[from,
 * end), as yajl is given it (where a comment is blank): the first byte that
 * is not white space after the last value. */
static void note_begin(struct parser *ps, size_t from, size_t end)
{
	unsigned long long base = ps->win->cur.base;

	if (ps->begun)
		return;
	if (ps->top_end > base + from)
		from = (size_t)(ps->top_end - base);
	for (size_t i = from; i < end; i++) {
		unsigned char c = ps->text[i];
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
			ps->begun = 1;
			ps->begin = base + i;
			return;
		}
	}
}

/* --- Feeding yajl --- */

/* A record of a text sequence ends (at an RS, offset rs of the current
 * read): its value must be complete.  Returns 0, or -1 after reporting. */
static int end_record(struct parser *ps, size_t rs)
{
	int rc = 0;

	if (ps->record_text) {
		ps->completing = 1;
		ps->record_end = ps->win->cur.base + rs;
		yajl_status st = yajl_complete_parse(ps->h);
		if (st != yajl_status_ok ||
		    skip_cut_short(ps->win, ps->top_end, ps->win->cur.base + rs, ps->allow_comments)) {
			ps->completing = 0;
			/* what a hook noted as the value ended (a comment that
			 * cannot be written) is the error, not the record's end */
			if (st == yajl_status_client_canceled)
				parser_report_yajl(ps, st);
			else
				parser_report_kind(ps, ERR_END, ps->win->cur.base + rs);
			ps->invalid = 1;
			reset_sink(ps);
			drop_comments(ps, ps->win->cur.base + rs);
			rc = -1;
		}
		ps->completing = 0;
	}
	ps->record_text = 0;
	ps->begun = 0;
	ps->top_end = ps->win->cur.base + rs + 1;
	between_init(&ps->between, ps->allow_comments);
	new_parser(ps);
	return rc;
}


/* yajl parses text[feed_off, stop).  The consumer is told where that is
 * when it is the read itself (not a copy without comments), whose bytes
 * it may then read past the end; and that it is gone after, when it may
 * hand back where the last member and the last value ended in it. */
static yajl_status parse_part(struct parser *ps, size_t stop)
{
	const unsigned char *p = ps->text + ps->feed_off;
	int tell = ps->sink.set_input && ps->text == ps->win->cur.p;

	if (tell)
		ps->sink.set_input(ps->sink.ctx, p, stop - ps->feed_off);
	yajl_status st = yajl_parse(ps->h, p, stop - ps->feed_off);
	if (tell) {
		ps->sink.set_input(ps->sink.ctx, NULL, 0);
		const unsigned char *e = ps->sink.take_member_end ?
			ps->sink.take_member_end(ps->sink.ctx) : NULL;
		if (e)
			ps->member_end = ps->win->cur.base + (unsigned long long)(e - ps->text);
		e = NULL;
		unsigned long n = ps->sink.take_value_end ?
			ps->sink.take_value_end(ps->sink.ctx, &e) : 0;
		if (n) {
			/* as on_value_end() for a value that ends with a bracket,
			 * which nothing can touch */
			ps->values += n;
			ps->begun = 0;
		}
		if (e)
			ps->top_end = ps->win->cur.base + (unsigned long long)(e - ps->text);
	}
	return st;
}

int parser_feed(struct parser *ps, size_t from, size_t end, const unsigned char *text)
{
	const unsigned char *p = ps->win->cur.p;

	ps->feed_off = ps->part_from = from;
	ps->text = text;
	if (!ps->seen_text)
		ps->seen_text = !all_blank(text + from, end - from);
	while (ps->feed_off < end) {
		if (ps->skipping && ps->again) {
			again(ps);
			continue;
		}
		if (ps->skipping) {
			size_t o = skip_resync(ps->win, text, ps->feed_off, end, ps->seq,
					       &ps->skip_fresh);
			skipped(ps, ps->feed_off, o);
			if (o == end && !(ps->seq && ps->skip_fresh)) {
				ps->feed_off = end;
				break;
			}
			ps->skipping = 0;
			ps->begun = 0;
			ps->feed_off = o;
			ps->top_end = ps->win->cur.base + o;
			new_parser(ps);
			continue;
		}
		size_t stop = end;
		const unsigned char *rs = ps->seq ? memchr(p + ps->feed_off, SKIP_RS, end - ps->feed_off) : NULL;
		if (rs)
			stop = (size_t)(rs - p);
		ps->fed_end = stop;
		if (!ps->record_text)
			ps->record_text = !all_blank(text + ps->feed_off, stop - ps->feed_off);
		if (between_pending(&ps->between) &&
		    between_next(&ps->between, p + ps->feed_off, stop - ps->feed_off)) {
			note_begin(ps, ps->feed_off, stop);
			parser_report_kind(ps, ERR_ADJACENT, ps->win->cur.base + ps->feed_off);
			if (!parser_skip(ps))
				return -1;
			continue;
		}
		size_t from = ps->feed_off;
		yajl_status st = parse_part(ps, stop);
		note_begin(ps, from, stop);
		if (st != yajl_status_ok) {
			parser_report_yajl(ps, st);
			if (!parser_skip(ps))
				return -1;
			continue;
		}
		ps->feed_off = stop;
		if (rs) {
			end_record(ps, stop);
			ps->feed_off = stop + 1;
		}
	}
	return 0;
}

void parser_start(struct parser *ps, const char *name, const struct window *w, int seq)
{
	ps->name = name;
	ps->win = w;
	ps->feed_off = ps->fed_end = 0;
	ps->completing = 0;
	ps->seen_text = ps->after_values = 0;
	ps->skipping = ps->invalid = ps->record_text = 0;
	between_init(&ps->between, ps->allow_comments);
	ps->values = 0;
	ps->top_end = ps->member_end = ps->scan_from = 0;
	ps->begun = ps->giving_up = 0;
	ps->error_at = 0;
	surrogates_reset(&ps->lone);
	ps->error = NULL;
	jsonc_reset(&ps->jsonc, ps->allow_comments, ps->sink.keep_comments,
		    ps->sink.keep_blank_lines, ps->sink.writes_records);
	jsonc_keep_breaks(&ps->jsonc, ps->sink.keep_line_breaks);
	jsonc_no_shortcuts(&ps->jsonc, ps->sink.no_shortcuts);
	parser_set_seq(ps, seq);
	reset_sink(ps);
	new_parser(ps);
}

void parser_window_moves(struct parser *ps)
{
	const struct window *w = ps->win;
	unsigned long long from = ps->top_end > ps->member_end ? ps->top_end : ps->member_end;

	if (ps->scan_from != SCOPE_NONE && ps->scan_from > from)
		from = ps->scan_from;
	/* (a value being skipped may be anything: the point after it comes
	 * when the skip ends, as top_end) */
	if (ps->skipping || from < window_start(w))
		ps->scan_from = SCOPE_NONE;
	else if (from >= w->cur.base)
		ps->scan_from = from;
	else
		ps->scan_from = scope_clean_point(w, from, w->cur.base, window_end(w),
						  ps->allow_comments);
}

/* Whether the input held comments and nothing else, and the consumer
 * accepts that (sink.accept_comments_alone): its comments are written
 * back, as VS Code reads such a settings file as empty. */
static int comments_alone(const struct parser *ps)
{
	return ps->values == 0 && !ps->seen_text && !ps->after_values && !ps->invalid &&
	       ps->sink.accept_comments_alone && ps->jsonc.seen > 0;
}

/* The end of the input: the last value must be complete. */
enum exit_status parser_finish(struct parser *ps)
{
	ps->completing = 1;
	ps->record_end = window_end(ps->win);
	/* Nothing is left to complete after a skipped value, nor when a text
	 * sequence ends in empty records (as it may start with them), nor in
	 * an input of comments alone, which are kept, nor in blanks after
	 * the values of another reader. */
	int done = ps->skipping || (ps->seq && !ps->record_text) || comments_alone(ps) ||
		   (ps->after_values && !ps->seen_text);
	yajl_status st = done ? yajl_status_ok : yajl_complete_parse(ps->h);
	ps->completing = 0;
	if (st != yajl_status_ok) {
		ps->completing = 1;
		parser_report_yajl(ps, st);
		ps->completing = 0;
		return EXIT_INVALID;
	}
	if (!ps->skipping && ps->values > 0 && skip_cut_short(ps->win, ps->top_end, window_end(ps->win),
							 ps->allow_comments)) {
		parser_report_kind(ps, ERR_END, locate_end(ps->win));
		return EXIT_INVALID;
	}
	if (ps->values == 0 && !ps->after_values && !ps->invalid && !comments_alone(ps)) {
		parser_report(ps, locate_end(ps->win), "no JSON value");
		return EXIT_INVALID;
	}
	if (ps->sink.end_input && ps->sink.end_input(ps->sink.ctx)) {
		parser_report(ps, ps->error_pos, ps->error);
		return EXIT_INVALID;
	}
	return ps->invalid ? EXIT_INVALID : EXIT_OK;
}

void parser_look_ahead(struct parser *ps, size_t from, size_t end, int backslash)
{
	/* Surrogate escapes need a backslash, in this part or in an escape
	 * left undecided at the end of the last. */
	if (backslash || surrogates_undecided_before(&ps->lone, ps->win->cur.base + from))
		surrogates_scan(&ps->lone, ps->win);
	else
		surrogates_skip_to(&ps->lone, ps->win->cur.base + end);
	ps->sink.set_raw_check(ps->sink.ctx, surrogates_pending(&ps->lone));
}

void parser_end_input(struct parser *ps)
{
	if (ps->h)
		yajl_free(ps->h);
	ps->h = NULL;
}

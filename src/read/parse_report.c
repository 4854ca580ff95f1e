/* parse_report.c - the one report of each error the parser finds, in
 * jfmt's words (report.h), after the consumer gave up the value being
 * read.  See parse.h. */
#include "read/parse.h"

#include <string.h>

#include "report/locate.h"
#include "report/parse_error.h"
#include "report/report.h"

/* What the reader knows around an error, for report.h. */
static struct place place_of(const struct parser *ps)
{
	return (struct place){
		.name = ps->name,
		.w = ps->win,
		.comments = ps->allow_comments,
		.record = ps->seq && !ps->completing,
		.top_end = ps->top_end,
		.scan_from = ps->scan_from,
		.member_end = ps->member_end,
		.open_kind = ps->sink.innermost(ps->sink.ctx),
	};
}

/* Before a message at input offset g (and after what the message needs
 * of the consumer was asked, place_of()): the consumer gives up the value
 * being read, writing what stands before it (the comments are taken up to
 * where it began, or to g).  What a hook noted stays as it was. */
static void give_up(struct parser *ps, unsigned long long g)
{
	ps->error_at = g;
	if (!ps->sink.give_up)
		return;
	const char *error = ps->error;
	enum error_kind kind = ps->error_kind;
	unsigned long long pos = ps->error_pos;

	ps->giving_up = 1;
	if (!ps->begun || ps->begin > g)
		ps->begin = g;
	ps->sink.give_up(ps->sink.ctx);
	ps->giving_up = 0;
	ps->error = error;
	ps->error_kind = kind;
	ps->error_pos = pos;
}

void parser_report(struct parser *ps, unsigned long long g, const char *msg)
{
	struct place pl = place_of(ps);

	give_up(ps, g);

	report_at(&pl, g, msg);
}

void parser_report_kind(struct parser *ps, enum error_kind kind, unsigned long long g)
{
	struct place pl = place_of(ps);

	give_up(ps, g);

	report_error(&pl, (struct parse_error){ kind, AT_OFFSET }, g);
}

static const char msg_second[] =
	"a second value: --single takes one JSON text per input";

void parser_report_yajl(struct parser *ps, yajl_status st)
{
	if (st == yajl_status_client_canceled) {
		if (ps->error)
			parser_report(ps, ps->error_pos, ps->error);
		else
			parser_report_kind(ps, ps->error_kind, ps->error_pos);
		return;
	}
	if (!ps->seen_text && !ps->after_values) {
		parser_report(ps, locate_end(ps->win), "no JSON value");
		return;
	}
	unsigned char *text = yajl_get_error(ps->h, 0, NULL, 0);
	struct parse_error pe;
	int second = ps->single && strstr((const char *)text, "trailing garbage") != NULL;
	parse_error_classify((const char *)text, &pe);
	yajl_free_error(ps->h, text);
	if (second) {
		parser_report(ps, locate_skip_blanks(ps->win, ps->top_end, ps->allow_comments),
			      msg_second);
		return;
	}
	if (ps->completing)
		pe = (struct parse_error){ ERR_END, AT_END };
	unsigned long long g = locate_error(ps->win, parser_offset(ps), pe.where, ps->member_end,
					    ps->allow_comments);
	struct place pl = place_of(ps);
	give_up(ps, g);
	report_error(&pl, pe, g);
}

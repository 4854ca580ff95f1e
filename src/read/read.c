/* read.c - the read loop: an input's blocks, looked at once each (line
 * count, banned blanks, backslashes) and handed to the parser.  See
 * read.h. */
#include "read/read.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "text/scan.h"
#include "read/skip.h"

/* parser_feed() promises the consumer this much past a read */
_Static_assert(BLOCKS_SLACK >= SINK_INPUT_SLACK, "a block's slack covers the input's");

void reader_init(struct reader *r, int allow_comments, int keep_going,
		 struct progress *progress)
{
	memset(r, 0, sizeof *r);
	r->allow_comments = allow_comments;
	r->progress = progress;
	parser_init(&r->ps, allow_comments, keep_going);
	blocks_init(&r->in);
	r->expect = BLOCKS_SIZE_UNKNOWN;
}

const struct feed_hooks *reader_hooks(struct reader *r)
{
	return &r->ps.hooks;
}

void reader_set_sink(struct reader *r, const struct sink *sink)
{
	r->sink = *sink;
	r->ps.sink = *sink;
}

void reader_release(struct reader *r)
{
	blocks_release(&r->in);
	parser_release(&r->ps);
}

/* The first read: not UTF-16 or UTF-32; a text sequence if it starts with
 * RS.  Returns 0, or -1 after reporting. */
static int sniff(struct reader *r)
{
	const struct window_part *cur = &r->in.win.cur;
	const char *enc = blocks_wrong_encoding(&r->in);
	char msg[160];

	if (enc) {
		snprintf(msg, sizeof msg, "the input is %s, not UTF-8 (convert it first: "
			 "iconv -f %s -t UTF-8)", enc, enc);
		parser_report(&r->ps, 0, msg);
		return -1;
	}
	/* (one JSON text has no RS: yajl rejects it) */
	parser_set_seq(&r->ps, !r->ps.single && cur->len > 0 && cur->p[0] == SKIP_RS);
	return 0;
}

/* An error at global offset `at` in the input: reported, and the value
 * holding it skipped (with -k, or in a text sequence).  One message for a
 * value: an error inside a value being skipped already is part of it.
 * Returns 0 when reading goes on, -1 when this input must stop. */
static int value_error(struct reader *r, unsigned long long at, const char *msg)
{
	if (parser_skipping(&r->ps))
		return 0;
	parser_report(&r->ps, at, msg);
	return parser_skip(&r->ps) ? 0 : -1;
}

/* Feed p[0..len), which stands for the current read from offset `from`,
 * to the parser.  Form feeds and vertical tabs end what yajl may see:
 * each is an error.  With --comments they count as white space (and
 * backslashes are not looked for).  Returns 0, or -1 when this input must
 * stop (reported). */
static int feed_text(struct reader *r, size_t from, const unsigned char *p, size_t len)
{
	const struct window_part *cur = &r->in.win.cur;
	size_t at = 0;          /* of len: where this part starts */

	for (;;) {
		struct scan sc = { .stop = len - at, .backslash = 1 };
		if (r->allow_comments)
			sc.newlines = count_newlines(p + at, len - at);
		else
			scan_input(p + at, len - at, &sc);
		blocks_count(&r->in, sc.newlines);
		parser_look_ahead(&r->ps, from + at, from + at + sc.stop, sc.backslash);
		if (parser_feed(&r->ps, from + at, from + at + sc.stop, p - from) < 0)
			return -1;
		at += sc.stop;
		if (at == len)
			return 0;
		unsigned long long g = cur->base + from + at;
		if (value_error(r, g, p[at] == '\f' ? "form feed is not allowed here" :
				"vertical tab is not allowed here") < 0)
			return -1;
		parser_passed_over(&r->ps, g + 1);
		at++;           /* what follows is scanned in turn */
	}
}

/* Feed the new part of the current read, from offset `from`, to the
 * parser (`at_end`: the last of the input); returns 0, or -1 when this
 * input must stop (reported).  Sets r->token_open when no token ended in
 * it, and r->held_back when its end is held back (--comments, jsonc.h):
 * r->fed_end is where that starts. */
static int feed(struct reader *r, size_t from, int at_end)
{
	const struct window_part *cur = &r->in.win.cur;
	const unsigned char *p;
	size_t len;

	/* A value dropped in this read may have written part of itself
	 * first, and how much is the layout path's business: the parser
	 * moves the mark past it (progress_from). */
	r->ps.progress_from = r->sink.progress(r->sink.ctx);
	for (;;) {
		p = cur->p + from;
		len = cur->len - from;
		struct jsonc_result jr = { .p = p, .fed = len };
		/* With --comments, yajl is given a copy without the comments
		 * and trailing commas, at the same offsets. */
		if (r->allow_comments || r->sink.keep_blank_lines)
			jsonc_pass(parser_jsonc(&r->ps), p, len, cur->base + from, at_end, &jr);
		r->fed_end = from + jr.fed;
		len = jr.fed;
		if (feed_text(r, from, jr.p, len) < 0)
			return -1;
		if (!jr.error)
			break;
		/* A comment that cannot be read or written, after what was
		 * fed before it.  The parser is given it blanked, as any
		 * comment, and finds the next record or line in it as it
		 * would there. */
		if (value_error(r, jr.error_at, jr.error) < 0)
			return -1;
		if (feed_text(r, from + jr.fed, jr.p + jr.fed, jr.bad_end - jr.fed) < 0)
			return -1;
		from += jr.bad_end;
	}
	/* White space may be inside a string or between tokens: keep a run of
	 * it up to a bound, so that memory stays small between documents; but
	 * all of it while a string with an unpaired surrogate escape is open,
	 * or with --keep-escapes any string, whose raw text is written out
	 * again. */
	r->held_back = r->fed_end < cur->len;
	r->token_open = !parser_skipping(&r->ps) &&
			r->sink.progress(r->sink.ctx) == r->ps.progress_from &&
			(cur->len < READ_KEEP_BLANK || !all_blank(p, len) ||
			 parser_lone_ahead(&r->ps) || r->sink.keep_escapes);
	return 0;
}

/* The new bytes of a read, from offset `from` of the current one, to the
 * tap; the byte order mark that the first read skipped goes first. */
static void tap(struct reader *r, size_t from)
{
	const struct window_part *cur = &r->in.win.cur;

	if (r->in.win.prev.p == NULL && from == 0 && r->in.bom)
		r->tap(r->tap_ctx, blocks_bom, BLOCKS_BOM_LEN);
	r->tap(r->tap_ctx, cur->p + from, cur->len - from);
}

/* The first read held all of the input (reader_expect()): to r->whole,
 * the byte order mark it skipped included. */
static void whole(struct reader *r)
{
	const struct window_part *cur = &r->in.win.cur;
	size_t bom = r->in.bom ? BLOCKS_BOM_LEN : 0;

	r->whole(r->whole_ctx, cur->p - bom, cur->len + bom);
}

/* The first read of an input: whether its first line ends with CR LF,
 * for the consumer (sink.line_end: --eol=auto), and whether it began with
 * a byte order mark (sink.byte_order_mark). */
static void first_line_end(struct reader *r)
{
	const struct window_part *cur = &r->in.win.cur;
	const unsigned char *nl = memchr(cur->p, '\n', cur->len);

	if (r->sink.line_end)
		r->sink.line_end(r->sink.ctx, nl && nl > cur->p && nl[-1] == '\r');
	if (r->in.bom && r->sink.byte_order_mark)
		r->sink.byte_order_mark(r->sink.ctx);
}

static enum exit_status read_all(struct reader *r, int fd)
{
	ssize_t n;
	size_t from;

	for (;;) {
		/* what was held back at the end of the read comes first: the
		 * read goes on, or a few bytes of it are carried to the next */
		size_t held = r->in.win.cur.len - r->fed_end;
		enum blocks_onto onto =
			r->token_open || (r->held_back && held > CARRY_MAX) ? BLOCKS_EXTEND :
			blocks_fills(&r->in) ? BLOCKS_FILL : BLOCKS_OTHER;
		size_t carry = r->held_back && onto == BLOCKS_OTHER ? held : 0;
		if (onto == BLOCKS_OTHER)       /* the read before goes */
			parser_window_moves(&r->ps);
		if ((n = blocks_next(&r->in, fd, onto, carry, &from)) <= 0)
			break;
		if (r->progress)
			progress_advance(r->progress, (unsigned long long)n);
		if (r->tap)
			tap(r, from);
		if (r->in.win.cur.base == 0 && from == 0) {
			if (r->in.ended && r->whole)
				whole(r);
			if (sniff(r) < 0)
				return EXIT_INVALID;
			first_line_end(r);
		}
		if (onto != BLOCKS_OTHER)
			from = r->fed_end;
		else if (carry)
			from = 0;
		if (feed(r, from, 0) < 0)
			return EXIT_INVALID;
		if (r->sink.failed(r->sink.ctx))
			return EXIT_OK;         /* the owner of the output reports it */
		r->sink.pause(r->sink.ctx);
	}
	if (n < 0) {
		diag_errno(r->ps.name, errno);
		return EXIT_IO;
	}
	if (r->fed_end < r->in.win.cur.len && feed(r, r->fed_end, 1) < 0)
		return EXIT_INVALID;    /* what --comments held back */
	return parser_finish(&r->ps);
}

static enum exit_status run(struct reader *r, const char *name, int fd,
			    const struct read_resume *at)
{
	blocks_start(&r->in);
	blocks_expect(&r->in, r->expect);
	r->expect = BLOCKS_SIZE_UNKNOWN;
	r->token_open = r->held_back = 0;
	r->fed_end = 0;
	parser_start(&r->ps, name, &r->in.win, 0);
	if (at && at->base > 0) {
		/* between two values, after values: no byte order mark, no
		 * encoding to tell, and the input is not empty */
		blocks_origin(&r->in, at->base, at->line);
		parser_set_seq(&r->ps, at->seq);
		r->ps.after_values = 1;
		r->ps.top_end = at->base;       /* where the last value ended */
	}
	if (r->progress)
		progress_start(r->progress, name, fd);
	enum exit_status status = read_all(r, fd);
	r->whole = NULL;
	if (r->progress)
		progress_end(r->progress);
	parser_end_input(&r->ps);
	return status;
}

enum exit_status reader_run(struct reader *r, const char *name, int fd)
{
	return run(r, name, fd, NULL);
}

/* The bytes read ahead, then the descriptor. */
struct resumed {
	const struct read_resume *at;
	size_t off;
	int fd;
};

static ssize_t read_resumed(void *ctx, unsigned char *buf, size_t n)
{
	struct resumed *s = ctx;
	ssize_t got;

	if (s->off < s->at->len) {
		size_t k = s->at->len - s->off < n ? s->at->len - s->off : n;
		memcpy(buf, s->at->pre + s->off, k);
		s->off += k;
		/* and what the descriptor has at once, as one read(2) of all
		 * of it would give: the place of a message, and the line it
		 * shows, are those of one read */
		struct pollfd p = { .fd = s->fd, .events = POLLIN };
		if (k < n && !s->at->error && poll(&p, 1, 0) > 0) {
			do
				got = read(s->fd, buf + k, n - k);
			while (got < 0 && errno == EINTR);
			if (got > 0)
				k += (size_t)got;
		}
		return (ssize_t)k;
	}
	if (s->at->error) {
		errno = s->at->error;
		return -1;
	}
	do
		got = read(s->fd, buf, n);
	while (got < 0 && errno == EINTR);
	return got;
}

enum exit_status reader_run_from(struct reader *r, const char *name, int fd,
				 const struct read_resume *at)
{
	if (at->len == 0 && at->base == 0)
		return run(r, name, fd, NULL);
	struct resumed s = { at, 0, fd };
	ssize_t (*source)(void *, unsigned char *, size_t) = r->in.source;
	void *ctx = r->in.source_ctx;

	reader_set_source(r, read_resumed, &s);
	enum exit_status status = run(r, name, fd, at);
	reader_set_source(r, source, ctx);
	return status;
}

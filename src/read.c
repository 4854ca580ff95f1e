/* read.c - the read loop: blocks from a descriptor into yajl, the checks
 * yajl does not make, and the one report of each input's error.  See
 * read.h. */
#include "read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "diag.h"
#include "locate.h"
#include "parse_error.h"
#include "scan.h"

/* Blocks start on a page, so that the vector loads of the scan never
 * straddle two cache lines: jfmt -c on a 200 MiB document took about 0.5%
 * less time than with malloc()'s 16-byte alignment. */
#define BLOCK_ALIGN 4096

static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };

/* --- Reporting --- */

static void report(const struct reader *r, unsigned long long g, const char *msg)
{
	unsigned long long line, col;
	struct diag_excerpt ex;

	locate_line_col(&r->win, g, &line, &col);
	locate_excerpt(&r->win, g, &ex);
	diag_at(r->name, line, col, msg, &ex);
}

/* Input offset of what yajl has consumed of the read it was last given. */
static unsigned long long parse_offset(const struct reader *r)
{
	return r->win.cur.base + r->feed_off + yajl_get_bytes_consumed(r->h);
}

/* Report yajl's error for status `st`. */
static void report_yajl_error(struct reader *r, yajl_status st)
{
	struct parse_error pe;

	if (st == yajl_status_client_canceled) {
		report(r, r->error_pos, r->error);
		return;
	}
	unsigned char *text = yajl_get_error(r->h, 0, NULL, 0);
	parse_error_classify((const char *)text, &pe);
	yajl_free_error(r->h, text);

	if (!r->seen_text) {
		report(r, locate_end(&r->win), "no JSON value");
		return;
	}
	if (r->completing)
		pe = (struct parse_error){ AT_END, "unexpected end of input" };
	if (!r->allow_comments && !r->completing &&
	    jsonc_trailing_comma(&r->win, parse_offset(r) - 1))
		pe.message = jsonc_trailing_comma_msg;
	report(r, locate_error(&r->win, parse_offset(r), pe.where, r->member_end,
			       r->allow_comments), pe.message);
}

/* --- What the consumer reports --- */

/* An error for report_yajl_error() to report once yajl returns. */
static void note_error(struct reader *r, unsigned long long g, const char *msg)
{
	r->error = msg;
	r->error_pos = g;
}

static int on_value_end(void *ctx)
{
	struct reader *r = ctx;
	size_t off, bad;

	r->values++;
	if (r->completing)
		return 0;
	off = r->feed_off + yajl_get_bytes_consumed(r->h);
	const char *msg = between_check(&r->between, r->win.cur.p + off,
					r->fed_end - off, &bad);
	if (msg)
		note_error(r, r->win.cur.base + off + bad, msg);
	return msg != NULL;
}

static void on_member_end(void *ctx)
{
	struct reader *r = ctx;

	r->member_end = parse_offset(r);
}

/* Give the consumer the raw text of the string token yajl just read, if it
 * holds an unpaired surrogate escape. */
static int on_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct reader *r = ctx;
	unsigned long long end = parse_offset(r), q;
	int found = surrogates_take(&r->lone, end);

	r->sink.set_raw_check(r->sink.ctx, surrogates_pending(&r->lone));
	if (!found)
		return 0;
	if (!locate_string_start(&r->win, end, &q)) {
		note_error(r, end - 1,
			   "string with an unpaired surrogate escape is too long to keep exactly");
		return -1;
	}
	r->raw.len = 0;
	for (unsigned long long i = q + 1; i < end - 1; i++)
		fbuffer_append_char(&r->raw, (char)window_byte(&r->win, i));
	*raw = (const unsigned char *)r->raw.ptr;
	*len = r->raw.len;
	return 1;
}

/* Point the error at the first byte of the string token just read that is
 * not part of a well-formed UTF-8 sequence. */
static void on_invalid_utf8(void *ctx)
{
	struct reader *r = ctx;

	note_error(r, locate_bad_utf8(&r->win, parse_offset(r)), "invalid UTF-8 in string");
}

/* The comments before the token just read (all, at the end). */
static size_t on_comments(void *ctx, const struct sink_comment **c)
{
	struct reader *r = ctx;
	return jsonc_take(&r->jsonc, r->completing ? ~0ULL : parse_offset(r), c);
}

static void on_bad_comment(void *ctx, size_t i, const char *msg)
{
	note_error(ctx, jsonc_taken_at(&((struct reader *)ctx)->jsonc, i), msg);
}

/* --- Blocks --- */

/* Give block i a fresh READ_BLOCK bytes (what it held is dropped). */
static void new_block(struct reader *r, int i)
{
	free(r->block[i]);
	r->block[i] = xalloc_aligned(BLOCK_ALIGN, READ_BLOCK);
	r->block_cap[i] = READ_BLOCK;
}

void reader_init(struct reader *r, int allow_comments, struct progress *progress)
{
	memset(r, 0, sizeof *r);
	r->allow_comments = allow_comments;
	r->progress = progress;
	r->hooks = (struct feed_hooks){
		.ctx = r,
		.value_end = on_value_end,
		.member_end = on_member_end,
		.raw_string = on_raw_string,
		.invalid_utf8 = on_invalid_utf8,
		.comments = on_comments,
		.bad_comment = on_bad_comment,
	};
	jsonc_init(&r->jsonc);
	for (int i = 0; i < 2; i++)
		new_block(r, i);
	fbuffer_init_mem(&r->raw);
	surrogates_init(&r->lone);
}

const struct feed_hooks *reader_hooks(struct reader *r)
{
	return &r->hooks;
}

void reader_set_sink(struct reader *r, const struct sink *sink)
{
	r->sink = *sink;
}

void reader_release(struct reader *r)
{
	free(r->block[0]);
	free(r->block[1]);
	surrogates_release(&r->lone);
	fbuffer_release(&r->raw);
	jsonc_release(&r->jsonc);
}

static ssize_t read_some(int fd, unsigned char *buf, size_t n)
{
	ssize_t got;
	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	return got;
}

/*
 * Read more onto the end of the current read, at least as much again as it
 * holds.  yajl lexes a token that spans several reads from its start again
 * at each read, so a long token must arrive in reads that grow
 * geometrically to keep the work linear; and the token's first byte stays
 * in memory, for messages and for rewriting its text exactly.  Each read
 * asks for a whole block or more, as next_read() does.
 */
static ssize_t extend_read(struct reader *r, int fd)
{
	struct window_part *cur = &r->win.cur;
	size_t skip = (size_t)(cur->p - r->block[r->cur]);      /* a byte order mark */
	size_t used = skip + cur->len;
	size_t want = cur->len > READ_BLOCK ? cur->len : READ_BLOCK;
	size_t got = 0;

	if (r->block_cap[r->cur] - used < want + READ_BLOCK) {
		r->block_cap[r->cur] = used + want + READ_BLOCK;
		r->block[r->cur] = xrealloc(r->block[r->cur], r->block_cap[r->cur]);
		cur->p = r->block[r->cur] + skip;
	}
	while (got < want) {
		ssize_t n = read_some(fd, r->block[r->cur] + used + got,
				      r->block_cap[r->cur] - used - got);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	r->feed_off = r->fed_end;
	cur->len += got;
	return (ssize_t)got;
}

/* The first read: a byte order mark may arrive a byte at a time from a
 * pipe, and is skipped (positions count from after it). */
static ssize_t first_read(int fd, unsigned char *buf, size_t *skip)
{
	ssize_t n = read_some(fd, buf, READ_BLOCK);

	*skip = 0;
	while (n > 0 && n < 3 && memcmp(buf, bom, (size_t)n) == 0) {
		ssize_t more = read_some(fd, buf + n, READ_BLOCK - (size_t)n);
		if (more < 0)
			return -1;
		if (more == 0)
			break;
		n += more;
	}
	if (n >= 3 && memcmp(buf, bom, 3) == 0)
		*skip = 3;
	return n;
}

/* Read the next block into the spare buffer and make it the current read;
 * the old current read becomes the previous one.  Returns bytes read,
 * 0 at the end, -1 on error. */
static ssize_t next_read(struct reader *r, int fd)
{
	struct window *w = &r->win;
	size_t skip = 0;
	ssize_t n;

	if (r->extend)
		return extend_read(r, fd);
	if (r->block_cap[!r->cur] > READ_BLOCK)         /* after a long token */
		new_block(r, !r->cur);

	unsigned char *buf = r->block[!r->cur];
	if (w->cur.p == NULL)
		n = first_read(fd, buf, &skip);
	else
		n = read_some(fd, buf, READ_BLOCK);
	if (n <= 0)
		return n;
	if (w->cur.p) {
		const struct window_part *old = &w->cur;
		struct window_part next = {
			.base = old->base + old->len,
			.line = old->line + r->cur_newlines,
			.line_start = old->line_start,
		};
		const unsigned char *nl = r->cur_newlines ? memrchr(old->p, '\n', old->len) : NULL;
		if (nl)
			next.line_start = old->base + (unsigned long long)(nl - old->p) + 1;
		w->prev = *old;
		w->cur = next;
		r->cur_newlines = 0;
	}
	r->cur = !r->cur;
	w->cur.p = buf + skip;
	w->cur.len = (size_t)n - skip;
	r->feed_off = 0;
	return n;
}

/* --- Feeding yajl --- */

/* Feed the new part of the current read to yajl (`at_end`: the last of
 * the input); returns 0, or -1 after reporting.  Sets r->extend when no
 * token ended in it: a token may span it, whose start must stay in memory;
 * or when its end is held back (--comments, jsonc.h). */
static int feed(struct reader *r, int at_end)
{
	struct window_part *cur = &r->win.cur;
	const unsigned char *p = cur->p + r->feed_off;
	size_t len = cur->len - r->feed_off;
	const unsigned char *ff = NULL;
	unsigned long long mark = r->sink.progress(r->sink.ctx);
	struct jsonc_result jr = { .p = p, .fed = len };
	size_t bad;

	/* With --comments, yajl is given a copy without the comments and
	 * trailing commas, at the same offsets. */
	if (r->allow_comments)
		jsonc_pass(&r->jsonc, p, len, cur->base + r->feed_off, at_end, &jr);
	r->fed_end = r->allow_comments ? r->feed_off + jr.fed : cur->len;
	if (!r->seen_text)
		r->seen_text = !all_blank(jr.p, jr.fed);
	if (between_pending(&r->between)) {
		const char *msg = between_check(&r->between, p, jr.fed, &bad);
		if (msg) {
			report(r, cur->base + r->feed_off + bad, msg);
			return -1;
		}
	}
	len = jr.fed;
	/* Form feeds and vertical tabs end what yajl may see.  With
	 * --comments they count as white space (and backslashes are not
	 * looked for). */
	struct scan sc = { .stop = len, .backslash = 1 };
	if (r->allow_comments)
		sc.newlines = count_newlines(jr.p, len);
	else
		scan_input(jr.p, len, &sc);
	r->cur_newlines += sc.newlines;
	if (sc.stop < len) {
		ff = p + sc.stop;
		len = sc.stop;
	}
	/* Surrogate escapes need a backslash, in this part or in an escape
	 * left undecided at the end of the last. */
	if (sc.backslash || surrogates_undecided_before(&r->lone, cur->base + r->feed_off))
		surrogates_scan(&r->lone, &r->win);
	else
		surrogates_skip_to(&r->lone, window_end(&r->win));
	r->sink.set_raw_check(r->sink.ctx, surrogates_pending(&r->lone));

	yajl_status st = yajl_parse(r->h, jr.p, len);
	if (st != yajl_status_ok) {
		report_yajl_error(r, st);
		return -1;
	}
	if (ff) {
		report(r, cur->base + (unsigned long long)(ff - cur->p),
		       *ff == '\f' ? "form feed is not allowed here" :
		       "vertical tab is not allowed here");
		return -1;
	}
	if (jr.error) {         /* after what was fed before it */
		report(r, jr.error_at, jr.error);
		return -1;
	}
	/* White space may be inside a string or between tokens: keep a run of
	 * it up to a bound, so that memory stays small between documents. */
	r->extend = r->fed_end < cur->len ||
		    (r->sink.progress(r->sink.ctx) == mark &&
		     (cur->len < READ_KEEP_BLANK || !all_blank(p, len)));
	return 0;
}

static void start_input(struct reader *r, const char *name)
{
	r->name = name;
	r->cur = 0;
	memset(&r->win, 0, sizeof r->win);
	r->win.cur.line = r->win.prev.line = 1;
	r->cur_newlines = 0;
	r->feed_off = r->fed_end = 0;
	r->extend = 0;
	r->completing = 0;
	r->seen_text = 0;
	between_init(&r->between, r->allow_comments);
	r->values = 0;
	r->member_end = 0;
	surrogates_reset(&r->lone);
	jsonc_reset(&r->jsonc, r->sink.keep_comments);
	r->error = NULL;
	r->sink.reset(r->sink.ctx);
}

static enum exit_status read_all(struct reader *r, int fd)
{
	ssize_t n;

	while ((n = next_read(r, fd)) > 0) {
		if (r->progress)
			progress_advance(r->progress, (unsigned long long)n);
		if (feed(r, 0) < 0)
			return EXIT_INVALID;
		if (r->sink.failed(r->sink.ctx))
			return EXIT_OK;         /* the owner of the output reports it */
	}
	if (n < 0) {
		diag_errno(r->name, errno);
		return EXIT_IO;
	}
	if (r->fed_end < r->win.cur.len && feed(r, 1) < 0)
		return EXIT_INVALID;    /* what --comments held back */
	r->completing = 1;
	yajl_status st = yajl_complete_parse(r->h);
	if (st != yajl_status_ok) {
		report_yajl_error(r, st);
		return EXIT_INVALID;
	}
	if (r->values == 0) {
		report(r, locate_end(&r->win), "no JSON value");
		return EXIT_INVALID;
	}
	if (r->sink.end_input && r->sink.end_input(r->sink.ctx)) {
		report(r, r->error_pos, r->error);
		return EXIT_INVALID;
	}
	return EXIT_OK;
}

enum exit_status reader_run(struct reader *r, const char *name, int fd)
{
	start_input(r, name);
	r->h = yajl_alloc(r->sink.callbacks, NULL, r->sink.ctx);
	if (!r->h)
		out_of_memory();
	yajl_config(r->h, yajl_allow_multiple_values, 1);
	/* With --comments, yajl never sees one (jsonc.h). */
	/* Strings are checked, strictly, where they are written. */
	yajl_config(r->h, yajl_dont_validate_strings, 1);

	if (r->progress)
		progress_start(r->progress, name, fd);
	enum exit_status status = read_all(r, fd);
	if (r->progress)
		progress_end(r->progress);
	yajl_free(r->h);
	r->h = NULL;
	return status;
}

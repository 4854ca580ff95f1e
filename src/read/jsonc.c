/* jsonc.c - comments and trailing commas found, hidden from yajl and
 * queued (--comments).  See jsonc.h. */
#include "read/jsonc.h"

#include <stdint.h>
#include <string.h>

#include "read/jsonc_comment.h"
#include "read/jsonc_lines.h"
#include "read/jsonc_runs.h"
#include "read/skip.h"

/* The state at the start of a byte, to pass again from there. */
struct snapshot {
	size_t n, text_len;
	int line_blank, awaiting, blank_queued;
	unsigned char last;
	size_t column, indent;
};

void jsonc_init(struct jsonc *j)
{
	runs_init();
	memset(j, 0, sizeof *j);
	fbuffer_init_mem(&j->copy);
	jsonc_queue_init(&j->queue);
}

void jsonc_release(struct jsonc *j)
{
	fbuffer_release(&j->copy);
	jsonc_queue_release(&j->queue);
}

void jsonc_reset(struct jsonc *j, int comments, int keep, int keep_blank, int no_rs)
{
	j->comments = comments;
	j->keep = keep;
	j->keep_blank = keep_blank;
	j->no_rs = no_rs;
	j->seq = 0;
	j->blank_queued = 0;
	j->seen = 0;
	j->in_string = j->escaped = 0;
	j->line_blank = 1;
	j->awaiting = 0;
	j->column = j->indent = 0;
	j->last = 0;
	jsonc_queue_clear(&j->queue);
}

static struct snapshot snap(const struct jsonc *j)
{
	return (struct snapshot){
		j->queue.n, j->queue.text.len, j->line_blank, j->awaiting, j->blank_queued, j->last,
		j->column, j->indent,
	};
}

static void restore(struct jsonc *j, const struct snapshot *s)
{
	jsonc_queue_cut(&j->queue, s->n, s->text_len);
	j->line_blank = s->line_blank;
	j->awaiting = s->awaiting;
	j->blank_queued = s->blank_queued;
	j->last = s->last;
	j->column = s->column;
	j->indent = s->indent;
}

static void queue(struct jsonc *j, const unsigned char *p, size_t len,
		  unsigned long long at, int block)
{
	j->blank_queued = 0;
	j->seen++;
	if (!j->keep)
		return;
	jsonc_queue_add(&j->queue, &(struct jsonc_entry){
		.at = at, .block = block, .own_line = j->line_blank, .column = j->column,
		.indent = j->indent, .prev = j->last,
	}, (const char *)p, len);
	j->comment_newlines = 0;
	j->awaiting = 1;
}

/* A line of nothing but white space ends at input offset `at`: one entry
 * for a run of them, until the next token or comment. */
static void queue_blank(struct jsonc *j, unsigned long long at)
{
	/* where prettier sees it: the line right after a value's, or right
	 * after a comma's */
	int after = (j->value_newlines == 1 ? SINK_AFTER_VALUE : 0) |
		    (j->last == ',' && j->newlines == 1 ? SINK_AFTER_COMMA : 0) |
		    (j->comment_newlines == 1 ? SINK_AFTER_COMMENT : 0);

	if (j->blank_queued || (j->keep_breaks && !after))
		return;
	j->blank_queued = 1;
	jsonc_queue_add(&j->queue, &(struct jsonc_entry){
		.at = at, .own_line = 1, .line_ends = 1, .blank = 1, .after = after,
		.prev = j->last,
	}, "", 0);
}

/* A line break follows an object's '{' (jsonc.keep_breaks), at input
 * offset `at`: one entry, before its first key. */
static void queue_break(struct jsonc *j, unsigned long long at)
{
	j->break_queued = 1;
	jsonc_queue_add(&j->queue, &(struct jsonc_entry){
		.at = at, .line_break = 1, .prev = j->last,
	}, "", 0);
}

/* Something that is not white space, a token or a comment, starts at
 * the column reached: the line's indent if it is the first. */
static void line_taken(struct jsonc *j)
{
	if (j->line_blank)
		j->indent = j->column;
}

/* A token starts at the column reached. */
static void not_blank(struct jsonc *j)
{
	line_taken(j);
	j->line_blank = 0;
	j->awaiting = 0;
	j->blank_queued = 0;
	j->break_queued = 0;
	j->newlines = 0;
	if (j->last != ',')
		j->value_newlines = 0;
}

/* Turn d[0..n) into spaces, keeping newlines. */
static void blank(unsigned char *d, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (d[i] != '\n')
			d[i] = ' ';
}

/* Whether a comma after a token ending in `last` may be a trailing one. */
static int after_value(unsigned char last)
{
	return last != 0 && !strchr("[{,:", last);
}

#define NONE ((size_t)-1)

/* One pass over a part: what the byte loop carries from line to line. */
struct part {
	const unsigned char *p;
	size_t len;
	unsigned long long base;
	int at_end;
	struct jsonc_result *res;
	unsigned char *copy;            /* what yajl is fed, made at the first
					 * byte blanked; until then the part */
	size_t comma;                   /* a comma that may be a trailing one, */
	struct snapshot at_comma;       /* ... and the state at it */
	size_t hold;                    /* what is held back starts here */
	int stopped;                    /* at a comment held, or a bad one */
};

/*
 * The copy of the part that yajl is fed, made when a comment or a
 * trailing comma is first blanked in it: a part without them is fed as
 * it is.  Copying every part cost --style=prettier on citm_catalog.json
 * 10.1 M instructions of 126.5 M: 2.1 M the copy, the rest the strings
 * looked up again in the read, as the consumer is told the input only
 * when yajl is given the read itself (sink.set_input).
 */
static unsigned char *copy_of(struct jsonc *j, struct part *pt)
{
	if (!pt->copy) {
		j->copy.len = 0;
		fbuffer_append(&j->copy, (const char *)pt->p, pt->len);
		pt->copy = (unsigned char *)j->copy.ptr;
		pt->res->p = pt->copy;
	}
	return pt->copy;
}

/* Pass the comment at p[i..end), which begins where the line state says:
 * blanked in the copy, the column moved past it. */
static void pass_comment(struct jsonc *j, struct part *pt, size_t i, size_t end)
{
	j->line_blank = 0;
	blank(copy_of(j, pt) + i, end - i);
	for (; i < end; i++)
		j->column = sink_column_after(j->column, pt->p[i]);
}

/* The pass stops at p[i..end), a comment that cannot be read or written
 * (or a lone '/'), wrong at input offset `at`: what comes before it is
 * fed, then the message.  It is passed as a comment is, not queued, so
 * that with -k, or in a text sequence, the value holding it can be
 * skipped and the pass go on after it. */
static void bad_comment(struct jsonc *j, struct part *pt, size_t i, size_t end,
			const char *msg, unsigned long long at)
{
	pt->res->error = msg;
	pt->res->error_at = at;
	pt->res->fed = i;
	pt->res->bad_end = end;
	pt->stopped = 1;
	line_taken(j);
	j->awaiting = 0;
	pass_comment(j, pt, i, end);
}

/* Inline, as is pass_line_part(): both are the work of each line
 * passed, and the calls cost citm_catalog.json 1.2 M instructions of 84.8
 * M with --style=prettier, 1.4 M of 77.9 M with --comments. */
#define LINE_INLINE static inline __attribute__((always_inline))

/* The end of a line: a blank one queued, the line breaks counted, one
 * after '{' queued. */
LINE_INLINE void line_ends_at(struct jsonc *j, unsigned long long at)
{
	if (j->line_blank && j->keep_blank && j->last != 0)
		queue_blank(j, at);
	j->newlines++;
	j->value_newlines++;
	j->comment_newlines++;
	if (j->awaiting)        /* the last comment ends its line */
		jsonc_queue_last(&j->queue)->line_ends = 1;
	j->awaiting = 0;
	if (j->keep_breaks && j->last == '{' && !j->break_queued)
		queue_break(j, at);
	j->line_blank = 1;
	j->column = 0;
}

static int white(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The part of a line s[0..n): its last token, if it has one. */
LINE_INLINE void pass_line_part(struct jsonc *j, const unsigned char *s, size_t n)
{
	const unsigned char *q = s + n, *v;

	while (q > s && white(q[-1]))
		q--;
	if (q == s)
		return;
	j->last = q[-1];
	for (v = q; v > s && (white(v[-1]) || v[-1] == ','); v--)
		;
	j->newlines = 0;
	if (v > s)
		j->value_newlines = 0;
	j->line_blank = 0;
	j->awaiting = 0;
	j->blank_queued = 0;
	j->break_queued = 0;
}

/*
 * JSON, not JSONC: pass p[0..len) a line at a time, as nothing but line
 * ends matters to blank lines and line breaks, and a line's last token is
 * its last byte that is not white space (JSON holds no line end in a
 * string, and the string state matters to comments alone).  Returns 0 for
 * a text sequence with an RS in it, which the byte loop passes, else len.
 * --style=prettier over twitter.json: 66.1 M instructions in all with the
 * byte loop, 41.0 M so.
 */
static size_t pass_lines(struct jsonc *j, const unsigned char *p, size_t len,
			 unsigned long long base)
{
	const unsigned char *s = p, *end = p + len, *nl;

	if (j->seq && memchr(p, SKIP_RS, len))
		return 0;
	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		pass_line_part(j, s, (size_t)(nl - s));
		line_ends_at(j, base + (unsigned long long)(nl - p));
		s = nl + 1;
	}
	pass_line_part(j, s, (size_t)(end - s));
	j->in_string = j->escaped = 0;
	return len;
}

/*
 * JSONC: pass p[i..e), which lines_plain_end() found plain, as
 * pass_lines() passes JSON: its whole lines, then the start of one more,
 * whose columns are its bytes (no tab, carriage return or byte beyond
 * ASCII) and which ends outside a string.  The byte loop took 15
 * instructions a byte of citm_catalog.json: --style=prettier took 116.4 M
 * in all with it alone, 97.5 M so; a 9 MB array of the corpus files,
 * the bench's kind of input, 641.3 M and 565.6 M.
 */
static void pass_plain(struct jsonc *j, const unsigned char *p, size_t i, size_t e,
		       unsigned long long base)
{
	const unsigned char *s = p + i, *end = p + e, *nl;
	size_t n, lead = 0;

	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		pass_line_part(j, s, (size_t)(nl - s));
		line_ends_at(j, base + (unsigned long long)(nl - p));
		j->in_string = 0;       /* (a line's end is outside a string) */
		s = nl + 1;
	}
	if (s == end)
		return;
	n = (size_t)(end - s);
	while (lead < n && s[lead] == ' ')
		lead++;
	if (lead < n && j->line_blank)
		j->indent = j->column + lead;
	pass_line_part(j, s, n);
	j->column += n;
	j->in_string = 0;
}

/* The byte loop: pass p[i..stop), a byte at a time but for runs of them
 * (jsonc_runs.h), on past stop to the end of a comment; returns where it
 * stopped.  Sets pt->stopped at a comment held back or a bad one. */
static size_t pass_bytes(struct jsonc *j, struct part *pt, size_t i, size_t stop)
{
	const unsigned char *p = pt->p;
	size_t len = pt->len;

	while (i < stop) {
		unsigned char c = p[i];
		/* A string holds no newline or RS: one that does is invalid
		 * (yajl says so), and what follows is read afresh, as -k goes
		 * on at a line or a record. */
		if (j->in_string && (c == '\n' || c == 0x1e))
			j->in_string = j->escaped = 0;
		if (j->in_string && !j->escaped && !runs_class[c]) {
			size_t cols;
			i = runs_string(p, i, len, &cols);
			j->column += cols;
			continue;
		}
		if (j->in_string) {
			j->column = sink_column_after(j->column, c);
			if (j->escaped)
				j->escaped = 0;
			else if (c == '\\')
				j->escaped = 1;
			else if (c == '"')
				j->in_string = 0;
			i++;
			continue;
		}
		if (runs_class[c] >= BYTE_PLAIN &&
		    (pt->comma == NONE || runs_class[c] == BYTE_PLAIN) &&
		    !(c == ',' && runs_maybe_trailing(p, i, len))) {
			/* a run of tokens' bytes, as one token byte: numbers,
			 * literals, brackets, ':' and ',' between them (not a
			 * comma that may be a trailing one) */
			size_t k = i + 1, part = k;
			for (;;) {      /* a byte at a time eight bytes, then
					 * eight at a time (most runs are short) */
				part = part + 8 < len ? part + 8 : len;
				while (k < part && runs_class[p[k]] >= BYTE_PLAIN &&
				       !(p[k] == ',' && runs_maybe_trailing(p, k, len)))
					k++;
				if (k < part || k == len)
					break;
				part = k = runs_tokens(p, k, len);
			}
			pt->comma = NONE;
			j->last = p[k - 1];
			not_blank(j);
			j->column += k - i;
			i = k;
			continue;
		}
		if (c == ' ') {                 /* indentation, mostly */
			size_t k = i;
			while (++k < len && p[k] == ' ')
				;
			j->column += k - i;
			i = k;
			continue;
		}
		if (c == '\t' || c == '\r') {
			j->column = sink_column_after(j->column, c);
			i++;
			continue;
		}
		if (c == '\n') {
			line_ends_at(j, pt->base + i);
			i++;
			continue;
		}
		if (c == '/' && j->comments) {
			struct jsonc_comment cm = jsonc_comment_read(p, len, i, pt->at_end, j->seq,
								      j->no_rs && j->keep);
			if (cm.verdict == JSONC_COMMENT_HELD) {
				pt->hold = i;
				pt->stopped = 1;
				return i;
			}
			if (cm.verdict == JSONC_COMMENT_BAD) {
				bad_comment(j, pt, i, cm.end, cm.error, pt->base + cm.error_at);
				return i;
			}
			line_taken(j);
			queue(j, p + i, cm.end - i, pt->base + i, p[i + 1] == '*');
			pass_comment(j, pt, i, cm.end);
			i = cm.end;
			continue;
		}
		/* In a text sequence an RS begins a record as a newline begins a
		 * line: a comment after it stands on a line of its own, and the
		 * columns count from after it, as in the output, where each
		 * record starts a line after its RS (a comment's later lines
		 * move by the column of its first: counting the RS moved them
		 * one column left on every pass). */
		if (c == SKIP_RS && j->seq) {
			j->awaiting = 0;
			j->blank_queued = 0;
			pt->comma = NONE;
			j->last = c;
			j->column = 0;
			i++;
			continue;
		}
		if ((c == ']' || c == '}') && pt->comma != NONE)
			copy_of(j, pt)[pt->comma] = ' ';
		pt->comma = NONE;
		if (c == ',' && j->comments && after_value(j->last)) {
			pt->comma = i;
			pt->at_comma = snap(j);
		}
		if (c == '"')
			j->in_string = 1;
		j->last = c;
		not_blank(j);
		j->column++;
		i++;
	}
	return i;
}

void jsonc_pass(struct jsonc *j, const unsigned char *p, size_t len,
		unsigned long long base, int at_end, struct jsonc_result *res)
{
	struct part pt = { .p = p, .len = len, .base = base, .at_end = at_end, .res = res,
			   .comma = NONE, .hold = NONE };
	size_t i = 0;
	/* whole lines may be passed as plain JSON (jsonc_lines.h); not in a
	 * part that holds an RS, which ends a string (the byte loop's rule) */
	int plain = j->comments && !j->no_shortcuts && !memchr(p, SKIP_RS, len);

	/* All taken: start the queue again.  Here, not while passing, as a
	 * comma held back restores the count it had before it (snap()).  A
	 * comment taken needs no line_ends any more: the consumer has it. */
	if (jsonc_queue_restart(&j->queue))
		j->awaiting = 0;
	*res = (struct jsonc_result){ .p = p, .fed = len };
	if (!j->comments)       /* JSON: nothing to blank */
		i = pass_lines(j, p, len, base);
	while (i < len && !pt.stopped) {
		if (plain && pt.comma == NONE && !j->escaped) {
			size_t e = lines_plain_end(p, i, len, j->in_string);
			pass_plain(j, p, i, e, base);
			if ((i = e) == len)
				break;
		}
		/* the byte loop takes the line that is not plain, and the
		 * lines after it while a comma waits for the next token */
		const unsigned char *nl = plain ? memchr(p + i, '\n', len - i) : NULL;
		i = pass_bytes(j, &pt, i, nl ? (size_t)(nl - p) + 1 : len);
	}
	if (res->error)
		return;
	if (pt.comma != NONE && !at_end) {      /* undecided: pass it again */
		restore(j, &pt.at_comma);
		pt.hold = pt.comma;
	}
	if (pt.hold != NONE)
		res->fed = pt.hold;
}

/* jsonc.c - comments and trailing commas found, hidden from yajl and
 * queued (--comments).  See jsonc.h. */
#include "read/jsonc.h"

#include <stdint.h>
#include <string.h>

#include "read/jsonc_comment.h"
#include "read/jsonc_runs.h"
#include "read/skip.h"

/* The state at the start of a byte, to pass again from there: all of
 * the line's, as passing again counts each line end again (a blank line
 * after a comma held back lost the flags of where it stands). */
struct snapshot {
	size_t n, text_len;
	struct jsonc_line line;
};

void jsonc_init(struct jsonc *j)
{
	runs_init();
	memset(j, 0, sizeof *j);
	fbuffer_init_mem(&j->copy);
	jsonc_queue_init(&j->queue);
	j->line.queue = &j->queue;
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
	j->line.keep_blank = keep_blank;
	j->no_rs = no_rs;
	j->seq = 0;
	j->line.blank_queued = 0;
	j->seen = 0;
	j->in_string = j->escaped = 0;
	j->line.line_blank = 1;
	j->line.awaiting = 0;
	j->line.column = j->line.indent = 0;
	j->line.last = 0;
	jsonc_queue_clear(&j->queue);
}

static struct snapshot snap(const struct jsonc *j)
{
	return (struct snapshot){ j->queue.n, j->queue.text.len, j->line };
}

static void restore(struct jsonc *j, const struct snapshot *s)
{
	jsonc_queue_cut(&j->queue, s->n, s->text_len);
	j->line = s->line;
}

static void queue(struct jsonc *j, const unsigned char *p, size_t len,
		  unsigned long long at, int block)
{
	j->line.blank_queued = 0;
	j->seen++;
	if (!j->keep)
		return;
	jsonc_queue_add(&j->queue, &(struct jsonc_entry){
		.at = at, .block = block, .own_line = j->line.line_blank, .column = j->line.column,
		.indent = j->line.indent, .prev = j->line.last,
	}, (const char *)p, len);
	j->line.comment_newlines = 0;
	j->line.awaiting = 1;
}

/* Something that is not white space, a token or a comment, starts at
 * the column reached: the line's indent if it is the first. */
static void line_taken(struct jsonc *j)
{
	if (j->line.line_blank)
		j->line.indent = j->line.column;
}

/* A token starts at the column reached. */
static void not_blank(struct jsonc *j)
{
	line_taken(j);
	j->line.line_blank = 0;
	j->line.awaiting = 0;
	j->line.blank_queued = 0;
	j->line.break_queued = 0;
	j->line.newlines = 0;
	if (j->line.last != ',')
		j->line.value_newlines = 0;
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
	j->line.line_blank = 0;
	blank(copy_of(j, pt) + i, end - i);
	for (; i < end; i++)
		j->line.column = sink_column_after(j->line.column, pt->p[i]);
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
	j->line.awaiting = 0;
	pass_comment(j, pt, i, end);
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
			j->line.column += cols;
			continue;
		}
		if (j->in_string) {
			j->line.column = sink_column_after(j->line.column, c);
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
			j->line.last = p[k - 1];
			not_blank(j);
			j->line.column += k - i;
			i = k;
			continue;
		}
		if (c == ' ') {                 /* indentation, mostly */
			size_t k = i;
			while (++k < len && p[k] == ' ')
				;
			j->line.column += k - i;
			i = k;
			continue;
		}
		if (c == '\t' || c == '\r') {
			j->line.column = sink_column_after(j->line.column, c);
			i++;
			continue;
		}
		if (c == '\n') {
			line_ends_at(&j->line, pt->base + i);
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
			j->line.awaiting = 0;
			j->line.blank_queued = 0;
			pt->comma = NONE;
			j->line.last = c;
			j->line.column = 0;
			i++;
			continue;
		}
		if ((c == ']' || c == '}') && pt->comma != NONE)
			copy_of(j, pt)[pt->comma] = ' ';
		pt->comma = NONE;
		if (c == ',' && j->comments && after_value(j->line.last)) {
			pt->comma = i;
			pt->at_comma = snap(j);
		}
		if (c == '"')
			j->in_string = 1;
		j->line.last = c;
		not_blank(j);
		j->line.column++;
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
		j->line.awaiting = 0;
	*res = (struct jsonc_result){ .p = p, .fed = len };
	if (!j->comments && !(j->seq && memchr(p, SKIP_RS, len))) {
		/* JSON: nothing to blank; a text sequence with an RS in it is
		 * the byte loop's */
		jsonc_pass_lines(&j->line, p, len, base);
		j->in_string = j->escaped = 0;
		i = len;
	}
	while (i < len && !pt.stopped) {
		if (plain && pt.comma == NONE && !j->escaped) {
			size_t e = lines_plain_end(p, i, len, j->in_string, &j->found);
			jsonc_pass_plain(&j->line, &j->found, p, i, e, base);
			if (e > i)      /* (a plain stretch ends outside a string) */
				j->in_string = 0;
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

/* parse.h - feeding the reads of an input to yajl, whose callbacks
 * belong to a consumer (sink.h): the hooks the consumer reports through,
 * the rule between top-level values (between.h), RFC 7464 records, going
 * on after an invalid value, and the one report of each error, in jfmt's
 * words (report.h).
 *
 * An input holds any number of values one after another.  In a text
 * sequence (input that starts with RS, 0x1E) each record is parsed on its
 * own, and one that does not parse is reported and skipped.  With
 * keep_going, an invalid value in any stream is reported and skipped too:
 * parsing goes on where the next top-level value begins, after the error:
 * at the next record of a text sequence, else at the next line whose first
 * byte starts a value (skip.h).  So each broken value is one message, and
 * no piece of it comes out as a value of its own.
 *
 * Before each message about the input, the consumer gives up the value
 * being read (sink.give_up): what stands before that value, its comments
 * included, is written, and the line is ended.  With --comments, the
 * comments inside a skipped value are dropped with it.
 *
 * The reader (read.h) owns the bytes (window.h) and calls these in turn:
 * parser_start(), then for each read parser_look_ahead() and
 * parser_feed(), then parser_finish() and parser_end_input().
 *
 * parse.c feeds yajl; parse_report.c reports; parse_hooks.c takes what
 * the consumer reports (struct feed_hooks).
 */
#ifndef JFMT_PARSE_H
#define JFMT_PARSE_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "read/between.h"
#include "base/fbuffer.h"
#include "read/jsonc.h"
#include "report/parse_error.h"
#include "report/scope.h"
#include "base/sink.h"
#include "base/status.h"
#include "read/surrogates.h"
#include "report/window.h"

struct parser {
	int allow_comments;
	int keep_going;                 /* skip invalid values and go on */
	int single;                     /* one JSON text per input */
	struct feed_hooks hooks;        /* handed to the consumer */
	struct sink sink;               /* the consumer */
	struct fbuffer raw;             /* a string's raw text, when needed */
	struct surrogates lone;         /* unpaired surrogate escapes ahead */
	struct jsonc jsonc;             /* --comments: comments, trailing commas */

	/* The input being read; reset by parser_start(). */
	const char *name;
	const struct window *win;       /* its bytes in memory */
	yajl_handle h;
	const unsigned char *text;      /* what yajl is given: text[i] stands
					 * for win->cur.p[i] (a copy without
					 * comments, with --comments) */
	size_t feed_off;                /* offset in win->cur last fed to yajl */
	size_t part_from;               /* ... in the part given to parser_feed()
					 * that starts here */
	size_t fed_end;                 /* ... and the end of what it was fed */
	int completing;                 /* inside yajl_complete_parse() */
	int seen_text;                  /* anything but white space so far */
	int after_values;               /* the input goes on after values
					 * another reader read (read.h) */
	struct between between;         /* the rule between values */
	int seq;                        /* RFC 7464 input: records after RS */
	int skipping;                   /* after an error: looking for where
					 * to go on */
	int skip_fresh;                 /* ... a line has begun (skip_resync()) */
	unsigned long long skip_last;   /* ... the end of the last token
					 * skipped so far */
	int again;                      /* ... none: the value at again_from
					 * goes on into this part */
	unsigned long long again_from;
	int invalid;                    /* a value was skipped */
	unsigned long long progress_from; /* the consumer's sink.progress
					 * where the read began, or after the
					 * value it last dropped (sink.reset) */
	int record_text;                /* the record so far is not all blank */
	unsigned long long values;      /* top-level values so far */
	unsigned long long top_end;     /* input offset just after the last
					 * top-level value: no container open */
	unsigned long long member_end;  /* input offset just after the last
					 * value that ended inside an object */
	unsigned long long scan_from;   /* an offset in memory outside every
					 * string and comment, or SCOPE_NONE:
					 * where messages lex from when top_end
					 * is gone (parser_window_moves()) */
	int begun;                      /* a top-level value began after top_end, */
	unsigned long long begin;       /* ... here (its first byte) */
	unsigned long long error_at;    /* where the last error was reported */
	int giving_up;                  /* in sink.give_up(): the comments are
					 * taken up to `begin` */
	unsigned long long record_end;  /* where the input or record being
					 * finished ends */
	const char *error;              /* found by a hook, to report once yajl
					 * returns: this text, or */
	enum error_kind error_kind;     /* ... jfmt's words for this error */
	unsigned long long error_pos;
};

/** Prepare `ps`; bind its consumer by setting ps->sink before the first
 * input, once the consumer was given &ps->hooks. */
void parser_init(struct parser *ps, int allow_comments, int keep_going);
void parser_release(struct parser *ps);

/** A new input, named `name`, whose bytes `w` shows; `seq`: a text
 * sequence. */
void parser_start(struct parser *ps, const char *name, const struct window *w, int seq);

/** The input is a text sequence after all (it starts with RS). */
static inline void parser_set_seq(struct parser *ps, int seq)
{
	ps->seq = seq;
	jsonc_set_seq(&ps->jsonc, seq);
}

/** Look for unpaired surrogate escapes in the new part of the current
 * read, from offset `from` to `end`; `backslash`: whether that holds one. */
void parser_look_ahead(struct parser *ps, size_t from, size_t end, int backslash);

/**
 * Parse win->cur[from, end), given to yajl as text[from, end), where text
 * stands for win->cur.p (or is a copy of it with the comments blanked).
 * When text is win->cur.p, SINK_INPUT_SLACK bytes past `end` may be read,
 * and the consumer is told of them (sink.set_input).  Returns 0, or -1
 * when this input must stop (the error was reported).
 */
int parser_feed(struct parser *ps, size_t from, size_t end, const unsigned char *text);

/* --- Shared by parse.c, parse_report.c and parse_hooks.c --- */

/** Input offset of what yajl has consumed of the part it was last given. */
static inline unsigned long long parser_offset(const struct parser *ps)
{
	return ps->win->cur.base + ps->feed_off + yajl_get_bytes_consumed(ps->h);
}

/** Report an error of `kind` at input offset g (parse_report.c). */
void parser_report_kind(struct parser *ps, enum error_kind kind, unsigned long long g);

/** Report yajl's error for status `st`, or the one a hook noted. */
void parser_report_yajl(struct parser *ps, yajl_status st);

/** The hooks the consumer reports through, for `ps` (parse_hooks.c). */
struct feed_hooks parser_hooks(struct parser *ps);

/** The JSONC pass of this parser's input (--comments). */
static inline struct jsonc *parser_jsonc(struct parser *ps)
{
	return &ps->jsonc;
}

/** Whether an unpaired surrogate escape lies ahead, in a string not yet
 * read whole: its text must stay in memory. */
static inline int parser_lone_ahead(const struct parser *ps)
{
	return surrogates_pending(&ps->lone);
}

/** Whether the parser is skipping an invalid value. */
static inline int parser_skipping(const struct parser *ps)
{
	return ps->skipping;
}

/**
 * An error was reported (parser_report()): go on after it (1) when invalid
 * values are skipped here, else 0.
 */
int parser_skip(struct parser *ps);

/**
 * While skipping: the byte before input offset g, where the last
 * parser_feed() ended, was passed over unread (a form feed or vertical
 * tab, which yajl may not see); skipping goes on from g.
 */
void parser_passed_over(struct parser *ps, unsigned long long g);

/** Report `msg` at input offset g (the consumer gives up the value being
 * read first). */
void parser_report(struct parser *ps, unsigned long long g, const char *msg);

/**
 * The read before the current one is about to leave memory: keep a point
 * to lex from for messages (scan_from) in what stays, so that one about
 * a string left open says where it opened however far back the last
 * top-level value ended.  Past top_end and member_end, which cost nothing
 * to keep, the bytes are lexed only where a quote or slash stands
 * (scope_clean_point()).
 */
void parser_window_moves(struct parser *ps);

/** The input has ended: EXIT_OK, or EXIT_INVALID (reported). */
enum exit_status parser_finish(struct parser *ps);

/** Free what this input needed. */
void parser_end_input(struct parser *ps);

#endif

/* format.h - the layout engine: yajl parse events in, formatted JSON out.
 *
 * A struct formatter receives yajl's callbacks (format_callbacks() with the
 * formatter as yajl's context) and writes each event at once to its output
 * fbuffer, f->output: nothing of the document is kept, except the objects
 * whose keys are being sorted (--sort-keys), and one byte of state per open
 * container.
 */
#ifndef JFMT_FORMAT_H
#define JFMT_FORMAT_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "fbuffer.h"

/* Colour classes, in the order JFMT_COLORS lists them. */
enum color_class {
	COLOR_NULL, COLOR_FALSE, COLOR_TRUE, COLOR_NUMBER, COLOR_STRING,
	COLOR_ARRAY, COLOR_OBJECT, COLOR_KEY, COLOR_CLASSES
};

#define COLOR_SEQ_MAX 32

struct format_options {
	int compact;            /* no whitespace inside values */
	int indent;             /* spaces (or tabs) per level, 0-16 */
	char indent_char;       /* ' ' or '\t' */
	int sort_keys;          /* sort object members by key bytes */
	int escape_mode;        /* ESCAPE_* flags */
	int seq;                /* RFC 7464: RS before each value */
	int check;              /* validate only, write nothing */
	int color;              /* wrap tokens in colour escapes */
	char color_seq[COLOR_CLASSES][COLOR_SEQ_MAX]; /* "\033[...m" each */
};

/**
 * What the formatter asks of whoever feeds it, at points where the input's
 * position matters.  Each returns 0 to go on, non-zero to stop the parse.
 */
struct format_hooks {
	void *ctx;
	/* A top-level value has just ended. */
	int (*value_end)(void *ctx);
	/*
	 * Called for a string (or key) token while `raw_check` is set: if the
	 * token holds an escape yajl cannot decode faithfully (an unpaired
	 * surrogate), set *raw and *len to the token's text between the quotes and
	 * return 1; return 0 if the decoded text is exact; -1 to stop.
	 */
	int (*raw_string)(void *ctx, const unsigned char **raw, size_t *len);
	/* The string token yajl just read is not valid UTF-8; the parse
	 * stops after this. */
	void (*invalid_utf8)(void *ctx);
};

struct sort_member;
struct sort_frame;
struct sort_record;
struct sort_span;
struct emit_task;

struct formatter {
	/* The real output.  Its owner binds it (fbuffer_init_fd() or
	 * fbuffer_init_mem()) after format_init(), and flushes and releases
	 * it; format_reset() and format_release() leave it alone.  It lives
	 * here, not behind a pointer, so that the plain layouts reach it
	 * without a load first. */
	struct fbuffer output;
	struct fbuffer *out;     /* where output goes now: &output, or a capture */
	const struct format_options *opt;
	const struct format_hooks *hooks;
	int raw_check;           /* ask hooks->raw_string for each string */

	size_t depth;            /* open containers */
	unsigned char *state;    /* per depth: CONTAINER_* bits */
	size_t state_cap;

	const char *nl_indent;   /* ",\n" then indentation, prebuilt */
	size_t nl_indent_len;
	size_t indent;           /* opt->indent */

	/* --sort-keys: an object and all it holds are captured here until it
	 * closes, and written out in sorted order */
	struct fbuffer capture;
	struct fbuffer keys;     /* decoded keys of the captured members */
	struct sort_member *members;
	size_t nmembers, members_cap;
	struct sort_frame *frames;
	size_t nframes, frames_cap;
	struct sort_record *records;  /* captured objects out of order */
	size_t nrecords, records_cap;
	struct sort_span *spans;      /* their members, in sorted order */
	size_t nspans, spans_cap;
	struct emit_task *tasks;      /* writing the capture out */
	size_t tasks_cap;

	unsigned long long values; /* top-level values so far in this input */

	/* For the message when no ',' or '}' follows a member's value (yajl's
	 * own position for it is not exact): the input offset just after the
	 * last value inside an object.  The reader sets `parser` and, before
	 * each read is parsed, the input offset of its first byte in
	 * `feed_base`. */
	yajl_handle parser;
	unsigned long long feed_base;
	unsigned long long member_end;
	unsigned long long checked; /* events seen with --check */
};

/** Set up `f`; `opt` must outlive it.  Bind f->output before use. */
void format_init(struct formatter *f, const struct format_options *opt,
		 const struct format_hooks *hooks);

/** Forget any half-written document (after a parse error); ready for the next input. */
void format_reset(struct formatter *f);

/** Free what `f` allocated. */
void format_release(struct formatter *f);

/**
 * A number that changes whenever a parse event has been handled: the reader
 * compares it before and after feeding yajl to learn whether a token ended.
 */
unsigned long long format_mark(const struct formatter *f);

/** The yajl callbacks for `opt` (a lighter set for --check). */
const yajl_callbacks *format_callbacks(const struct format_options *opt);

#endif

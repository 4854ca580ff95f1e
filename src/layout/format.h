/* format.h - the formatter: yajl parse events in, formatted JSON out.
 *
 * A struct formatter is a consumer for the reader (sink.h): yajl calls its
 * callbacks, and it writes each event at once to its output buffer,
 * f->output.  Nothing of the document is kept, except the objects whose
 * keys are being sorted (sortkeys.h), and one byte of state per open
 * container.  It knows nothing of where the input comes from: what the
 * reader must learn (a value ended, a string needs its raw text) goes
 * through the feed_hooks given to format_init().
 *
 * The work is split by job: format.c (life cycle, the sink), layout.h
 * (the pieces of output: separators, indentation, tokens, strings),
 * quick.h (the plain layouts' common cases, inline), layout.c (the yajl
 * callbacks, stamped once per layout), sortkeys.c (--sort-keys),
 * placement.c (where the input's comments go, with --comments).
 */
#ifndef JFMT_FORMAT_H
#define JFMT_FORMAT_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "base/sink.h"
#include "sort/sortkeys.h"
#include "width/width.h"

struct width_stage;

/* Colour classes, in the order JFMT_COLORS lists them. */
enum color_class {
	COLOR_NULL, COLOR_FALSE, COLOR_TRUE, COLOR_NUMBER, COLOR_STRING,
	COLOR_ARRAY, COLOR_OBJECT, COLOR_KEY, COLOR_CLASSES
};

#define COLOR_SEQ_MAX 32

/* The widest indentation per level, in spaces. */
#define FORMAT_INDENT_MAX 16

struct format_options {
	int compact;            /* no whitespace inside values */
	int indent;             /* spaces (or tabs) per level, 0 to FORMAT_INDENT_MAX */
	char indent_char;       /* ' ' or '\t' */
	int sort_keys;          /* sort object members by key bytes */
	int escape_mode;        /* ESCAPE_* flags */
	int seq;                /* RFC 7464: RS before each value */
	int comments;           /* keep the input's comments (placement.h) */
	int color;              /* wrap tokens in colour escapes */
	int width;              /* --width: 0, or columns (not when compact) */
	int general_only;       /* every layout fast path off: the referee
				 * (make general; format_plain()) */
	char color_seq[COLOR_CLASSES][COLOR_SEQ_MAX]; /* "\033[...m" each */
};

struct formatter {
	/* The real output.  Its owner binds it (fbuffer_init_fd()) after
	 * format_init(), and flushes it; format_reset() and format_release()
	 * leave it alone.  It lives here, not behind a pointer, so that the
	 * plain layouts reach it without a load first. */
	struct fbuffer output;
	struct fbuffer *out;     /* where output goes now: &output, or the
				  * sorter's capture */
	const struct format_options *opt;
	const struct feed_hooks *hooks;
	int raw_check;           /* ask hooks->raw_string for each string */
	/* The input yajl parses now (sink.set_input), or input_len 0: a
	 * string inside it holds nothing to escape (quick.h). */
	const unsigned char *input;
	size_t input_len;
	/* Where the last value in an object ended, in that input, when the
	 * reader was not told through hooks->member_end (sink.take_member_end) */
	const unsigned char *member_end;
	/* The same for documents (sink.take_value_end): how many ended so,
	 * and where the last did, if hooks->value_end was not called after */
	unsigned long values_ended;
	const unsigned char *value_end;
	/* A key in that input, not written yet: its member's value writes
	 * it (quick.h), or else write_key() (layout.h) */
	const unsigned char *key;
	size_t key_len;
	/* -S: just after the last key's closing quote, in that input, when
	 * it lay there (sortlayout.c) */
	const unsigned char *key_after;

	size_t depth;            /* open containers */
	unsigned char *state;    /* per depth: CONTAINER_* bits (layout.h) */
	size_t state_cap;

	const char *nl_indent;   /* ",\n" then indentation, prebuilt */
	size_t nl_indent_len;
	size_t indent;           /* opt->indent */

	struct sorter sort;      /* --sort-keys */
	int top_line;            /* --comments: what the last line at the top
				  * level holds (placement.h) */

	/* --width (width_layout.c), set up only when format_uses_width() */
	struct width width;
	struct width_stage *width_stage; /* with --sort-keys */
	char width_comma[2][COLOR_SEQ_MAX + 8];
};

/**
 * Whether the plain fast paths apply to `opt`: no colour, no sorting, no
 * --seq, no escaping beyond JSON's, no comments, and not the referee
 * build.  The one place this is decided.
 */
static inline int format_plain(const struct format_options *opt)
{
	return !opt->color && !opt->sort_keys && !opt->seq && !opt->escape_mode &&
		!opt->comments && !opt->general_only;
}

/** Whether `opt` lays containers out by width (-c ignores --width). */
static inline int format_uses_width(const struct format_options *opt)
{
	return opt->width > 0 && !opt->compact;
}

/**
 * Set up `f`; `opt` and `hooks` must outlive it.  Bind f->output before
 * the first event.
 */
void format_init(struct formatter *f, const struct format_options *opt,
		 const struct feed_hooks *hooks);

/**
 * Forget any half-written document (after a parse error): what is held of
 * it in the output is dropped (fbuffer_abandon()).
 */
void format_reset(struct formatter *f);

/** Free what `f` allocated (not its output's storage). */
void format_release(struct formatter *f);

/** Fill in `sink` so that the reader feeds `f`. */
void format_sink(struct formatter *f, struct sink *sink);

/** The yajl callbacks for `opt` (layout.c). */
const yajl_callbacks *format_callbacks(const struct format_options *opt);

/** --width's part of format_init(), _reset() and _release(), and its
 * callbacks (width_layout.c). */
void format_width_init(struct formatter *f);
void format_width_reset(struct formatter *f);
void format_width_release(struct formatter *f);
const yajl_callbacks *format_width_callbacks(void);

#endif

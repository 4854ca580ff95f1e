/* formatter.h - the formatter's data: its options, and the state that
 * every layout path reads and writes.  Its code is the rest of layout/:
 * format.h is its life cycle and its face to the reader, pieces.h the
 * pieces of output, layout.c, sortlayout.c and width_format.c the yajl
 * callbacks, placement.c the comments' places and comment_text.c their
 * text (and width_comments.c, for --width, the containers that hold
 * them).  Everything here is below all of them.
 */
#ifndef JFMT_FORMATTER_H
#define JFMT_FORMATTER_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "base/fbuffer.h"
#include "base/sink.h"
#include "sort/sortkeys.h"
#include "style/options.h"
#include "style/style.h"
#include "width/prettier.h"
#include "width/width.h"

struct width_stage;

/* Which strings are written from their raw text, asked of the reader
 * (hooks->raw_string): formatter.raw_check's bits. */
enum raw_check {
	RAW_EVERY = 1,          /* every one: an unpaired surrogate escape
				 * is ahead (sink.set_raw_check) */
	RAW_ESCAPED = 2,        /* every one that is not its own raw text,
				 * escapes kept: --keep-escapes, and the
				 * -S --width replay of text written already */
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
	unsigned raw_check;      /* RAW_* bits: which strings are written
				  * from their raw text (needs_raw()) */
	/* The text the -S --width stage replays, while it does (or NULL):
	 * a string inside it is its own raw text, as in the input */
	const unsigned char *replay;
	size_t replay_len;
	/* The input yajl parses now (sink.set_input), or input_len 0: a
	 * string inside it holds nothing to escape (quick.h). */
	const unsigned char *input;
	size_t input_len;
	/* Where the last value in an object ended, in that input, when the
	 * reader was not told through hooks->member_end (sink.take_member_end) */
	const unsigned char *member_end;
	/* The same for documents (sink.take_value_end): how many ended so,
	 * and, if hooks->value_end was not called after, where the last one's
	 * last member ended: its '}' is the first byte after that which is
	 * not white space (valueend.h) */
	unsigned long values_ended;
	const unsigned char *value_end;
	/* A key in that input, not written yet: its member's value writes
	 * it (quick.h), or else write_key() (pieces.h) */
	const unsigned char *key;
	size_t key_len;

	size_t depth;            /* open containers */
	unsigned char *state;    /* per depth: container_bits (style.h) */
	size_t state_cap;

	struct layout_style style; /* what goes between tokens (style.h) */
	/* the general callbacks: the -S callbacks hand them what they do
	 * not take (sortlayout.c) */
	const yajl_callbacks *general;

	struct sorter sort;      /* --sort-keys */
	int top_line;            /* --comments: what the last line at the top
				  * level holds (TOP_*) */
	struct fbuffer key_text; /* --comments: a key and its colon, written
				  * when its value comes (placement.h) */
	size_t comment_col;      /* --comments: the column where that key
				  * would go */
	/* --blank-lines=keep: the comments taken last, without the blank
	 * lines among them, each marked (sink_comment.blank) when blank lines
	 * stood before it; and whether some stood before the token */
	struct sink_comment *taken;
	size_t taken_cap;
	int blank_before_token;
	int top_committed;       /* ... top_line as of the last
				  * fbuffer_commit(): what an abandoned
				  * value goes back to */
	int record_open;         /* --seq: the next document's RS is out,
				  * before its comments (placement.h) */

	/* --width's (width_format.h), set up only by width_format_init() */
	struct width width;
	struct width_stage *width_stage; /* with --sort-keys */
	int width_separated;     /* with comments: the separator of the
				  * member whose key is in key_text is out */
	char width_comma[2][COLOR_SEQ_MAX + 8];

	/* --style=prettier's engine (prettier_format.h), and the key of the
	 * member coming, held for its value (and the comments between) */
	struct prettier prettier;
	struct fbuffer pkey;
	size_t pkey_cols;
	unsigned pkey_flags;
	int pkey_pending;
	int after_brace;        /* the token coming may be the first after
				 * '{' (prettier_before_token()) */
};

/**
 * Whether the fast paths may write what `opt` asks for: no colour, and not
 * the referee build (make general), which runs the general callbacks
 * alone.  The -S callbacks and --width's quick paths ask this (with no
 * sorting still ahead of them); the plain layouts ask format_plain().
 */
static inline int format_fast(const struct format_options *opt)
{
	return !opt->color && !opt->general_only;
}

/**
 * Whether --width's quick paths (width/width_quick.h) apply to `opt`: the fast
 * paths (format_fast()) with no sorting still ahead, which there is not
 * while the stage's sorted text is `replaying`.
 */
static inline int width_fast(const struct format_options *opt, int replaying)
{
	return format_fast(opt) && (!opt->sort_keys || replaying);
}

/** Whether the plain layouts apply to `opt`: the fast paths, and nothing
 * but JSON's own escaping, no sorting, no --seq, no comments. */
static inline int format_plain(const struct format_options *opt)
{
	return format_fast(opt) && !opt->sort_keys && !opt->seq && !opt->escape_mode &&
		!format_places(opt);
}

/** Whether `opt` lays containers out by width in jfmt's style (-c ignores
 * --width). */
static inline int format_uses_width(const struct format_options *opt)
{
	return opt->width > 0 && !opt->compact && opt->style == FORMAT_STYLE_JFMT;
}

/* What the last line at the top level holds, with --comments: a line ends
 * only when what comes next is known, as a comment may follow a value on
 * its line (placement.c). */
enum { TOP_NONE, TOP_DOC, TOP_LEAD };   /* nothing; a value; comments
					 * before the next value */

#endif

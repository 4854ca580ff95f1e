/* sink.h - the one interface between the reader and what it feeds.
 *
 * The reader (read.h) hands the input to yajl, and yajl calls the
 * callbacks of a consumer: the formatter (format.h) or the validator
 * (validate.h).  The two sides meet only here, as yajl's callback contract
 * is the model: the reader knows nothing of what the callbacks do, and the
 * consumer knows nothing of where the bytes came from.
 *
 *  - struct feed_hooks: what the consumer tells the reader, at the points
 *    where the input's position matters (the reader keeps what locations
 *    need).  The reader fills one in (reader_hooks()); the consumer gets it
 *    at its init.
 *  - struct sink: what the reader asks of the consumer.  The consumer fills
 *    one in (format_sink(), validate_sink()); the reader gets it per input.
 */
#ifndef JFMT_SINK_H
#define JFMT_SINK_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

/* Bytes past the announced input (sink.set_input) that may be read. */
#define SINK_INPUT_SLACK 64

/* A comment of the input (--comments), as the reader hands it on: its text
 * from the opening // or slash-star through its end (a // comment's line
 * end, a line feed or a carriage return or both, not included).  Columns count
 * characters from the start of a line, a tab going on to the next multiple
 * of SINK_TAB_COLUMNS. */
struct sink_comment {
	const char *text;
	size_t len;
	int block;              /* a block comment, else a // comment */
	int own_line;           /* only white space before it on its line */
	int line_ends;          /* only white space after it on its line */
	int blank;              /* not a comment but one or more blank lines
				 * (sink.keep_blank_lines): no text */
	int blank_after;        /* blank, with sink.keep_line_breaks: where
				 * it stands, SINK_AFTER_* bits */
	unsigned char prev;     /* the last byte of the token before it ('[',
				 * ',', ':', ...), or 0 at the input's start
				 * (a comment's, or blank lines') */
	int line_break;         /* not a comment but a line break after an
				 * object's '{', before its first key
				 * (sink.keep_line_breaks): no text */
	size_t column;          /* the column of its first byte */
	size_t indent;          /* the column of the first byte of its line
				 * that is not white space */
};

/* Where a blank line stands (sink_comment.blank_after), as prettier reads
 * blank lines: an object's member has one after it when the line right
 * after its value's line is blank, an array's element when the line right
 * after its comma's line is. */
enum {
	SINK_AFTER_VALUE = 1,
	SINK_AFTER_COMMA = 2,
	SINK_AFTER_COMMENT = 4, /* right after a comment's line */
};

/* How far apart the tab stops are, for columns (sink_comment). */
#define SINK_TAB_COLUMNS 8

/** The column after byte c of a line, from column `col`: a tab goes on to
 * the next stop, a newline back to 0, and a byte that continues a UTF-8
 * sequence or a carriage return takes no column. */
static inline size_t sink_column_after(size_t col, unsigned char c)
{
	if (c == '\t')
		return (col / SINK_TAB_COLUMNS + 1) * SINK_TAB_COLUMNS;
	if (c == '\n')
		return 0;
	return col + ((c & 0xC0) != 0x80 && c != '\r');
}

struct feed_hooks {
	void *ctx;
	/** A top-level value has ended.  Returns 1 (yajl's "go on"), or 0
	 * to stop, so that a callback can end with it. */
	int (*value_end)(void *ctx);
	/** A value inside an object has ended (its member is complete).
	 * Returns 1 (yajl's "go on"), so that a callback can end with it. */
	int (*member_end)(void *ctx);
	/**
	 * Called for a string (or key) token while the consumer's raw check
	 * is on (sink.set_raw_check), or with sink.keep_escapes: if the
	 * token holds an escape yajl cannot decode faithfully (an unpaired
	 * surrogate), or sink.keep_escapes is set, set *raw and *len to the
	 * token's text between the quotes and return 1; return 0 if the
	 * decoded text is exact and wanted; -1 to stop (the reader noted
	 * why).
	 */
	int (*raw_string)(void *ctx, const unsigned char **raw, size_t *len);
	/** The string token just read is not valid UTF-8; the parse stops. */
	void (*invalid_utf8)(void *ctx);
	/**
	 * With sink.keep_comments: the comments that stand before the token
	 * of the event being handled (all that are left, from
	 * sink.end_input), in input order.  Sets *c to them and returns how
	 * many; they stay valid until the next call.
	 */
	size_t (*comments)(void *ctx, const struct sink_comment **c);
	/**
	 * Where the reader counts the comments (and blank lines) it queued,
	 * and those taken: while *queued == *taken, comments() would hand out
	 * none, and a consumer that asks before every token may skip it.
	 */
	const size_t *queued, *taken;
	/** Where the entries that may be comments or blank lines end: those
	 * from it to *queued are all line breaks after an object's '{'
	 * (sink.keep_line_breaks), each taken by the token right after its
	 * '{'.  While *taken >= *others_end, only that token need ask. */
	const size_t *others_end;
	/** Comment i of the last comments() cannot be written: the parse
	 * stops with `msg`, placed at that comment. */
	void (*bad_comment)(void *ctx, size_t i, const char *msg);
};

struct sink {
	void *ctx;
	const yajl_callbacks *callbacks;        /* yajl calls these with ctx */
	/** A new input begins, or an invalid value is skipped: forget any
	 *  half-done document. */
	void (*reset)(void *ctx);
	/**
	 * A count that grows whenever a parse event has been handled: the
	 * reader compares it before and after a read is parsed, to learn
	 * whether a token ended in it.
	 */
	unsigned long long (*progress)(const void *ctx);
	/** Whether to call feed_hooks.raw_string for each string. */
	void (*set_raw_check)(void *ctx, int on);
	/**
	 * yajl is about to parse p[0..len) (len 0: no input is announced,
	 * as after the parse); SINK_INPUT_SLACK bytes past p[len] may be
	 * read.  A string or key event whose text lies inside it is yajl's
	 * pointer into it: yajl copies out a token with escapes, or one cut
	 * by a read, and its lexer rejects a control byte, so such text holds
	 * no quote, backslash or control byte.  May be NULL.
	 */
	void (*set_input)(void *ctx, const unsigned char *p, size_t len);
	/**
	 * Where the last value inside an object ended, if the consumer kept
	 * it as a pointer into the input announced by set_input instead of
	 * calling feed_hooks.member_end (which it does for every other such
	 * value); else NULL.  The pointer is forgotten.  Called after each
	 * parse of an announced input.  May be NULL.
	 */
	const unsigned char *(*take_member_end)(void *ctx);
	/**
	 * The same for top-level values: how many ended without a call of
	 * feed_hooks.value_end since the last take (they end with '}', which
	 * nothing can touch), and in *end where the last of them ended if no
	 * value_end call came after it, else NULL.  The count is forgotten.
	 * Called after each parse of an announced input.  May be NULL.
	 */
	unsigned long (*take_value_end)(void *ctx, const unsigned char **end);
	/** Whether the consumer cannot go on (its output failed). */
	int (*failed)(const void *ctx);
	/** The reader is about to wait for more input: pass on what is done. */
	void (*pause)(void *ctx);
	/**
	 * The innermost container open now: '[' or '{', or 0 when none is
	 * (for messages).
	 */
	char (*innermost)(const void *ctx);
	/**
	 * A new input's first line ends with CR LF (`crlf`), or not (a
	 * line feed alone, or no line end in its first read): called once
	 * per input, before any of it is parsed.  May be NULL.
	 */
	void (*line_end)(void *ctx, int crlf);
	/**
	 * A new input begins with a UTF-8 byte order mark, which the reader
	 * skips: called once, before any of it is parsed.  May be NULL.
	 */
	void (*byte_order_mark)(void *ctx);
	/** Whether the comments are wanted (feed_hooks.comments). */
	int keep_comments;
	/** Whether an input of comments alone, and no value, is accepted
	 *  (--comments: VS Code reads such a file as empty). */
	int accept_comments_alone;
	/** Whether the output is a text sequence (--seq), where a comment
	 *  kept must not hold an RS byte: written back, it would begin a
	 *  record where it stands. */
	int writes_records;
	/** Whether blank lines between tokens are wanted, among the
	 *  comments (sink_comment.blank), in JSON as in JSONC. */
	int keep_blank_lines;
	/** Whether each string's raw text is wanted (feed_hooks.raw_string)
	 *  when the consumer asks for it, escapes or not (--keep-escapes). */
	int keep_escapes;
	/** Whether a line break after an object's '{' is wanted, among the
	 *  comments (sink_comment.line_break): --style=prettier keeps such
	 *  an object expanded. */
	int keep_line_breaks;
	/** The referee build (make general): the reader takes no shortcut
	 *  either, and passes JSONC a byte at a time (read/jsonc.h). */
	int no_shortcuts;
	/** The input ended well (may be NULL): write what is left.  Returns
	 * 0, or nonzero after feed_hooks.bad_comment. */
	int (*end_input)(void *ctx);
	/**
	 * A message about the input is next (may be NULL): drop what was made
	 * of the value being read, write what is complete before it (the
	 * comments that feed_hooks.comments still hands out, all of them
	 * before that value) and end the last line, so that nothing before
	 * the value is lost and the message comes on a line of its own.  A
	 * comment that cannot be written is left out, without a message.
	 */
	void (*give_up)(void *ctx);
};

#endif

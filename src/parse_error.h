/* parse_error.h - what yajl's errors mean, in jfmt's terms: where yajl left
 * its offset for each, and what jfmt says about it.
 *
 * yajl reports an error only as English text and the count of bytes it
 * consumed; the text is matched against one table, here, and nowhere else.
 */
#ifndef JFMT_PARSE_ERROR_H
#define JFMT_PARSE_ERROR_H

/* Where the offending byte or token is, relative to the offset yajl leaves
 * (the bytes it consumed of the read it was given). */
enum error_where {
	AT_OFFSET,          /* the offending byte is at the offset */
	BEFORE_OFFSET,      /* it is the byte just before the offset */
	TOKEN_BEFORE,       /* the offending token ends just before the offset */
	AFTER_MEMBER,       /* yajl moved its offset back by a token's length:
			     * the token is the first thing after the last
			     * member's value */
	AT_COMMENT,         /* a comment starts at or after the offset */
	AT_END,             /* the input ended too early */
};

struct parse_error {
	enum error_where where;
	const char *message;        /* what jfmt says */
};

/** Classify yajl's error text (from yajl_get_error(), verbose off). */
void parse_error_classify(const char *yajl_text, struct parse_error *pe);

#endif

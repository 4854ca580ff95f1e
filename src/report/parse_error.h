/* parse_error.h - what yajl's errors are, in jfmt's terms: which error,
 * and where yajl left its offset for it.
 *
 * yajl reports an error only as English text and the count of bytes it
 * consumed; that text is matched against one table, in parse_error.c, and
 * nowhere else.  What jfmt then says is explain.h's job.
 */
#ifndef JFMT_PARSE_ERROR_H
#define JFMT_PARSE_ERROR_H

enum error_kind {
	ERR_CHAR,               /* a byte that cannot start a token */
	ERR_WORD,               /* a word that is not true, false or null */
	ERR_NUMBER_MINUS,       /* no digit after '-' */
	ERR_NUMBER_DECIMAL,     /* no digit after '.' */
	ERR_NUMBER_EXPONENT,    /* no digit after 'e' */
	ERR_ESCAPE,             /* '\' before a letter that is no escape */
	ERR_HEX,                /* \u without four hex digits */
	ERR_STRING_CONTROL,     /* a raw control character in a string */
	ERR_UTF8,               /* invalid UTF-8 in a string */
	ERR_COMMENT,            /* a comment, not allowed */
	ERR_END,                /* the input ended too early */
	ERR_AFTER_MEMBER,       /* no ',' or '}' after an object member */
	ERR_AFTER_ELEMENT,      /* no ',' or ']' after an array element */
	ERR_COLON,              /* no ':' after a key */
	ERR_KEY,                /* no string where a key must be */
	ERR_TOKEN,              /* a token that cannot stand here */
	ERR_ADJACENT,           /* two values touch (jfmt's own check) */
};

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
	enum error_kind kind;
	enum error_where where;
};

/** Classify yajl's error text (from yajl_get_error(), verbose off). */
void parse_error_classify(const char *yajl_text, struct parse_error *pe);

#endif

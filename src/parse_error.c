/* parse_error.c - the one table of yajl's errors.  See parse_error.h. */
#include "parse_error.h"

#include <string.h>

/* yajl 2's messages, as yajl_get_error() words them after "error: " (the
 * lexical ones end with a full stop, which is left out of what jfmt says). */
static const struct {
	const char *yajl;
	struct parse_error pe;
} table[] = {
	{ "invalid char in json text",
	  { BEFORE_OFFSET, "invalid char in json text" } },
	{ "malformed number, a digit is required after the exponent",
	  { BEFORE_OFFSET, "malformed number, a digit is required after the exponent" } },
	{ "malformed number, a digit is required after the decimal point",
	  { BEFORE_OFFSET, "malformed number, a digit is required after the decimal point" } },
	{ "malformed number, a digit is required after the minus sign",
	  { BEFORE_OFFSET, "malformed number, a digit is required after the minus sign" } },
	{ "inside a string, '\\' occurs before a character which it may not",
	  { BEFORE_OFFSET, "inside a string, '\\' occurs before a character which it may not" } },
	{ "invalid (non-hex) character occurs after '\\u' inside string",
	  { AT_OFFSET, "invalid (non-hex) character occurs after '\\u' inside string" } },
	{ "invalid character inside string",
	  { AT_OFFSET, "invalid character inside string" } },
	{ "invalid bytes in UTF8 string",
	  { AT_OFFSET, "invalid bytes in UTF8 string" } },
	{ "invalid string in json text",
	  { AT_OFFSET, "invalid string in json text" } },
	{ "probable comment found in input text",
	  { AT_COMMENT, "comments are not allowed without --comments" } },
	{ "premature EOF",
	  { AT_END, "unexpected end of input" } },
	{ "after key and value, inside map, I expect ',' or '}'",
	  { AFTER_MEMBER, "after key and value, inside map, I expect ',' or '}'" } },
	{ "after array element, I expect ',' or ']'",
	  { TOKEN_BEFORE, "after array element, I expect ',' or ']'" } },
	{ "object key and value must be separated by a colon (':')",
	  { TOKEN_BEFORE, "object key and value must be separated by a colon (':')" } },
	{ "invalid object key (must be a string)",
	  { TOKEN_BEFORE, "invalid object key (must be a string)" } },
	{ "unallowed token at this point in JSON text",
	  { TOKEN_BEFORE, "unallowed token at this point in JSON text" } },
};

void parse_error_classify(const char *text, struct parse_error *pe)
{
	const char *s = strstr(text, "error: ");

	s = s ? s + 7 : text;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		if (strncmp(s, table[i].yajl, strlen(table[i].yajl)) == 0) {
			*pe = table[i].pe;
			return;
		}
	}
	/* Not a message of yajl 2.1: point after the last token read. */
	pe->where = TOKEN_BEFORE;
	pe->message = "invalid JSON";
}

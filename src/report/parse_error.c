/* parse_error.c - the one table of yajl's errors.  See parse_error.h. */
#include "report/parse_error.h"

#include <string.h>

/* yajl 2's messages, as yajl_get_error() words them after "error: ". */
static const struct {
	const char *yajl;
	struct parse_error pe;
} table[] = {
	{ "invalid char in json text", { ERR_CHAR, BEFORE_OFFSET } },
	{ "invalid string in json text", { ERR_WORD, AT_OFFSET } },
	{ "malformed number, a digit is required after the exponent",
	  { ERR_NUMBER_EXPONENT, BEFORE_OFFSET } },
	{ "malformed number, a digit is required after the decimal point",
	  { ERR_NUMBER_DECIMAL, BEFORE_OFFSET } },
	{ "malformed number, a digit is required after the minus sign",
	  { ERR_NUMBER_MINUS, BEFORE_OFFSET } },
	{ "inside a string, '\\' occurs before a character which it may not",
	  { ERR_ESCAPE, BEFORE_OFFSET } },
	{ "invalid (non-hex) character occurs after '\\u' inside string",
	  { ERR_HEX, AT_OFFSET } },
	{ "invalid character inside string", { ERR_STRING_CONTROL, AT_OFFSET } },
	{ "invalid bytes in UTF8 string", { ERR_UTF8, AT_OFFSET } },
	{ "probable comment found in input text", { ERR_COMMENT, AT_COMMENT } },
	{ "premature EOF", { ERR_END, AT_END } },
	{ "after key and value, inside map, I expect ',' or '}'",
	  { ERR_AFTER_MEMBER, AFTER_MEMBER } },
	{ "after array element, I expect ',' or ']'", { ERR_AFTER_ELEMENT, TOKEN_BEFORE } },
	{ "object key and value must be separated by a colon (':')",
	  { ERR_COLON, TOKEN_BEFORE } },
	{ "invalid object key (must be a string)", { ERR_KEY, TOKEN_BEFORE } },
	{ "unallowed token at this point in JSON text", { ERR_TOKEN, TOKEN_BEFORE } },
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
	/* Not a message of yajl 2.1: a token that cannot stand here. */
	pe->kind = ERR_TOKEN;
	pe->where = TOKEN_BEFORE;
}

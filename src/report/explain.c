/* explain.c - jfmt's words for each parse error.  See explain.h. */
#include "report/explain.h"

#include <stdio.h>
#include <string.h>

#include "text/escape.h"

/* A word's bytes (letters, digits, '_', '$'), as JavaScript would write an
 * identifier; longer words are cut in messages. */
#define WORD_MAX 24

static int is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static int is_value_start(unsigned char c)
{
	return c == '"' || c == '[' || c == '{' || c == '-' || (c >= '0' && c <= '9') ||
	       c == 't' || c == 'f' || c == 'n';
}

static int byte_in(const struct error_scene *sc, unsigned long long g)
{
	return g >= window_start(sc->w) && g < window_end(sc->w);
}

/* The byte at g, or 0 past the end of what is in memory. */
static unsigned char at(const struct error_scene *sc, unsigned long long g)
{
	return byte_in(sc, g) ? window_byte(sc->w, g) : 0;
}

/* The last byte before g that is not white space, or 0. */
static unsigned char before(const struct error_scene *sc, unsigned long long g)
{
	while (g > window_start(sc->w)) {
		unsigned char c = window_byte(sc->w, --g);
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
			return c;
	}
	return 0;
}

/* The word at g, NUL-terminated into buf (WORD_MAX + 1 bytes). */
static void word_at(const struct error_scene *sc, unsigned long long g, char *buf)
{
	size_t n = 0;

	while (n < WORD_MAX && is_word_byte(at(sc, g + n))) {
		buf[n] = (char)at(sc, g + n);
		n++;
	}
	buf[n] = 0;
}

/* The byte (or character) at g, quoted, for a message. */
static void describe(const struct error_scene *sc, unsigned long long g, char *buf, size_t n)
{
	unsigned char b[4];
	size_t k = 0;

	while (k < 4 && byte_in(sc, g + k)) {
		b[k] = window_byte(sc->w, g + k);
		k++;
	}
	if (k == 0)
		snprintf(buf, n, "end of input");
	else if (b[0] >= 0x20 && b[0] < 0x7f)
		snprintf(buf, n, "'%c'", b[0]);
	else if (b[0] >= 0x80 && utf8_sequence(b, k) > 1)
		snprintf(buf, n, "'%.*s'", (int)utf8_sequence(b, k), (const char *)b);
	else
		snprintf(buf, n, "byte 0x%02x", b[0]);
}

/* "the array opened at 3:5", or "the array" when the place is unknown. */
static void container(const struct error_scene *sc, char *buf, size_t n)
{
	const char *what = sc->open_kind == '{' ? "object" : "array";

	if (sc->open_placed)
		snprintf(buf, n, "the %s opened at %llu:%llu", what, sc->open_line, sc->open_col);
	else
		snprintf(buf, n, "the %s", what);
}

/* A bracket that closes something other than what is open. */
static int wrong_close(const struct error_scene *sc, unsigned char c, char *msg)
{
	char what[64];

	if ((c != ']' && c != '}') || (c == ']' && sc->open_kind == '['))
		return 0;
	if (c == '}' && sc->open_kind == '{')
		return 0;
	if (sc->open_kind == 0) {
		snprintf(msg, EXPLAIN_MAX, "'%c' closes nothing: no %s is open", c,
			 c == ']' ? "array" : "object");
		return 1;
	}
	container(sc, what, sizeof what);
	snprintf(msg, EXPLAIN_MAX, "'%c' cannot close %s", c, what);
	return 1;
}

/* "trailing comma in an array", with a hint that --comments would take it
 * unless the input's name says it is JSON: a trailing comma is then a
 * mistake to fix, not a reason for JSONC (the names read as JSONC never
 * get here). */
static void trailing_comma(const struct error_scene *sc, const char *in, char *msg)
{
	snprintf(msg, EXPLAIN_MAX, "trailing comma in %s%s", in,
		 sc->comments || sc->named_json ? "" : " (--comments accepts it)");
}

/* A leading zero: a digit right after a number that is just "0" or "-0". */
static int leading_zero(const struct error_scene *sc, unsigned long long g)
{
	unsigned char p = at(sc, g - 1), q = g >= 2 ? at(sc, g - 2) : 0;

	return g > window_start(sc->w) && at(sc, g) >= '0' && at(sc, g) <= '9' && p == '0' &&
	       !(q >= '0' && q <= '9') && q != '.' && q != 'e' && q != 'E' && q != '+';
}

/* A byte that cannot start a token, or a word that is not one of JSON's. */
static void bad_start(struct error_scene *sc, char *msg)
{
	unsigned long long g = sc->at;
	unsigned char c = at(sc, g), p;
	char word[WORD_MAX + 1], what[32];

	sc->at = g;
	p = before(sc, g);
	int key = p == '{' || (p == ',' && sc->open_kind == '{');
	if (c == '\'') {
		snprintf(msg, EXPLAIN_MAX, "single-quoted %s: JSON needs double quotes",
			 key ? "key" : "string");
		return;
	}
	if (is_word_byte(c) && !(c >= '0' && c <= '9')) {
		word_at(sc, g, word);
		if (key)
			snprintf(msg, EXPLAIN_MAX, "unquoted key '%s': keys need double quotes", word);
		else if (!strcmp(word, "NaN") || !strcmp(word, "Infinity") ||
			 !strcmp(word, "undefined"))
			snprintf(msg, EXPLAIN_MAX, "%s is not a JSON value", word);
		else
			snprintf(msg, EXPLAIN_MAX,
				 "unknown word '%s' (JSON has true, false and null)", word);
		return;
	}
	if (c == '+' || c == '.') {
		snprintf(msg, EXPLAIN_MAX, "a number cannot start with '%c'", c);
		return;
	}
	if (c == 0 && byte_in(sc, g)) {
		snprintf(msg, EXPLAIN_MAX, "NUL byte: this is binary data, not JSON text");
		return;
	}
	describe(sc, g, what, sizeof what);
	if (c >= 0x80 && what[0] == 'b')
		snprintf(msg, EXPLAIN_MAX, "invalid UTF-8 (%s) outside a string", what);
	else if (c < 0x20 || c == 0x7f)
		snprintf(msg, EXPLAIN_MAX, "control character (%s) outside a string", what);
	else
		snprintf(msg, EXPLAIN_MAX, "unexpected %s", what);
}

/* The end of the input came too early. */
static void early_end(const struct error_scene *sc, char *msg)
{
	char what[64];
	const char *end = sc->record ? "record ends" : "end of input";

	if (sc->in_string) {
		snprintf(msg, EXPLAIN_MAX, "%s inside a string (opened at %llu:%llu)",
			 end, sc->left_line, sc->left_col);
	} else if (sc->in_comment) {
		snprintf(msg, EXPLAIN_MAX, "%s inside a comment (opened at %llu:%llu)",
			 end, sc->left_line, sc->left_col);
	} else if (sc->open_kind) {
		container(sc, what, sizeof what);
		snprintf(msg, EXPLAIN_MAX, "%s inside %s", end, what);
	} else {
		snprintf(msg, EXPLAIN_MAX, "unexpected %s", end);
	}
}

/* What follows a value where ',' or the closing bracket must. */
static void after_value(struct error_scene *sc, char close, char *msg)
{
	unsigned char c = at(sc, sc->at);
	const char *things = close == ']' ? "array elements" : "object members";

	if (wrong_close(sc, c, msg))
		return;
	if (leading_zero(sc, sc->at))
		snprintf(msg, EXPLAIN_MAX, "leading zero in a number");
	else if (is_value_start(c))
		snprintf(msg, EXPLAIN_MAX, "missing ',' between %s", things);
	else if (c == '\'' || is_word_byte(c))
		bad_start(sc, msg);
	else {
		char what[32];
		describe(sc, sc->at, what, sizeof what);
		snprintf(msg, EXPLAIN_MAX, "expected ',' or '%c' after %s, found %s", close,
			 close == ']' ? "an array element" : "an object member", what);
	}
}

/* Where a key must be. */
static void not_a_key(struct error_scene *sc, char *msg)
{
	unsigned char c = at(sc, sc->at), p = before(sc, sc->at);

	if (c == '}' && p == ',')
		trailing_comma(sc, "an object", msg);
	else if (wrong_close(sc, c, msg))
		return;
	else if (c == ':' || c == ',')
		snprintf(msg, EXPLAIN_MAX, "missing key before '%c'", c);
	else if (c == '\'' || (is_word_byte(c) && !(c >= '0' && c <= '9')))
		bad_start(sc, msg);
	else
		snprintf(msg, EXPLAIN_MAX, "object keys must be strings in double quotes");
}

/* A token where no token of its kind may stand. */
static void misplaced(struct error_scene *sc, char *msg)
{
	unsigned char c = at(sc, sc->at), p = before(sc, sc->at);

	if (c == ']' && p == ',')
		trailing_comma(sc, "an array", msg);
	else if (wrong_close(sc, c, msg))
		return;
	else if ((c == '}' || c == ',') && p == ':')
		snprintf(msg, EXPLAIN_MAX, "missing value after ':'");
	else if (c == ',' && sc->open_kind == 0)
		snprintf(msg, EXPLAIN_MAX,
			 "unexpected ',' after a value (top-level values are separated by white space)");
	else if (c == ',')
		snprintf(msg, EXPLAIN_MAX, "missing value before ','");
	else if (c == ':')
		snprintf(msg, EXPLAIN_MAX, "unexpected ':' (only object keys take one)");
	else
		bad_start(sc, msg);
}

void explain(const struct parse_error *pe, struct error_scene *sc, char *msg)
{
	unsigned long long g = sc->at;
	char what[32], word[WORD_MAX + 1];

	switch (pe->kind) {
	case ERR_WORD:
		/* yajl stops at the first byte that does not go on a word it
		 * began (t, f or n...): the word is the longest run before it
		 * that begins one of true, false and null.  Only it is looked
		 * at: what came before may be gone from memory. */
		for (unsigned long long k = 4; k > 0; k--) {
			static const char *const words[] = { "true", "false", "null" };
			if (g < window_start(sc->w) + k)
				continue;
			char w[5] = "";
			for (unsigned long long i = 0; i < k; i++)
				w[i] = (char)at(sc, g - k + i);
			int prefix = 0;
			for (int j = 0; j < 3; j++)
				prefix |= strncmp(words[j], w, k) == 0;
			if (prefix) {
				sc->at = g - k;
				break;
			}
		}
		bad_start(sc, msg);
		return;
	case ERR_CHAR:
		bad_start(sc, msg);
		return;
	case ERR_NUMBER_MINUS:
		word_at(sc, g + 1, word);
		if (!strcmp(word, "Infinity"))
			snprintf(msg, EXPLAIN_MAX, "-Infinity is not a JSON value");
		else
			snprintf(msg, EXPLAIN_MAX, "a digit must follow '-'");
		return;
	case ERR_NUMBER_DECIMAL:
		snprintf(msg, EXPLAIN_MAX, "a digit must follow the decimal point");
		return;
	case ERR_NUMBER_EXPONENT:
		snprintf(msg, EXPLAIN_MAX, "a digit must follow the exponent");
		return;
	case ERR_ESCAPE:
		describe(sc, g + 1, what, sizeof what);
		snprintf(msg, EXPLAIN_MAX, "invalid escape: %s cannot follow '\\'", what);
		return;
	case ERR_HEX:
		describe(sc, g, what, sizeof what);
		snprintf(msg, EXPLAIN_MAX, "invalid \\u escape: %s is not a hex digit", what);
		return;
	case ERR_STRING_CONTROL:
		/* the escape jfmt writes for it: JSON's short one (\t, \r, \b,
		 * \f) where it has one, as the escaper's table says */
		if (at(sc, g) == '\n')
			snprintf(msg, EXPLAIN_MAX,
				 "unterminated string: a newline in a string must be written \\n");
		else if (escape_tables[0][at(sc, g)] != 'u')
			snprintf(msg, EXPLAIN_MAX,
				 "raw control character 0x%02x in a string (write \\%c)",
				 at(sc, g), escape_tables[0][at(sc, g)]);
		else
			snprintf(msg, EXPLAIN_MAX,
				 "raw control character 0x%02x in a string (write \\u%04x)",
				 at(sc, g), at(sc, g));
		return;
	case ERR_UTF8:
		describe(sc, g, what, sizeof what);
		snprintf(msg, EXPLAIN_MAX, "invalid UTF-8 in a string (%s)", what);
		return;
	case ERR_COMMENT:
		snprintf(msg, EXPLAIN_MAX, "comments are not allowed without --comments");
		return;
	case ERR_END:
		early_end(sc, msg);
		return;
	case ERR_AFTER_MEMBER:
		after_value(sc, '}', msg);
		return;
	case ERR_AFTER_ELEMENT:
		after_value(sc, ']', msg);
		return;
	case ERR_COLON:
		snprintf(msg, EXPLAIN_MAX, "missing ':' after the object key");
		return;
	case ERR_KEY:
		not_a_key(sc, msg);
		return;
	case ERR_TOKEN:
		misplaced(sc, msg);
		return;
	case ERR_ADJACENT:
		if (leading_zero(sc, g))
			snprintf(msg, EXPLAIN_MAX, "leading zero in a number");
		else if (strchr(",:]}", at(sc, g)) && at(sc, g) != 0)
			misplaced(sc, msg);
		else
			snprintf(msg, EXPLAIN_MAX, "missing white space between two values");
		return;
	}
	snprintf(msg, EXPLAIN_MAX, "invalid JSON");
}

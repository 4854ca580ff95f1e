/* jsonc_comment.c - one JSONC comment: where it ends, and whether jfmt
 * can take it.  See jsonc_comment.h. */
#include "read/jsonc_comment.h"

#include <string.h>

#include "base/utf8seq.h"
#include "read/skip.h"

static const char msg_unclosed[] = "comment is not closed (no */ before the end of input)";
static const char msg_unclosed_record[] =
	"comment is not closed (no */ before the record ends at RS)";
static const char msg_slash[] = "'/' does not start a comment (// or /*)";
static const char msg_utf8[] = "invalid UTF-8 in comment";
static const char msg_rs[] =
	"a comment holding an RS byte (0x1e) cannot be written in a text sequence (--seq); "
	"use --strip-comments to drop comments";

/* Offset of the first byte of p[0..n) that is not well-formed UTF-8, or n. */
static size_t bad_utf8(const unsigned char *p, size_t n)
{
	size_t i = 0, k;

	while (i < n && (k = utf8_sequence(p + i, n - i)) != 0)
		i += k;
	return i;
}

/* End of the comment starting at p[i] ('/' with p[i+1] '/' or '*'), or 0
 * when it does not end in p[0..len).  *rs: an RS at p[end] ends a block
 * comment before its close (jsonc_comment.h). */
static size_t comment_end(const unsigned char *p, size_t len, size_t i, int at_end, int seq,
			  int *rs)
{
	*rs = 0;
	if (p[i + 1] == '/') {
		for (size_t k = i + 2; k < len; k++)
			if (p[k] == '\n' || p[k] == '\r' || (p[k] == SKIP_RS && seq))
				return k;
		return at_end ? len : 0;
	}
	const unsigned char *e = memmem(p + i + 2, len - i - 2, "*/", 2);
	size_t close = e ? (size_t)(e - p) : len;
	const unsigned char *r = seq ? memchr(p + i + 2, SKIP_RS, close - i - 2) : NULL;
	if (r) {
		*rs = 1;
		return (size_t)(r - p);
	}
	return e ? close + 2 : 0;
}

/* A bad verdict: p[..end) at fault, `msg` about the byte `at`. */
static struct jsonc_comment bad(size_t end, const char *msg, size_t at)
{
	return (struct jsonc_comment){ JSONC_COMMENT_BAD, end, msg, at };
}

struct jsonc_comment jsonc_comment_read(const unsigned char *p, size_t len, size_t i,
					int at_end, int seq, int no_rs)
{
	const struct jsonc_comment held = { .verdict = JSONC_COMMENT_HELD };

	if (i + 1 == len && !at_end)
		return held;
	if (i + 1 == len || (p[i + 1] != '/' && p[i + 1] != '*'))
		return bad(i + 1, msg_slash, i);
	int at_rs;
	size_t end = comment_end(p, len, i, at_end, seq, &at_rs);
	if (end == 0 && !at_end)
		return held;
	if (end == 0 || at_rs)
		return bad(end ? end : len, at_rs ? msg_unclosed_record : msg_unclosed, i);
	size_t n = end - i;
	size_t fault = bad_utf8(p + i, n);
	if (fault < n)
		return bad(end, msg_utf8, i + fault);
	const unsigned char *rs = no_rs ? memchr(p + i, SKIP_RS, n) : NULL;
	if (rs)
		return bad(end, msg_rs, (size_t)(rs - p));
	return (struct jsonc_comment){ .verdict = JSONC_COMMENT_TAKEN, .end = end };
}

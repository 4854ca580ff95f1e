/* escape_check.c - checks src/text/escape.c: that the vector predicate
 * (escape_special_in) and the short-string copy (escape_copy_plain_short)
 * call a byte special exactly when escape_tables says so, for all 256 byte
 * values in all four modes at every position of strings of 0 to 32 bytes;
 * and that escape_string() writes what a byte-at-a-time escaper written
 * from the JSON rules writes, in every mode, for seeded random strings of
 * ASCII, escapes and UTF-8 (valid or not) at every length up to 100.
 * Exits 1 at the first disagreement. */
#include "base/diag.c"
#include "base/quote.c"
#include "base/alloc.c"
#include "base/fbuffer.c"
#include "text/utf8.c"
#include "text/utf8_copy.c"
#include "text/escape.c"
#include "text/escape_wide.c"

#include <stdio.h>

#include "rng.h"

#define MODES 4
#define SHORT_MAX FBUFFER_COPY_WIDTH

static int plain_everywhere(unsigned b)
{
	for (int m = 0; m < MODES; m++)
		if (escape_tables[m][b])
			return 0;
	return 1;
}

/* escape_copy_plain_short(), which must also have copied a plain string
 * whole: -1 if it did not. */
static int plain_short(const unsigned char *s, size_t len, int mode)
{
	char d[SHORT_MAX];
	int plain = escape_copy_plain_short(d, s, len, mode);

	if (plain && memcmp(d, s, len) != 0) {
		printf("mode %d: plain string of %zu bytes copied wrong\n", mode, len);
		return -1;
	}
	return plain;
}

static int check_predicates(void)
{
	unsigned char fillers[256], s[SHORT_MAX];
	size_t nfill = 0;

	for (unsigned b = 0; b < 256; b++)
		if (plain_everywhere(b))
			fillers[nfill++] = (unsigned char)b;
	for (int mode = 0; mode < MODES; mode++) {
		const unsigned char *t = escape_tables[mode];
		for (unsigned b = 0; b < 256; b++) {
			for (size_t len = 0; len <= SHORT_MAX; len++) {
				for (size_t k = 0; k < len; k++)
					s[k] = fillers[(k + b + len) % nfill];
				if (plain_short(s, len, mode) != 1) {
					printf("mode %d: plain string of %zu bytes called special\n", mode, len);
					return 1;
				}
				for (size_t at = 0; at < len; at++) {
					unsigned char keep = s[at];
					s[at] = (unsigned char)b;
					if (plain_short(s, len, mode) != (t[b] == 0)) {
						printf("mode %d: byte %02x at %zu of %zu: short test says %s\n",
						       mode, b, at, len, t[b] ? "plain" : "special");
						return 1;
					}
#if defined(__SSE2__)
					if (len == 16) {
						__m128i v = _mm_loadu_si128((const __m128i *)s);
						unsigned want = t[b] ? 1u << at : 0;
						unsigned ascii = t[b] && b < 0x80 ? 1u << at : 0;
						if (escape_special_in(v, mode) != want ||
						    escape_special_vec(v, mode, 0) != ascii) {
							printf("mode %d: byte %02x at %zu: vector mask %04x\n",
							       mode, b, at, escape_special_in(v, mode));
							return 1;
						}
					}
#endif
					s[at] = keep;
				}
			}
		}
	}
	return 0;
}

/* The JSON rules, a byte at a time; -1 on invalid UTF-8. */
static int reference(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	static const char hex[] = "0123456789abcdef";
	char u[7];

	fbuffer_append_char(fb, '"');
	for (size_t i = 0; i < len;) {
		unsigned c = s[i], cp = c;
		size_t n = utf8_sequence(s + i, len - i);
		if (n == 0)
			return -1;
		if (c == '"' || c == '\\' || (c == '/' && (mode & ESCAPE_SLASH))) {
			fbuffer_append_char(fb, '\\');
			fbuffer_append_char(fb, (char)c);
		} else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
			fbuffer_append_char(fb, '\\');
			fbuffer_append_char(fb, c == '\b' ? 'b' : c == '\f' ? 'f' :
					    c == '\n' ? 'n' : c == '\r' ? 'r' : 't');
		} else if (c < 0x20 || (c == 0x7f && (mode & ESCAPE_ASCII)) ||
			   (c >= 0x80 && (mode & ESCAPE_ASCII))) {
			if (c >= 0x80)
				cp = utf8_decode_valid(s + i, &n);
			unsigned units[2] = { cp, 0 }, nu = 1;
			if (cp >= 0x10000) {
				units[0] = 0xd800 + ((cp - 0x10000) >> 10);
				units[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
				nu = 2;
			}
			for (unsigned k = 0; k < nu; k++) {
				snprintf(u, sizeof u, "\\u%c%c%c%c", hex[units[k] >> 12],
					 hex[units[k] >> 8 & 15], hex[units[k] >> 4 & 15],
					 hex[units[k] & 15]);
				fbuffer_append(fb, u, 6);
			}
		} else {
			fbuffer_append(fb, (const char *)s + i, n);
		}
		i += n;
	}
	fbuffer_append_char(fb, '"');
	return 0;
}

/* Pieces strings are made of. */
static const char *const pieces[] = {
	"a", "plain text ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f", "\x7f", "\0",
	"\xc3\xa9", "\xce\xb1", "\xe4\xb8\xad\xe6\x96\x87", "\xf0\x9f\x98\x80",
	"\xef\xbf\xbf", "\xf4\x8f\xbf\xbf",
	/* three-byte characters, more than one vector's worth (escape_wide.c) */
	("\xe3\x81\x82\xe4\xb8\xad\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbc\x9f"
	 "\xe9\xbe\x8d\xea\xb0\x80\xe1\x80\x80"),
	/* invalid */
	"\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", "\xff", "\xe4\xb8",
	"\xe0\x9f\xbf", "\xed\xbf\xbf", "\xe4\xb8\x41", "\xe4\xc0\x80", "\xe4\x80\xc0",
};
#define NPIECES (sizeof pieces / sizeof pieces[0])
#define NVALID (NPIECES - 11)

static int check_output(void)
{
	unsigned char s[512];
	struct fbuffer got, want;

	fbuffer_init_mem(&got);
	fbuffer_init_mem(&want);
	for (int r = 0; r < 200000; r++) {
		size_t len = 0, target = next() % 101;
		int bad_odds = r % 4 == 0 ? 20 : 0;
		while (len < target) {
			unsigned k = next();
			size_t p = bad_odds && k % bad_odds == 0 ? NVALID + (k >> 8) % (NPIECES - NVALID)
								 : (k >> 8) % NVALID;
			size_t n = p == 10 ? 1 : strlen(pieces[p]);     /* "\0" is one byte */
			memcpy(s + len, pieces[p], n);
			len += n;
		}
		int mode = (r / 4 + r) % MODES;     /* invalid text (r % 4 == 0) in every mode too */
		got.len = want.len = 0;
		int rc = escape_string(&got, s, len, mode);
		int wrc = reference(&want, s, len, mode);
		if (rc != wrc || (rc == 0 && (got.len != want.len ||
					      memcmp(got.ptr, want.ptr, got.len) != 0))) {
			printf("mode %d, %zu bytes: got %d \"%.*s\", want %d \"%.*s\"\n", mode, len,
			       rc, (int)got.len, got.ptr, wrc, (int)want.len, want.ptr);
			return 1;
		}
	}
	fbuffer_release(&got);
	fbuffer_release(&want);
	return 0;
}

int main(void)
{
	if (check_predicates() || check_output())
		return 1;
	printf("escape: the predicates agree with the table; output agrees with the rules\n");
	return 0;
}

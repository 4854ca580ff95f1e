/* jsonc_lines_check.c - checks the comment pass's plain stretches
 * (src/read/jsonc_lines.c): each version of the masks (SSE2, AVX2)
 * against the byte-at-a-time one, and the stretch each version finds
 * against a reading of jsonc_lines.h's rules a line at a time, on
 * generated lines of JSONC that put every byte that matters at every
 * offset of a window, and lines across windows.  Prints the versions
 * checked; exits 1 at the first disagreement. */
#include "read/jsonc_lines.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

typedef size_t plain_fn(const unsigned char *p, size_t i, size_t len, int in_string,
			struct lines_found *f);

static size_t plain_bytes(const unsigned char *p, size_t i, size_t len, int in_string,
			  struct lines_found *f)
{
	return plain_end(p, i, len, in_string, f, masks_plain, prefix_parity);
}

static const struct { const char *name; plain_fn *fn; } versions[] = {
	{ "plain", plain_bytes },
#if defined(CPU_X86)
	{ "sse2", plain_end_sse2 },
#endif
#if defined(CPU_ASK)
	{ "avx2", plain_end_avx2 },
#endif
};
#define NVERSIONS (sizeof versions / sizeof versions[0])

static int usable(size_t v)
{
#if defined(CPU_ASK)
	if (versions[v].fn == plain_end_avx2)
		return avx2_usable();
#endif
	(void)v;
	return 1;
}

#if defined(CPU_ASK)
__attribute__((target("avx2")))
static void masks_avx2_call(const unsigned char *p, struct masks *m)
{
	masks_avx2(p, m);
}
#endif

static int is_white(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Whether p[from..to), which begins outside a string if not *in, breaks a
 * rule of a plain line: a backslash, a '/' outside a string, a comma whose
 * next byte not white space in it is a closing bracket; *in is left as the
 * string state at `to`. */
static int breaks_rule(const unsigned char *p, size_t from, size_t to, int *in)
{
	for (size_t k = from; k < to; k++) {
		unsigned char c = p[k];
		if (c == '\\' || (c == '/' && !*in))
			return 1;
		if (c == '"')
			*in = !*in;
		if (c == ',') {
			size_t t = k + 1;
			while (t < to && is_white(p[t]))
				t++;
			if (t < to && (p[t] == ']' || p[t] == '}'))
				return 1;
		}
	}
	return 0;
}

/* jsonc_lines.h's rules, a line at a time: where the stretch from p[i]
 * ends. */
static size_t reference(const unsigned char *p, size_t i, size_t len, int in_string)
{
	size_t line = i;
	int in = in_string;
	const unsigned char *nl;

	while ((nl = memchr(p + line, '\n', len - line)) != NULL) {
		size_t e = (size_t)(nl - p), q = e, t = e + 1;
		if (breaks_rule(p, line, e, &in) || in)
			return line;
		while (q > line && is_white(p[q - 1]))
			q--;
		if (q > line && p[q - 1] == ',') {      /* the next token decides */
			while (t < len && (is_white(p[t]) || p[t] == '\n'))
				t++;
			if (t == len || (p[t] && strchr("]}/\\", p[t])))
				return line;
		}
		line = e + 1;
	}
	if (line == len)
		return len;
	/* the last line, unfinished */
	size_t end = len, last_quote = len, q = len;

	if (breaks_rule(p, line, len, &in))
		return line;
	for (size_t k = line; k < len; k++) {
		if (p[k] >= 0x80 || p[k] == '\t' || p[k] == '\r')
			return line;
		if (p[k] == '"')
			last_quote = k;
	}
	if (in)
		end = last_quote < len ? last_quote : line;
	while (q > line && is_white(p[q - 1]))
		q--;
	if (q > line && p[q - 1] == ',' && q - 1 < end)
		end = q - 1;
	return end;
}

static unsigned long checks;

static int check_masks(const unsigned char *w)
{
	struct masks want, got;

	masks_plain(w, &want);
#if defined(CPU_X86)
	masks_sse2(w, &got);
	checks++;
	if (memcmp(&want, &got, sizeof want)) {
		printf("sse2: masks differ\n");
		return 1;
	}
#endif
#if defined(CPU_ASK)
	if (avx2_usable()) {
		masks_avx2_call(w, &got);
		checks++;
		if (memcmp(&want, &got, sizeof want)) {
			printf("avx2: masks differ\n");
			return 1;
		}
	}
#endif
	return 0;
}

static void show(const unsigned char *p, size_t len)
{
	for (size_t k = 0; k < len; k++)
		putchar(p[k] == '\n' ? '|' : p[k] < 0x20 || p[k] >= 0x7f ? '?' : p[k]);
	putchar('\n');
}

/* The newline that ends the first blank line of p[i..end) after a newline
 * there, or LINES_NONE. */
static size_t first_blank(const unsigned char *p, size_t i, size_t end)
{
	const unsigned char *nl = memchr(p + i, '\n', end - i);

	while (nl) {
		size_t k = (size_t)(nl - p) + 1;
		while (k < end && is_white(p[k]))
			k++;
		if (k < end && p[k] == '\n')
			return k;
		nl = k < end ? memchr(p + k, '\n', end - k) : NULL;
	}
	return LINES_NONE;
}

/* What struct lines_found must say of p[i..end): its first newline (or
 * LINES_NONE, which the stretch's last window may leave), its first blank
 * line, and where its last line starts if end is inside it. */
static const char *found_wrong(const unsigned char *p, size_t i, size_t end,
			       const struct lines_found *f)
{
	const unsigned char *first = memchr(p + i, '\n', end - i);
	const unsigned char *last = memrchr(p + i, '\n', end - i);

	if (f->first_newline != LINES_NONE && (!first || f->first_newline != (size_t)(first - p)))
		return "first newline";
	if (f->first_blank != first_blank(p, i, end))
		return "first blank line";
	if (end > i && p[end - 1] != '\n' && f->line != (last ? (size_t)(last - p) + 1 : i))
		return "last line";
	return NULL;
}

static int check(const unsigned char *p, size_t i, size_t len, int in_string)
{
	size_t want = reference(p, i, len, in_string);

	for (size_t v = 0; v < NVERSIONS; v++) {
		struct lines_found f;
		const char *wrong;
		if (!usable(v))
			continue;
		checks++;
		size_t got = versions[v].fn(p, i, len, in_string, &f);
		if (got != want || (wrong = found_wrong(p, i, got, &f)) != NULL) {
			printf("%s: from %zu of %zu (in string %d): end %zu, want %zu%s%s\n",
			       versions[v].name, i, len, in_string, got, want,
			       got == want ? ", wrong " : "", got == want ? wrong : "");
			show(p + i, len - i);
			return 1;
		}
	}
	return 0;
}

/* Pieces of JSONC lines: most plain, some not. */
static const char *const pieces[] = {
	"  ", "    ", "\"key\": ", "\"a/b\"", "\"x\"", "1", "-2.5e3", "true", "null", ",", ", ",
	"[", "]", "{", "}", ":", "\n", "\n", "\n", "\n\n", "\r\n", "\t", " ", "\"", "\\", "\\\"",
	"/", "// c", "/* c */", ", ]", ",}", ",\n  ]", ",\n\n}", ",\n  /", "\"\xc3\xa9\"",
	"\xc3\xa9", "\"a, ]\"", "\"//\"", "\",\"", "\x1e",
	"\"a long string, to run across a window or two of the scan, and on\"",
};
#define NPIECES (sizeof pieces / sizeof pieces[0])

/* Random lines of JSONC into p, n bytes at most; returns the length. */
static size_t fill(unsigned char *p, size_t n, unsigned plainness)
{
	size_t len = 0;

	while (len < n) {
		const char *s = next() % plainness ? pieces[next() % 12] : pieces[next() % NPIECES];
		size_t k = strlen(s);
		if (next() % 5 == 0)
			s = "\n", k = 1;
		if (len + k > n)
			break;
		memcpy(p + len, s, k);
		len += k;
	}
	return len;
}

int main(void)
{
	enum { MAX = 6000, LONG = 60000 };
	unsigned char *mem = malloc(LONG), w[WINDOW];
	int bad = 0;

	if (!mem)
		return 2;
	/* the masks, window by window */
	for (int k = 0; k < 20000 && !bad; k++) {
		for (int b = 0; b < WINDOW; b++) {
			unsigned r = next();
			w[b] = r % 3 ? (unsigned char)pieces[r % NPIECES][0] : (unsigned char)(r >> 8);
		}
		bad |= check_masks(w);
	}
	/* each byte that matters at each offset of a window, in plain lines */
	for (size_t at = 0; at < 200 && !bad; at++)
		for (size_t b = 0; b < NPIECES && !bad; b++) {
			size_t len = 0;
			while (len < 260) {
				memcpy(mem + len, "  \"key\": 123,\n", 14);
				len += 14;
			}
			size_t k = strlen(pieces[b]);
			memcpy(mem + at, pieces[b], k);
			for (size_t cut = at; cut <= len && !bad; cut += 7)
				for (size_t i = 0; i < 3 && i <= cut && !bad; i++)
					bad |= check(mem, i, cut, 0);
		}
	/* random lines, more or less plain, from any offset */
	for (int k = 0; k < 30000 && !bad; k++) {
		size_t len = fill(mem, next() % MAX, 2 + next() % 40);
		size_t i = len ? next() % (len < 100 ? len : 100) : 0;
		bad |= check(mem, i, len, (int)(next() & 1));
	}
	/* many lines: plain, blank, or blank after a comma (which only the
	 * next token decides) */
	for (int k = 0; k < 3 && !bad; k++) {
		size_t len = 0;
		while (len < LONG - 100) {
			const char *s = k == 0 ? "  \"key\": 123,\n" : "\n";
			if (k == 2 && len % 4000 == 0)
				s = "1,\n";
			memcpy(mem + len, s, strlen(s));
			len += strlen(s);
		}
		memcpy(mem + len, "2\n", 2);
		for (size_t cut = len + 2; cut > len - 200 && !bad; cut -= 13)
			bad |= check(mem, 0, cut, 0);
	}
	/* long lines: a number array of tens of kilobytes, cut anywhere */
	for (int k = 0; k < 20 && !bad; k++) {
		size_t len = 0;
		while (len < LONG - 20)
			len += (size_t)sprintf((char *)mem + len, "%u.%u,", next() % 1000, next());
		bad |= check(mem, 0, len - next() % 10, 0);
	}
	free(mem);
	printf("checked:");
	for (size_t v = 0; v < NVERSIONS; v++)
		if (usable(v))
			printf(" %s", versions[v].name);
	printf(" (%lu checks)\n", checks);
	return bad;
}

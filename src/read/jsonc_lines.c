/* jsonc_lines.c - how much of a part the comment pass may pass a line at
 * a time.  See jsonc_lines.h.
 *
 * The bytes are looked at 64 at a time, as bit masks (the first byte the
 * lowest bit).  A comma's mark is carried across the white space after
 * it by adding the white space mask to the bit after the comma: the sum
 * keeps one bit, at the first byte that is not white space.  The same
 * addition, with line ends counted as white space, carries the mark of a
 * line that a comma ends to the next line's first token.  The string
 * bytes are the prefix parity of the quotes, as no backslash is allowed.
 */
#include "read/jsonc_lines.h"

#include <stdint.h>
#include <string.h>

#include "base/bits.h"
#include "base/cpu.h"

#define WINDOW 64
#define NONE ((size_t)-1)

/* The bytes of a window that matter, one bit each. */
struct masks {
	uint64_t newline;
	uint64_t slash;
	uint64_t backslash;
	uint64_t quote;
	uint64_t comma;
	uint64_t close;         /* ']' or '}' */
	uint64_t white;         /* space, tab, carriage return */
	uint64_t wide;          /* beyond ASCII, tab or carriage return: a
				 * byte of other columns than one */
};

typedef void masks_fn(const unsigned char *p, struct masks *m);
typedef uint64_t parity_fn(uint64_t quotes);

/* A byte at a time: the version where there is no vector code, and the
 * reference the vector versions are held to (tests/unit/jsonc_lines_check.c). */
__attribute__((unused)) static void masks_plain(const unsigned char *p, struct masks *m)
{
	struct masks r = { 0 };

	for (int k = 0; k < WINDOW; k++) {
		unsigned char c = p[k];
		int tc = c == '\t' || c == '\r';
		r.newline |= (uint64_t)(c == '\n') << k;
		r.slash |= (uint64_t)(c == '/') << k;
		r.backslash |= (uint64_t)(c == '\\') << k;
		r.quote |= (uint64_t)(c == '"') << k;
		r.comma |= (uint64_t)(c == ',') << k;
		r.close |= (uint64_t)(c == ']' || c == '}') << k;
		r.white |= (uint64_t)(c == ' ' || tc) << k;
		r.wide |= (uint64_t)(c >= 0x80 || tc) << k;
	}
	*m = r;
}

#if defined(CPU_X86)
/* The 64 bits of the bytes of a, b, c, d whose top bit is set. */
static inline uint64_t bits64(__m128i a, __m128i b, __m128i c, __m128i d)
{
	return (uint64_t)(unsigned)_mm_movemask_epi8(a) |
	       (uint64_t)(unsigned)_mm_movemask_epi8(b) << 16 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(c) << 32 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(d) << 48;
}

#define EQ(v, c) _mm_cmpeq_epi8((v), _mm_set1_epi8(c))
/* The bits of the bytes equal to c. */
#define EQ64(c) bits64(EQ(v0, c), EQ(v1, c), EQ(v2, c), EQ(v3, c))

/* A mask at a time, so that few registers are live: all masks at once, 16
 * bytes at a time, spilled them, and the scan took 46.3 M instructions of
 * the 9 MB array below, 42.6 M so. */
static inline __attribute__((always_inline)) void masks_sse2(const unsigned char *p,
							       struct masks *m)
{
	const __m128i bit5 = _mm_set1_epi8(0x20);
	__m128i v0 = _mm_loadu_si128((const __m128i *)p);
	__m128i v1 = _mm_loadu_si128((const __m128i *)(p + 16));
	__m128i v2 = _mm_loadu_si128((const __m128i *)(p + 32));
	__m128i v3 = _mm_loadu_si128((const __m128i *)(p + 48));
	uint64_t tc = EQ64('\t') | EQ64('\r');

	m->newline = EQ64('\n');
	m->slash = EQ64('/');
	m->backslash = EQ64('\\');
	m->quote = EQ64('"');
	m->comma = EQ64(',');
	/* ']' and '}' differ only in bit 5 */
	m->close = bits64(EQ(_mm_or_si128(v0, bit5), '}'), EQ(_mm_or_si128(v1, bit5), '}'),
			  EQ(_mm_or_si128(v2, bit5), '}'), EQ(_mm_or_si128(v3, bit5), '}'));
	m->white = EQ64(' ') | tc;
	m->wide = bits64(v0, v1, v2, v3) | tc;
}
#undef EQ64
#undef EQ

#if defined(CPU_ASK)
/* Two vectors a window, not four: --style=prettier over the 9 MB array of
 * the corpus files (the bench's kind of input) took 587.0 M instructions
 * with SSE2 alone, 560.1 M with AVX2; the scan 42.6 M, 24.7 M. */
static inline __attribute__((always_inline, target("avx2")))
uint64_t bits32(__m256i v, int k)
{
	return (uint64_t)(uint32_t)_mm256_movemask_epi8(v) << k;
}

static inline __attribute__((always_inline, target("avx2")))
void add32(const unsigned char *p, int k, struct masks *r)
{
	const __m256i space = _mm256_set1_epi8(' ');
	__m256i v = _mm256_loadu_si256((const __m256i *)(p + k));
	__m256i tc = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t')),
				     _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')));
	__m256i folded = _mm256_or_si256(v, space);

	r->newline |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')), k);
	r->slash |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('/')), k);
	r->backslash |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')), k);
	r->quote |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')), k);
	r->comma |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(',')), k);
	r->close |= bits32(_mm256_cmpeq_epi8(folded, _mm256_set1_epi8('}')), k);
	r->white |= bits32(_mm256_or_si256(_mm256_cmpeq_epi8(v, space), tc), k);
	r->wide |= bits32(_mm256_or_si256(v, tc), k);
}

static inline __attribute__((always_inline, target("avx2")))
void masks_avx2(const unsigned char *p, struct masks *m)
{
	struct masks r = { 0 };

	add32(p, 0, &r);
	add32(p, 32, &r);
	*m = r;
}

static int avx2_usable(void)
{
	return CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(PCLMULQDQ);
}
#endif
#endif

static inline unsigned low_bit(uint64_t x)
{
	return (unsigned)__builtin_ctzll(x);
}

static inline unsigned high_bit(uint64_t x)
{
	return 63 - (unsigned)__builtin_clzll(x);
}

/* Where the line that holds bit b of the window at w starts: after the
 * last newline before it, or at `line` if that lies before the window. */
static inline size_t line_of(uint64_t newline, unsigned b, size_t w, size_t line)
{
	uint64_t before = newline & (((uint64_t)1 << b) - 1);

	return before ? w + high_bit(before) + 1 : line;
}

/* What the scan carries from window to window. */
struct scan {
	uint64_t comma_run;             /* bit 0: the window starts in the
					 * white space after a comma */
	uint64_t line_run;              /* ... after a line a comma ends */
	uint64_t inside;                /* all ones: ... in a string */
	size_t line;                    /* where the line reached starts */
	size_t comma_line;              /* where the last line a comma ends starts */
	size_t last_quote, last_comma;
	int wide;                       /* the line reached holds a wide byte */
	size_t end;                     /* where the stretch ends, once found */
	uint64_t newline_run;           /* bit 0: the window starts in the
					 * white space after a newline */
	size_t first_newline;           /* the first newline, once found */
	size_t first_blank;             /* ... that ends a blank line */
};

/* Look at the window at w, with masks m: returns 1 when the stretch ends
 * in it (at s->end). */
static inline __attribute__((always_inline)) int
window(struct scan *s, const struct masks *m, size_t w, parity_fn *parity)
{
	/* the first byte after each comma that is not white space */
	uint64_t from = m->comma << 1 | s->comma_run, next;
	s->comma_run = m->comma >> 63 | __builtin_add_overflow(from, m->white, &next);
	next &= ~m->white;
	uint64_t comma_ends = next & m->newline;
	/* ... after each line a comma ends, nor a newline */
	uint64_t blank = m->white | m->newline, after_line;
	from = comma_ends << 1 | s->line_run;
	s->line_run = comma_ends >> 63 | __builtin_add_overflow(from, blank, &after_line);
	after_line &= ~blank;
	uint64_t in = parity(m->quote) ^ s->inside;
	s->inside = (uint64_t)0 - (in >> 63);
	/* the first newline that ends a blank line after a newline: the first
	 * byte not white space after the newline before is one */
	uint64_t blank_ends;
	from = m->newline << 1 | s->newline_run;
	s->newline_run = m->newline >> 63 | __builtin_add_overflow(from, m->white, &blank_ends);
	blank_ends &= m->newline;
	if (blank_ends && s->first_blank == NONE)
		s->first_blank = w + low_bit(blank_ends);

	/* what keeps a line out: a backslash, a '/' outside a string, a comma
	 * before a bracket on its line, a line end inside a string; or the
	 * line is one a comma ends, and a bracket, '/' or backslash comes
	 * next */
	uint64_t bad = m->backslash | (m->slash & ~in) | (next & m->close) | (m->newline & in);
	uint64_t bad_next = after_line & (m->close | m->slash | m->backslash);
	if (bad | bad_next) {
		unsigned b = low_bit(bad | bad_next);
		if (!(bad_next >> b & 1)) {
			s->end = line_of(m->newline, b, w, s->line);
		} else {        /* the line the comma ends is not plain */
			uint64_t ends = comma_ends & (((uint64_t)1 << b) - 1);
			s->end = ends ? line_of(m->newline, high_bit(ends), w, s->line) :
					s->comma_line;
		}
		return 1;
	}
	if (comma_ends)
		s->comma_line = line_of(m->newline, high_bit(comma_ends), w, s->line);
	if (m->quote)
		s->last_quote = w + high_bit(m->quote);
	if (m->comma)
		s->last_comma = w + high_bit(m->comma);
	if (m->newline) {
		unsigned h = high_bit(m->newline);
		if (s->first_newline == NONE)
			s->first_newline = w + low_bit(m->newline);
		s->line = w + h + 1;
		s->wide = (m->wide >> h >> 1) != 0;
	} else {
		s->wide |= m->wide != 0;
	}
	return 0;
}

/* Where the stretch ends after the last window, at len. */
static size_t end_at_len(const struct scan *s, size_t len)
{
	if (s->line_run)        /* white space alone after it: undecided */
		return s->comma_line;
	if (s->line == len || s->wide)
		return s->line;
	size_t end = len;
	if (s->inside)          /* up to the string still open */
		end = s->last_quote != NONE && s->last_quote >= s->line ? s->last_quote : s->line;
	if (s->comma_run && s->last_comma < end)
		end = s->last_comma;
	return end;
}

/* The windows of p[i..len) in turn: where the stretch ends.  The masks
 * are built by `get` and the quotes' parity taken by `parity`, both
 * inlined into each version, so that the masks stay in registers. */
static inline __attribute__((always_inline)) size_t
scan_windows(const unsigned char *p, size_t i, size_t len, struct scan *s, masks_fn *get,
	     parity_fn *parity)
{
	struct masks m;
	size_t w = i;

	for (; len - w >= WINDOW; w += WINDOW) {
		get(p + w, &m);
		if (window(s, &m, w, parity))
			return s->end;
	}
	if (w < len) {          /* white space after the end carries nothing */
		unsigned char pad[WINDOW];
		memset(pad, ' ', sizeof pad);
		memcpy(pad, p + w, len - w);
		get(pad, &m);
		if (window(s, &m, w, parity))
			return s->end;
	}
	return end_at_len(s, len);
}

/* lines_plain_end(), for each version. */
static inline __attribute__((always_inline)) size_t
plain_end(const unsigned char *p, size_t i, size_t len, int in_string, struct lines_found *f,
	  masks_fn *get, parity_fn *parity)
{
	struct scan s = {
		.inside = in_string ? ~(uint64_t)0 : 0, .line = i, .comma_line = i,
		.last_quote = NONE, .last_comma = NONE,
		.first_newline = NONE, .first_blank = NONE,
	};
	size_t end = scan_windows(p, i, len, &s, get, parity);

	f->first_newline = s.first_newline < end ? s.first_newline : NONE;
	f->first_blank = s.first_blank < end ? s.first_blank : NONE;
	f->line = s.line;
	return end;
}

#if defined(CPU_X86)
static size_t plain_end_sse2(const unsigned char *p, size_t i, size_t len, int in_string,
			     struct lines_found *f)
{
	return plain_end(p, i, len, in_string, f, masks_sse2, prefix_parity);
}
#if defined(CPU_ASK)
/* The quotes' parity in a carry-less multiply, not six shifts: the 9 MB
 * array of the corpus files took 1.0 M fewer instructions of 200.2 M
 * (--style=prettier). */
__attribute__((target("avx2,pclmul")))
static size_t plain_end_avx2(const unsigned char *p, size_t i, size_t len, int in_string,
			     struct lines_found *f)
{
	return plain_end(p, i, len, in_string, f, masks_avx2, parity_clmul);
}
#endif
#else
static size_t plain_end_bytewise(const unsigned char *p, size_t i, size_t len, int in_string,
				 struct lines_found *f)
{
	return plain_end(p, i, len, in_string, f, masks_plain, prefix_parity);
}
#endif

size_t lines_plain_end(const unsigned char *p, size_t i, size_t len, int in_string,
		       struct lines_found *f)
{
#if defined(CPU_ASK)
	if (avx2_usable())
		return plain_end_avx2(p, i, len, in_string, f);
#endif
#if defined(CPU_X86)
	return plain_end_sse2(p, i, len, in_string, f);
#else
	return plain_end_bytewise(p, i, len, in_string, f);
#endif
}

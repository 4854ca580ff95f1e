/* columns.c - the columns of text as prettier counts them.  See
 * columns.h. */
#include "width/columns.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "base/cpu.h"
#include "base/utf8seq.h"

struct columns_range {
	uint32_t first, last;
};

#include "width/columns_table.h"

/* Whether code point c is in one of the n sorted ranges r. */
static int in_ranges(const struct columns_range *r, size_t n, uint32_t c)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c < r[mid].first)
			hi = mid;
		else if (c > r[mid].last)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* The columns of code point c, past ASCII. */
static size_t code_point_columns(uint32_t c)
{
	/* first the common ones, which the table says: Latin, Greek and
	 * Cyrillic take one (but C1 controls), CJK and Hangul two */
	if (c < 0x300)
		return c < 0x80 ? c >= 0x20 : c >= 0xA0;
	if ((c >= 0x3250 && c <= 0xA48C) || (c >= 0xAC00 && c <= 0xD7A3))
		return 2;
	if (in_ranges(columns_0, COUNT(columns_0), c))
		return 0;
	return in_ranges(columns_2, COUNT(columns_2), c) ? 2 : 1;
}

/* The code point at p[0..end), its length in *k (0: not well-formed). */
static inline uint32_t decode(const unsigned char *p, const unsigned char *end, size_t *k)
{
	uint32_t c = p[0];

	*k = utf8_sequence(p, (size_t)(end - p));
	if (*k > 1) {
		c &= 0x7F >> *k;
		for (size_t i = 1; i < *k; i++)
			c = c << 6 | (p[i] & 0x3F);
	}
	return c;
}

static int emoji(uint32_t c)
{
	return in_ranges(columns_emoji, COUNT(columns_emoji), c);
}

/*
 * After an emoji c, from p: the end of the sequence that makes one emoji
 * of it, which prettier counts as two columns (its emoji-regex): variation
 * selector 16, a skin tone after a base that takes one, a keycap, tags, or
 * a zero-width joiner and another emoji.  Returns p when none follows.
 * (prettier counts an emoji ZWJ sequence that Unicode does not recommend
 * as its parts; this counts every one as one emoji.)
 */
static const unsigned char *emoji_sequence(uint32_t c, const unsigned char *p,
					   const unsigned char *end)
{
	size_t k, k2;

	while (p < end) {
		uint32_t d = decode(p, end, &k);
		if (k == 0)
			break;
		if (d == 0xFE0F || d == 0x20E3 || (d >= 0xE0020 && d <= 0xE007F) ||
		    (d >= 0x1F3FB && d <= 0x1F3FF &&
		     in_ranges(columns_modifier_base, COUNT(columns_modifier_base), c))) {
			p += k;
			continue;
		}
		if (d != 0x200D || p + k >= end)
			break;
		uint32_t e = decode(p + k, end, &k2);
		if (k2 == 0 || !emoji(e))
			break;
		p += k + k2;
		c = e;
	}
	return p;
}

/*
 * The Basic Multilingual Plane by blocks of BLOCK_SIZE code points: for
 * each, whether every code point in it takes one column, or every one two,
 * none being an emoji, so that a letter, kana or ideograph is counted
 * without searching the tables.  Made from the tables, once.
 * twitter.json --style=prettier -j1: 45.7 M instructions before (11.1 M
 * of them here), 39.9 M after.
 */
#define BLOCK_BITS 4
#define BLOCK_SIZE (1u << BLOCK_BITS)
#define BLOCKS (0x10000u >> BLOCK_BITS)

enum { BLOCK_MIXED, BLOCK_ONE, BLOCK_TWO };

static unsigned char blocks[BLOCKS];
static pthread_once_t blocks_once = PTHREAD_ONCE_INIT;

/* Blocks that r[0..n) touches are mixed; with `two`, those it covers
 * whole take two columns unless something else touches them. */
static void mark(const struct columns_range *r, size_t n, int two)
{
	for (size_t i = 0; i < n && r[i].first < 0x10000; i++) {
		uint32_t last = r[i].last < 0xFFFF ? r[i].last : 0xFFFF;
		for (uint32_t b = r[i].first >> BLOCK_BITS; b <= last >> BLOCK_BITS; b++) {
			int whole = r[i].first <= b << BLOCK_BITS &&
				    last >= (b << BLOCK_BITS) + BLOCK_SIZE - 1;
			if (!two || !whole)
				blocks[b] = BLOCK_MIXED;
			else if (blocks[b] == BLOCK_ONE)
				blocks[b] = BLOCK_TWO;
		}
	}
}

static void make_blocks(void)
{
	memset(blocks, BLOCK_ONE, sizeof blocks);
	mark(columns_0, COUNT(columns_0), 0);
	mark(columns_emoji, COUNT(columns_emoji), 0);
	mark(columns_modifier_base, COUNT(columns_modifier_base), 0);
	mark(columns_2, COUNT(columns_2), 1);
}

/* Whether the eight bytes at p are ASCII, none a control character or
 * DEL: a column each. */
static int plain8(const unsigned char *p)
{
	uint64_t w, d;

	memcpy(&w, p, 8);
	d = w ^ 0x7F7F7F7F7F7F7F7Fu;
	return !(w & 0x8080808080808080u) &&
	       !((((w - 0x2020202020202020u) & ~w) | ((d - 0x0101010101010101u) & ~d)) &
		 0x8080808080808080u);
}

#if defined(CPU_X86)
/* The bytes plain_short() looks at in one SSE2 load. */
#define COLUMNS_LANE 16

/* plain8() for 8 to 32 bytes, in two overlapping loads: most keys, with
 * their quotes, are 8 to 32 bytes long (34,103 of the corpus documents'
 * 39,222): through the loop, --style=prettier took twitter.json 27.7 M
 * instructions, not 27.2 M, and citm_catalog.json 81.0 M, not 80.1 M.
 * A byte is plain if, as a signed byte, it is at least ' ' (one beyond
 * ASCII is negative) and not DEL. */
static int plain_short(const unsigned char *p, size_t n)
{
	const __m128i space = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7F);
	__m128i a, b;
	int lanes;

	if (n >= COLUMNS_LANE) {
		a = _mm_loadu_si128((const __m128i *)p);
		b = _mm_loadu_si128((const __m128i *)(p + n - COLUMNS_LANE));
		lanes = 0xFFFF;
	} else {                /* two words: the high half of each is zero */
		a = _mm_loadl_epi64((const __m128i *)p);
		b = _mm_loadl_epi64((const __m128i *)(p + n - 8));
		lanes = 0xFF;
	}
	__m128i bad = _mm_or_si128(_mm_or_si128(_mm_cmpgt_epi8(space, a), _mm_cmpeq_epi8(a, del)),
				   _mm_or_si128(_mm_cmpgt_epi8(space, b), _mm_cmpeq_epi8(b, del)));
	return !(_mm_movemask_epi8(bad) & lanes);
}
#endif

size_t columns_of(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	size_t cols = 0, del = 0;
	int ascii = 1;

	/* shorter than a word, as most keys are with their quotes: through
	 * the loop below, --style=prettier on twitter.json took 28.7 M
	 * instructions, 28.3 M so (citm_catalog.json 85.1 M, 84.8 M) */
	if (n < 8) {
		size_t i = 0;
		while (i < n && p[i] >= 0x20 && p[i] < 0x7F)
			i++;
		if (i == n)
			return n;
	}
#if defined(CPU_X86)
	else if (n <= 2 * COLUMNS_LANE && plain_short(p, n)) {
		return n;
	}
#endif
	while (p < end) {
		size_t k;
		uint32_t c;

		/* ASCII that is not a control character, as JSON's strings
		 * and keys are as they stand: eight bytes at a time */
		while (end - p >= 8 && plain8(p)) {
			cols += 8;
			p += 8;
		}
		/* the last few bytes too, in the word that ends the text:
		 * twitter.json --style=prettier, 37.0 M instructions, not
		 * 37.7 M */
		if (end - p < 8 && n >= 8 && plain8(end - 8)) {
			cols += (size_t)(end - p);
			break;
		}
		if (p == end)
			break;
		if (*p < 0x80) {
			c = *p++;
			del += c == 0x7F;
			/* (these begin an emoji when one follows) */
			if (!(p < end && *p >= 0x80 && strchr("#*0123456789", (int)c))) {
				cols += c >= 0x20;
				continue;
			}
		} else {
			c = decode(p, end, &k);
			if (k == 0)
				return COLUMNS_INVALID;
			p += k;
			if (ascii) {
				pthread_once(&blocks_once, make_blocks);
				ascii = 0;
			}
			if (c < 0x10000 && blocks[c >> BLOCK_BITS] != BLOCK_MIXED) {
				cols += blocks[c >> BLOCK_BITS];
				continue;
			}
		}
		const unsigned char *q = emoji(c) ? emoji_sequence(c, p, end) : p;
		if (q != p) {
			cols += 2;
			p = q;
		} else {
			cols += code_point_columns(c);
		}
	}
	/* prettier counts DEL as a column in ASCII text, as none in other */
	return ascii ? cols : cols - del;
}

/* split.c - finding the cuts of an input: a vectorised structural scan.
 * See split.h.
 *
 * Each block of 64 bytes becomes six bit masks (quotes, backslashes,
 * opening and closing brackets, and the bytes a cut may be at).  The
 * escaped quotes come out with the odd-run trick of simdjson (a backslash
 * run that starts on an even bit and ends on an odd one escapes the byte
 * after it), the string bytes as the prefix parity of the quotes left.
 * On x86-64 the masks are built with SSE2 compares (cpu.h), or AVX2 ones
 * where the CPU has them, with the popcnt instruction (without it, a
 * call to libgcc's bit count took a fifth of the scan); elsewhere a byte
 * at a time.
 */
#include "jobs/split.h"

#include <string.h>

#include "base/bits.h"
#include "base/cpu.h"
#include "base/readat.h"
#include "read/skip.h"

_Static_assert(SPLIT_BLOCK == BITS_WINDOW, "a block is what a mask covers (bits.h)");

struct masks {
	uint64_t quote, backslash, open, close, cut;
	uint64_t slash;         /* JSONC's only */
};

/* What a block hands on to the next. */
struct carries {
	uint64_t in_string, escaped;
};

/* Where a JSONC scan stands in a comment. */
enum comment_state {
	NO_COMMENT,
	SLASH,                  /* after a '/' that may begin one */
	LINE_COMMENT,
	BLOCK_COMMENT,
	BLOCK_STAR,             /* ... after a '*' that may end it */
};

static void masks_plain(const unsigned char *p, size_t n, unsigned char cut, struct masks *m)
{
	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < n; i++) {
		uint64_t bit = (uint64_t)1 << i;
		unsigned char c = p[i];
		m->quote |= c == '"' ? bit : 0;
		m->backslash |= c == '\\' ? bit : 0;
		m->open |= c == '[' || c == '{' ? bit : 0;
		m->close |= c == ']' || c == '}' ? bit : 0;
		m->cut |= c == cut ? bit : 0;
	}
}

#if defined(CPU_X86)
/* The bits of the 16 bytes at p that equal c. */
static inline uint64_t eq16(__m128i v, char c)
{
	return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
}

static inline void masks_block(const unsigned char *p, unsigned char cut, struct masks *m)
{
	struct masks r = { 0 };

	for (int k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
		/* '[' and '{' differ only in bit 5, as do ']' and '}' */
		__m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
		int s = 16 * k;
		r.quote |= eq16(v, '"') << s;
		r.backslash |= eq16(v, '\\') << s;
		r.open |= eq16(folded, '{') << s;
		r.close |= eq16(folded, '}') << s;
		r.cut |= eq16(v, (char)cut) << s;
	}
	*m = r;
}
#if defined(CPU_ASK)
static inline __attribute__((always_inline, target("avx2")))
uint64_t eq32(__m256i v, char c)
{
	return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(c)));
}

static inline __attribute__((always_inline, target("avx2")))
void masks_wide(const unsigned char *p, unsigned char cut, struct masks *m)
{
	__m256i lo = _mm256_loadu_si256((const __m256i *)p);
	__m256i hi = _mm256_loadu_si256((const __m256i *)(p + 32));
	__m256i bit5 = _mm256_set1_epi8(0x20);
	__m256i flo = _mm256_or_si256(lo, bit5), fhi = _mm256_or_si256(hi, bit5);

	m->quote = eq32(lo, '"') | eq32(hi, '"') << 32;
	m->backslash = eq32(lo, '\\') | eq32(hi, '\\') << 32;
	m->open = eq32(flo, '{') | eq32(fhi, '{') << 32;
	m->close = eq32(flo, '}') | eq32(fhi, '}') << 32;
	m->cut = eq32(lo, (char)cut) | eq32(hi, (char)cut) << 32;
}
#endif
#else
static inline void masks_block(const unsigned char *p, unsigned char cut, struct masks *m)
{
	masks_plain(p, SPLIT_BLOCK, cut, m);
}
#endif

void splitter_init(struct splitter *s, const unsigned char *p, size_t n,
		   enum split_shape shape, int clean)
{
	memset(s, 0, sizeof *s);
	s->p = p;
	s->n = n;
	s->shape = shape;
	s->clean = clean;
	s->fd = -1;
#if defined(CPU_ASK)
	s->wide = CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(POPCNT) &&
		  CPU_FEATURE_ACTIVE(PCLMULQDQ);
#endif
}

void splitter_read_file(struct splitter *s, int fd, long long at, unsigned char *window)
{
	if (s->clean)           /* clean cuts read around them */
		return;
	s->fd = fd;
	s->file_at = at;
	s->window = window;
	s->window_from = s->window_len = 0;
}

/* The bytes from s->pos on, *len of them, where the scan walks them: where
 * p holds them, or in the window, read there from the file if it does not
 * hold s->pos yet. */
static inline const unsigned char *span_at(struct splitter *s, size_t *len)
{
	size_t left = s->n - s->pos;

	*len = left;
	if (!s->window)
		return s->p + s->pos;
	if (s->pos < s->window_from || s->pos >= s->window_from + s->window_len) {
		size_t want = left < SPLIT_WINDOW ? left : SPLIT_WINDOW;
		ssize_t got = read_at(s->fd, s->window, want, (off_t)(s->file_at + (long long)s->pos));
		s->window_from = s->pos;
		s->window_len = 0;
		if (got < (ssize_t)want)        /* short or failed: the mapping says why */
			return s->p + s->pos;
		s->window_len = want;
	}
	*len = s->window_from + s->window_len - s->pos;
	return s->window + (s->pos - s->window_from);
}

/* Keep of the masks `m` of a block what is outside strings, given the
 * carries `c` from the block before; *c becomes the next block's.  PARITY
 * is prefix_parity() or a faster equal. */
#define OUTSIDE_STRINGS(c, m, PARITY)                                                 \
	do {                                                                          \
		uint64_t quotes_ = (m)->quote;                                        \
		if ((m)->backslash | (c)->escaped)                                    \
			quotes_ &= ~escaped_bytes((m)->backslash, &(c)->escaped);     \
		uint64_t inside_ = (quotes_ ? PARITY(quotes_) : 0) ^ (c)->in_string;  \
		(c)->in_string = (uint64_t)((int64_t)inside_ >> 63);                  \
		(m)->open &= ~inside_;                                                \
		(m)->close &= ~inside_;                                               \
		(m)->cut &= ~inside_;                                                 \
		(m)->slash &= ~inside_;                                               \
	} while (0)

static int space(unsigned char c)
{
	return c == ' ' || c == '\t';
}

/* Whether JSONC's cut at `at` is clean (split.h): before it, after
 * spaces, the end of a value that no comment follows and no blank line;
 * after it, spaces (in an array, and a line break), and the next value or
 * a record's RS and its value. */
static int clean_cut(const struct splitter *s, size_t at, size_t comment_end)
{
	const unsigned char *p = s->p;
	size_t i = at;

	while (i > 0 && (space(p[i - 1]) || p[i - 1] == '\r'))
		i--;
	if (i == 0 || i <= comment_end || p[i - 1] == '\n')
		return 0;
	i = at + 1;
	while (i < s->n && space(p[i]))
		i++;
	if (s->shape == SPLIT_ARRAY) {
		/* the next element on a line of its own: the later lines of
		 * a block comment are placed from the column its first began
		 * at, which a chunk that starts mid-line would not know */
		i += i < s->n && p[i] == '\r';
		if (i >= s->n || p[i] != '\n')
			return 0;
		for (i++; i < s->n && space(p[i]); i++)
			;
	}
	/* a record's RS (a text sequence), and its value: a comment after
	 * the RS stands in the record, which one thread places by the value
	 * of the record before */
	if (i < s->n && p[i] == SKIP_RS)
		for (i++; i < s->n && space(p[i]); i++)
			;
	return i < s->n && (skip_starts_value(p[i]) || p[i] == SKIP_RS);
}

/* A JSONC block that holds a comment, or starts in one, walked a byte at
 * a time from the state at s->pos: the first clean cut at or after
 * `from`, at `want` depth, or SPLIT_NOT_YET with s moved past the block. */
static size_t walk_jsonc(struct splitter *s, size_t from, long want, unsigned char cut)
{
	size_t len = s->n - s->pos < SPLIT_BLOCK ? s->n - s->pos : SPLIT_BLOCK;
	const unsigned char *p = s->p + s->pos;
	int in_string = s->in_string != 0, escaped = in_string && s->escaped;
	enum comment_state comment = s->comment;
	size_t comment_end = s->comment_end;
	long depth = s->depth;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = p[i];
		if (in_string) {
			if (escaped)
				escaped = 0;
			else if (c == '\\')
				escaped = 1;
			else if (c == '"')
				in_string = 0;
			continue;
		}
		switch (comment) {
		case LINE_COMMENT:
			if (c != '\n')
				continue;
			comment = NO_COMMENT;   /* the newline is not the comment's */
			comment_end = s->pos + i;
			break;
		case BLOCK_COMMENT:
			comment = c == '*' ? BLOCK_STAR : BLOCK_COMMENT;
			continue;
		case BLOCK_STAR:
			if (c == '/') {
				comment = NO_COMMENT;
				comment_end = s->pos + i + 1;
			} else if (c != '*') {
				comment = BLOCK_COMMENT;
			}
			continue;
		case SLASH:
			comment = c == '/' ? LINE_COMMENT : c == '*' ? BLOCK_COMMENT : NO_COMMENT;
			if (comment != NO_COMMENT)
				continue;
			break;          /* not JSONC: the byte as any other */
		case NO_COMMENT:
			break;
		}
		if (c == '/')
			comment = SLASH;
		else if (c == '"')
			in_string = 1;
		else if (c == '[' || c == '{')
			depth++;
		else if (c == ']' || c == '}')
			depth--;
		else if (c == cut && depth == want && s->pos + i >= from &&
			 clean_cut(s, s->pos + i, comment_end))
			return s->pos + i;      /* walked again from the block's start */
	}
	s->in_string = in_string ? ~(uint64_t)0 : 0;
	s->escaped = (uint64_t)escaped;
	s->comment = (int)comment;
	s->comment_end = comment_end;
	s->depth = depth;
	s->pos += SPLIT_BLOCK;
	return SPLIT_NOT_YET;
}

/* Where a walk stopped, in s: block `pos`, with the carries and depth
 * from the blocks before it. */
static inline void stand_at(struct splitter *s, size_t pos, struct carries c, long depth)
{
	s->pos = pos;
	s->in_string = c.in_string;
	s->escaped = c.escaped;
	s->depth = depth;
}

/* splitter_next() for one way of building the masks: NAME, compiled for
 * TARGET, with GET_MASKS for a whole block; JSONC (a constant) walks the
 * blocks that hold comments apart and takes only clean cuts.  The blocks
 * in reach at once (span_at()) are walked with the state in locals: one
 * block a call, through the splitter's fields and with the window's
 * bounds checked at each, the scan of big.json took 405 M instructions,
 * now 315 M. */
#define DEFINE_NEXT(NAME, TARGET, GET_MASKS, PARITY, JSONC)                                   \
TARGET static size_t NAME(struct splitter *s, size_t from, size_t until)              \
{                                                                                     \
	/* a cut's depth: outside every value, or inside the top array */             \
	const long want = s->shape == SPLIT_STREAM ? 0 : 1;                           \
	const unsigned char cut = s->shape == SPLIT_STREAM ? '\n' : ',';              \
                                                                                      \
	while (s->pos < s->n) {                                                       \
		size_t len, pos = s->pos;                                             \
		const unsigned char *p = JSONC ? (len = s->n - pos, s->p + pos) :     \
					 span_at(s, &len);                            \
		const unsigned char *end = p + len;                                   \
		struct carries c = { s->in_string, s->escaped };                      \
		long depth = s->depth;                                                \
		size_t found = SPLIT_NOT_YET;                                         \
		for (; p < end; p += SPLIT_BLOCK, pos += SPLIT_BLOCK) {               \
			if (pos >= until)                                             \
				goto stop;                                            \
			struct masks m;                                               \
			if (end - p >= SPLIT_BLOCK)                                   \
				GET_MASKS(p, cut, &m);                                \
			else                                                          \
				masks_plain(p, (size_t)(end - p), cut, &m);           \
			m.slash = JSONC ? byte_bits(p, end - p < SPLIT_BLOCK ?        \
						    (size_t)(end - p) : SPLIT_BLOCK, '/') : 0; \
			struct carries next = c;                                      \
			OUTSIDE_STRINGS(&next, &m, PARITY);                           \
			if (JSONC && (s->comment != NO_COMMENT || m.slash)) {         \
				stand_at(s, pos, c, depth);                           \
				size_t at_ = walk_jsonc(s, from, want, cut);          \
				if (at_ != SPLIT_NOT_YET)                             \
					return at_;                                   \
				c = (struct carries){ s->in_string, s->escaped };     \
				depth = s->depth;                                     \
				continue;                                             \
			}                                                             \
			uint64_t cuts = m.cut;                                        \
			if (from > pos)                                               \
				cuts &= from - pos >= SPLIT_BLOCK ? 0 :               \
					~(uint64_t)0 << (from - pos);                 \
			long opens = __builtin_popcountll(m.open);                    \
			long closes = __builtin_popcountll(m.close);                  \
			/* deeper than a cut all through the block: counted whole */ \
			if (cuts == 0 || depth - closes > want) {                     \
				depth += opens - closes;                              \
				c = next;                                             \
				continue;                                             \
			}                                                             \
			/* each structural byte in turn */                            \
			long d = depth;                                               \
			for (uint64_t all = m.open | m.close | m.cut; all; all &= all - 1) { \
				int i = __builtin_ctzll(all);                         \
				uint64_t bit = (uint64_t)1 << i;                      \
				if (m.open & bit)                                     \
					d++;                                          \
				else if (m.close & bit)                               \
					d--;                                          \
				else if ((cuts & bit) && d == want &&                 \
					 (!JSONC || clean_cut(s, pos + (size_t)i,     \
							      s->comment_end))) {     \
					found = pos + (size_t)i;                      \
					goto stop;      /* walked again from pos */   \
				}                                                     \
			}                                                             \
			depth = d;                                                    \
			c = next;                                                     \
		}                                                                     \
	stop:                                                                         \
		stand_at(s, pos, c, depth);                                           \
		if (p < end)    /* at `until`, or at a cut */                         \
			return found;                                                 \
	}                                                                             \
	return s->n;                                                                  \
}

DEFINE_NEXT(next_narrow, , masks_block, prefix_parity, 0)
DEFINE_NEXT(next_jsonc, , masks_block, prefix_parity, 1)
#if defined(CPU_ASK)
/* AVX2 halves the scan's time: 0.56 ms against 0.97 on bench/gen.py's
 * u_escapes, 0.89 against 1.50 on dense_escapes (4 MiB arrays, fastest of
 * 41 runs); jfmt -c, which cuts both on two threads, takes 4.0% and 2.9%
 * more instructions without it (243.9 and 339.7 million against 234.5
 * and 330.1), 2.4% and 1.7% with only popcnt and the multiply kept. */
DEFINE_NEXT(next_wide, __attribute__((target("avx2,popcnt,pclmul"))), masks_wide, parity_clmul, 0)
#endif

size_t splitter_next(struct splitter *s, size_t from, size_t until)
{
	if (s->clean)
		return next_jsonc(s, from, until);
#if defined(CPU_ASK)
	if (s->wide)
		return next_wide(s, from, until);
#endif
	return next_narrow(s, from, until);
}

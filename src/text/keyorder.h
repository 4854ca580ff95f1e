/* keyorder.h - the order of object keys for --sort-keys: by Unicode code
 * point, on the keys as jfmt writes them.
 *
 * A key is compared in its written form, a JSON string literal, so that it
 * is kept only once (in the sorter's capture).  Escapes are decoded on the
 * way: \n is U+000A, \u00e9 is U+00E9, a pair \ud83d\ude00 is U+1F600, and
 * an unpaired surrogate escape \ud800 is the code point U+D800 itself, which
 * sorts between U+D7FF and U+E000 (the order of its WTF-8 bytes, ED A0 80,
 * and of Python's sorted() on str).  A key that is a prefix of another
 * sorts first.
 */
#ifndef JFMT_KEYORDER_H
#define JFMT_KEYORDER_H

#include <stdint.h>
#include <string.h>

/**
 * Compare two string literals as written by escape.h (valid UTF-8 and
 * well-formed escapes), each given from the byte after its opening quote:
 * returns <0, 0 or >0.  The bytes up to `limit`, past their ends perhaps,
 * may be read.
 */
int key_compare(const unsigned char *a, const unsigned char *b, const unsigned char *limit);

/**
 * The first KEY_PREFIX_BYTES bytes of the key's code points in WTF-8 (UTF-8
 * with surrogates allowed), zero-padded, as a number: when the prefixes of
 * two keys differ, they order the keys as key_compare() does.  When they are
 * equal, key_compare() decides.  `key` is given as for key_compare();
 * the bytes up to `limit`, past its end perhaps, may be read.
 */
#define KEY_PREFIX_BYTES 8
static inline uint64_t key_prefix(const unsigned char *key, const unsigned char *limit);

/** key_prefix() the long way, code point by code point, for any key
 * (keyorder.c). */
uint64_t key_prefix_slow(const unsigned char *key, const unsigned char *limit);

/* Bytes of a uint64_t with the high bit set where x has a zero byte: exact
 * for the lowest one (a borrow runs only upwards). */
#define KEY_BYTES_ONE  0x0101010101010101ULL
#define KEY_BYTES_HIGH 0x8080808080808080ULL

static inline uint64_t key_zero_bytes(uint64_t x)
{
	return (x - KEY_BYTES_ONE) & ~x & KEY_BYTES_HIGH;
}

/* Nonzero if the 8 bytes of x hold a quote or a backslash, and then the
 * lowest byte set marks the first. */
static inline uint64_t key_quote_or_escape(uint64_t x)
{
	return key_zero_bytes(x ^ ('"' * KEY_BYTES_ONE)) | key_zero_bytes(x ^ ('\\' * KEY_BYTES_ONE));
}

/* Bytes of a key read at once: a uint64_t, in memory order. */
#define KEY_WORD 8
_Static_assert(KEY_PREFIX_BYTES == KEY_WORD, "a key's prefix is one word");

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define KEY_WORDS_LE 1
/* The index, in memory order, of the first byte that is not zero in `bits`
 * (such as key_quote_or_escape() or the xor of two words returns, exact
 * where the lowest byte is the first), or KEY_WORD if there is none. */
static inline unsigned key_first_byte(uint64_t bits)
{
	return bits ? (unsigned)__builtin_ctzll(bits) / 8 : KEY_WORD;
}
#endif

#if defined(KEY_WORDS_LE)
/* key_prefix() of a key whose first KEY_WORD bytes, read as x, hold `n`
 * plain bytes (no quote, no backslash) and then its end, if n is less. */
static inline uint64_t key_prefix_word(uint64_t x, unsigned n)
{
	uint64_t v = __builtin_bswap64(x);

	return n >= KEY_PREFIX_BYTES ? v : v & ~(UINT64_MAX >> 8 * n);
}
#endif

/* Most keys start with KEY_PREFIX_BYTES plain bytes or end sooner: one
 * load, and the first quote or backslash found in it, without a call.  On
 * twitter.json's 13,000 prefixes the call cost a third of their 500K Ir. */
static inline uint64_t key_prefix(const unsigned char *key, const unsigned char *limit)
{
#if defined(KEY_WORDS_LE)
	if (limit - key >= KEY_PREFIX_BYTES) {
		uint64_t x;
		memcpy(&x, key, sizeof x);
		unsigned at = key_first_byte(key_quote_or_escape(x));
		if (at == KEY_PREFIX_BYTES || key[at] == '"')
			return key_prefix_word(x, at);
	}
#endif
	return key_prefix_slow(key, limit);
}

/**
 * key_prefix() of a key of `n` plain bytes (no quote, no backslash) at p,
 * then its closing quote, where KEY_WORD bytes can be read from p.
 */
static inline uint64_t key_prefix_plain(const unsigned char *p, size_t n)
{
#if defined(KEY_WORDS_LE)
	uint64_t x;
	memcpy(&x, p, sizeof x);
	return key_prefix_word(x, n < KEY_WORD ? (unsigned)n : KEY_WORD);
#else
	return key_prefix_slow(p, p + n + 1);
#endif
}

#endif

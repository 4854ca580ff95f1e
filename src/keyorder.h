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
uint64_t key_prefix(const unsigned char *key, const unsigned char *limit);

#endif

/* utf8_copy.h - copying text up to the next of a set of ASCII bytes
 * while checking it for well-formed UTF-8 (the rules of utf8.h), in one
 * pass: how the escaper copies the runs that need no escape.
 *
 * It needs AVX2; utf8_copy_usable says whether the CPU has it (set once
 * at start-up).  It reads and writes 32 bytes at a time, so it is given
 * room to write past what it copies.
 */
#ifndef JFMT_UTF8_COPY_H
#define JFMT_UTF8_COPY_H

#include <stddef.h>

/** Whether utf8_copy_until() may be called on this CPU (it needs AVX2). */
extern int utf8_copy_usable;

/* The bytes below this that utf8_copy_until() may be told to stop at. */
#define UTF8_STOPS 128

/** The set of bytes where utf8_copy_until() stops, as two pshufb tables:
 * c < UTF8_STOPS is in it if low[c & 15] & high[c >> 4] is not 0. */
struct utf8_stops {
	unsigned char low[16], high[16];
};

/** Make `t` the set of bytes c < UTF8_STOPS for which set[c] is not 0. */
void utf8_stops_make(struct utf8_stops *t, const unsigned char set[UTF8_STOPS]);

/**
 * Copy s[0..len) to d, checking it on the way, up to the first byte in
 * `stops`, and no further than leaves 32 bytes of `room` at d (room must be
 * 32 at least).  Returns how many bytes were copied; up to 32 more may
 * have been written.  Sets *bad if the bytes copied, or the ones read with
 * them, are not well-formed (a sequence cut off by the stop or by len is
 * not); the bytes after the stop that were read are checked again by the
 * next call.
 */
size_t utf8_copy_until(char *d, const unsigned char *s, size_t len, size_t room,
		       const struct utf8_stops *stops, int *bad);

#endif

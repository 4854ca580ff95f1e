/* rng.h - the unit checks' random numbers: a seeded xorshift, so that every
 * run tries the same inputs and a failure can be run again. */
#ifndef JFMT_UNIT_RNG_H
#define JFMT_UNIT_RNG_H

static unsigned long long rng = 88172645463325252ULL;

static unsigned next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng >> 32);
}

#endif

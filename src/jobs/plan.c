/* plan.c - how many threads an input takes, and in what chunks.  See
 * plan.h. */
#include "jobs/plan.h"

#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "base/readat.h"
#include "read/blocks.h"

/* What of a file's start plan_one_thread() reads, and how far apart its
 * quotes, commas, colons and backslashes are there at most on average in
 * input that pays for the threads. */
#define SAMPLE ((size_t)16 << 10)
#define LIGHT_SPACING 24

unsigned plan_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

unsigned plan_threads(unsigned want, size_t size, int any_size)
{
	if (want > 1)
		return want;
	if (size < JOBS_MIN_INPUT && !any_size)
		return 1;
	unsigned n = plan_cpus();
	return n < JOBS_MAX ? n : JOBS_MAX;
}

/* Long plain strings are copied by one thread at several GB/s: below
 * JOBS_LIGHT_MAX, starting the threads, the scan for the cuts and the
 * threads' second read of the input then cost about what they save.  In
 * turns on two CPUs, mixed_prose and cjk_prose (a quote, comma, colon or
 * backslash every 34 and 36 bytes) took 1.10x and 1.05x the time of -j1
 * at 4 MiB, 0.95x and 0.97x at 8 MiB, 0.89x at 16 MiB; where 4 MiB of
 * JSON Lines (one every 5 bytes) took 0.74x, 6 MiB of big.json's
 * elements (every 9) 0.82x and 4 MiB of dense escapes (every 4) 0.64x. */
static int light(const unsigned char *p, size_t n)
{
	static const unsigned char token[256] = { ['"'] = 1, [','] = 1, [':'] = 1, ['\\'] = 1 };
	size_t tokens = 0;

	for (size_t i = 0; i < n; i++)
		tokens += token[p[i]];
	return n > 0 && tokens * LIGHT_SPACING < n;
}

/* Whether p[0..n) begins with an object that is still open at its end.
 * A stream splits only between its values: a file that begins with an
 * object longer than the sample is most often one document, such as
 * deep.json, where the search for a first cut (through four chunks, for
 * the arrays whose elements are long) walked 1.4 MB of the mapping for
 * nothing: 1.025x the time of -j1, 1.005x without it (60 rounds in
 * turns).  A stream of objects that long takes one thread below
 * JOBS_LIGHT_MAX too (-j N still cuts it). */
static int long_object(const unsigned char *p, size_t n)
{
	size_t i = 0, depth = 0;
	int in_string = 0;

	if (n >= BLOCKS_BOM_LEN && memcmp(p, blocks_bom, BLOCKS_BOM_LEN) == 0)
		i = BLOCKS_BOM_LEN;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
		i++;
	if (i == n || p[i] != '{')
		return 0;
	for (; i < n; i++) {
		if (in_string) {
			if (p[i] == '\\')
				i++;
			else if (p[i] == '"')
				in_string = 0;
		} else if (p[i] == '"') {
			in_string = 1;
		} else if (p[i] == '{' || p[i] == '[') {
			depth++;
		} else if ((p[i] == '}' || p[i] == ']') && --depth == 0) {
			return 0;
		}
	}
	return 1;
}

/* Read, not looked at where it is mapped: the mapping's first faults
 * cost more. */
int plan_one_thread(int fd, off_t start)
{
	unsigned char buf[SAMPLE];
	ssize_t n = read_at(fd, buf, sizeof buf, start);

	return n > 0 && (light(buf, (size_t)n) || long_object(buf, (size_t)n));
}

size_t plan_chunk(size_t size, unsigned threads)
{
	size_t b = size / ((size_t)threads * JOBS_CHUNKS_PER_JOB);

	if (b < JOBS_BLOCK_MIN)
		return JOBS_BLOCK_MIN;
	return b > JOBS_BLOCK_MAX ? JOBS_BLOCK_MAX : b;
}

size_t plan_block_max(size_t block, int fixed)
{
	return fixed ? block : block * JOBS_BLOCK_GROWTH;
}

/* A cut at whole lines is looked for from a chunk's end on, through the
 * rest of the element or value there, which in an array of long elements
 * is often most of one (cuts.c reads it all).  Where that was more than
 * half a chunk, chunks twice as long halve what is read for each byte
 * cut.  big.json (elements of up to 2.2 MB) was read 54% over again in
 * chunks of 1 MiB, 9% in chunks of 2 MiB (91 chunks either way, the
 * longest 2.4 MB): -c took 0.559x the time of -j1, and then 0.541x (in
 * turns, 21 rounds).  Inputs of short lines never grow theirs. */
size_t plan_grow(size_t block, size_t past, size_t max)
{
	return past > block / 2 && block * 2 <= max ? block * 2 : block;
}

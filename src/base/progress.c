/* progress.c - bytes done, percent, ETA and speed, redrawn in place on a
 * terminal's standard error. */
#include "base/progress.h"

#include <stdio.h>
#include <sys/stat.h>

#include "base/diag.h"
#include <unistd.h>

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* Whether standard output is the same terminal as standard error: the
 * progress line would then be drawn into the output. */
static int output_on_same_terminal(void)
{
	struct stat out, err;

	return isatty(STDOUT_FILENO) && fstat(STDOUT_FILENO, &out) == 0 &&
	       fstat(STDERR_FILENO, &err) == 0 && out.st_rdev == err.st_rdev;
}

void progress_init(struct progress *p, int wanted, int writes_stdout)
{
	p->enabled = wanted && isatty(STDERR_FILENO) &&
		     !(writes_stdout && output_on_same_terminal());
	p->drawn = 0;
}

void progress_start(struct progress *p, const char *name, int fd)
{
	struct stat st;

	if (!p->enabled)
		return;
	p->name = name;
	p->size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? (unsigned long long)st.st_size : 0;
	p->done = 0;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->last = p->start;
}

static void draw(struct progress *p, double elapsed)
{
	double mb = (double)p->done / 1e6;
	double rate = elapsed > 0 ? mb / elapsed : 0;
	char share[32] = "";

	if (p->size > 0) {
		double frac = (double)p->done / (double)p->size;
		double eta = rate > 0 ? ((double)(p->size - p->done) / 1e6) / rate : 0;
		snprintf(share, sizeof share, " %3.0f%% ETA %d:%02d", frac * 100,
			 (int)eta / 60, (int)eta % 60);
	}
	diag_status_line("%s: %.1f MB%s %.1f MB/s", diag_name(p->name), mb, share, rate);
	p->drawn = 1;
}

void progress_advance(struct progress *p, unsigned long long n)
{
	struct timespec now;

	if (!p->enabled)
		return;
	p->done += n;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (seconds_between(&p->last, &now) < 0.1)
		return;
	p->last = now;
	draw(p, seconds_between(&p->start, &now));
}

void progress_end(struct progress *p)
{
	if (p->drawn)
		diag_clear_line();
	p->drawn = 0;
}

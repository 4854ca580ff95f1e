/* jobs.c - jfmt -j: an input on several threads, a file mapped, a pipe
 * read ahead a part at a time (how many threads and what chunks are
 * plan.h's, the threads and the writing in order pool.h's).  See jobs.h. */
#include "jobs/jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "jobs/cuts.h"
#include "jobs/guard.h"
#include "jobs/pool.h"
#include "layout/consumer.h"

/* A pipe read ahead (format_pipe()) waits for more at most this long at
 * once, and this long in all, before its part is formatted: a writer
 * faster than jfmt pauses for microseconds, a log followed for seconds.
 * (Only the waits count: a jfmt slowed down, under strace or a
 * sanitizer, still fills its part from a fast writer.) */
#define AHEAD_GAP_MS 10
#define AHEAD_WAIT_MS 100

/* What a pipe's shape is told from: a stream, or an array, which is
 * read whole before it is cut. */
#define AHEAD_SHAPE ((size_t)64 << 10)

/* What a pipe read ahead is asked to hold: Linux's limit for a process
 * without privileges (/proc/sys/fs/pipe-max-size). */
#define PIPE_SIZE (1 << 20)

/* Past JOBS_FIRST_CUT_CHUNKS chunks, how far the first cut may be yet
 * (for the small chunks of JFMT_JOBS_BLOCK). */
#define FIRST_CUT_SLACK (64 * 1024)

void jobs_init(struct jobs *j, unsigned want, const struct format_options *opt, int off,
	       int comments)
{
	const char *b = getenv("JFMT_JOBS_BLOCK");

	*j = (struct jobs){
		.want = want,
		.opt = opt,
		.off = off || want == 1 || !consumer_cuts(opt),
		.comments = comments,
		.clean = comments || format_places(opt),
		.block = b && *b ? (size_t)strtoull(b, NULL, 10) : 0,
	};
}

/* --- Deciding (plan.h) --- */

/* One input on threads started for it. */
static int run_threads(struct run *r, struct fbuffer *out, size_t lead)
{
	int result = pool_start(r) ? pool_run(r, out, lead) : -1;  /* none: one thread */

	pool_stop(r);
	return result;
}

/* What format_whole() returns when the file grew: the input from r->rest
 * on is left to the caller's one thread. */
#define WHOLE_GROWN 2

/* in[0..size), a whole input (a file's mapping, `lead` bytes into it, or
 * a pipe read to its end), on the threads of `r`: 1 when it is out, 0
 * when it does not split (one value) and nothing is written, -1 when a
 * chunk failed and what was written of it is taken back.  A file that
 * grew meanwhile (pool.h): with `resume`, a stream's part before its last
 * chunk is out (WHOLE_GROWN); else, or for an array, it is taken back
 * (-1), as one thread reads the array on from its start. */
static int format_whole(struct jobs *j, const char *name, const unsigned char *in, size_t size,
			int fd, off_t start, size_t lead, struct fbuffer *out, struct run *r,
			unsigned threads, int resume)
{
	cutter_init(&r->cut, in, size, j->clean);
	r->block = j->block ? j->block : plan_chunk(size, threads);
	r->block_max = plan_block_max(r->block, j->block != 0);
	r->nthreads = threads;
	/* one value that does not split: one thread, having lost little */
	size_t first = size > r->block ?
		cutter_next(&r->cut, r->block, r->block * JOBS_FIRST_CUT_CHUNKS + FIRST_CUT_SLACK) :
		size;
	if (first == SPLIT_NOT_YET || first >= size)
		return 0;
	/* The whole scan reads the file (the search for the first cut
	 * walked a few chunks where they are mapped: for deep.json, which
	 * does not split, the window's fresh pages cost more than that) */
	if (fd >= 0) {
		r->window = xrealloc(r->window, SPLIT_WINDOW);
		cutter_read_file(&r->cut, fd, (long long)start, r->window);
	}
	cutter_scan_from(&r->cut, 0);
	r->first = first;       /* (not looked for again) */
	r->pool.input = (struct job_input){ j->opt, name, in, fd, start, r->cut.seq, 0,
					     j->comments };

	/* What went before this input is out; this input starts here. */
	fbuffer_flush(out);
	unsigned long long written = out->written;
	char last = out->last;
	out->crlf = j->opt->eol == EOL_CRLF ||
		    (j->opt->eol == EOL_AUTO && cutter_first_line_crlf(&r->cut));
	int ran = run_threads(r, out, lead);
	if (ran == POOL_GROWN && resume && !r->cut.array)
		return WHOLE_GROWN;
	if (ran < 0 || ran == POOL_GROWN) {
		fbuffer_rewind(out, written, last);
		return -1;
	}
	return 1;
}

/* The lines p[0..n) ends, added to *line. */
static void count_lines(const unsigned char *p, size_t n, unsigned long long *line)
{
	for (const unsigned char *e = p + n; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++)
		++*line;
}

/* --- A pipe --- */

/* Milliseconds since some fixed time. */
static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Whether `fd` has bytes to read (or its end) within AHEAD_GAP_MS, and
 * within what is left of the wait *waited counts: past it, the pipe's
 * writer is taken to be slower than jfmt.  Only time spent waiting on an
 * empty pipe counts: under strace and TSan a poll() cost ~0.3 ms however it
 * ended, and 16 MiB from cat took 150-200 of them: 58-100 ms, up to
 * the whole wait. */
static int ready(int fd, long long *waited)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	long long left = AHEAD_WAIT_MS - *waited;

	if (poll(&p, 1, 0) > 0)
		return 1;
	if (left <= 0)
		return 0;
	long long t = now_ms();
	int n = poll(&p, 1, left < AHEAD_GAP_MS ? (int)left : AHEAD_GAP_MS);
	*waited += now_ms() - t;
	return n > 0;
}

/* Whether nothing more comes from `fd` within AHEAD_WAIT_MS of waiting:
 * its writer is slower than jfmt (a log followed), not one that paused. */
static int quiet(int fd)
{
	long long waited = 0;

	while (waited < AHEAD_WAIT_MS)
		if (ready(fd, &waited))
			return 0;
	return 1;
}

/* How read_ahead() waits for the pipe. */
enum ahead {
	AHEAD_FIRST,    /* one read, however long it takes, then AHEAD_MORE */
	AHEAD_MORE,     /* only as long as more comes quickly */
	AHEAD_ALL       /* until full or the end, however long it takes */
};

/* Read into j->ahead until it is full or the input ends (*eof), as `how`
 * waits.  Input that comes slowly (a log followed) goes out as it comes. */
static void read_ahead(struct jobs *j, int fd, int *eof, enum ahead how)
{
	long long waited = 0;
	int once = how != AHEAD_FIRST;

	while (j->ahead_len < j->ahead_cap && !*eof &&
	       (!once || how == AHEAD_ALL || ready(fd, &waited))) {
		ssize_t n = read(fd, j->ahead + j->ahead_len, j->ahead_cap - j->ahead_len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			j->read_error = n < 0 ? errno : 0;
			*eof = 1;
			break;
		}
		j->ahead_len += (size_t)n;
		once = 1;
	}
}

/* Read all of a pipe into j->ahead, however slowly it comes, if it is at
 * most JOBS_AHEAD_MAX: whether it was (an array is cut only once it is
 * whole, as the one thread a failed chunk leaves the rest to starts from
 * the input's start).  Waiting for the end, not only for what comes at
 * once, keeps -j N's threads from depending on the machine's load.  Only
 * for -j N: by default an array from a pipe streams on one thread, in the
 * constant memory of -j1, and its first bytes go out at once. */
static int read_whole(struct jobs *j, int fd, int *eof)
{
	read_ahead(j, fd, eof, AHEAD_ALL);
	while (!*eof && j->ahead_cap < JOBS_AHEAD_MAX) {
		j->ahead_cap = j->ahead_cap * 2 < JOBS_AHEAD_MAX ? j->ahead_cap * 2 : JOBS_AHEAD_MAX;
		j->ahead = xrealloc(j->ahead, j->ahead_cap);
		read_ahead(j, fd, eof, AHEAD_ALL);
	}
	return *eof;
}

/* A stream from a pipe, a part read ahead at a time: each part's whole
 * values on the threads, what the part ends with carried into the next;
 * with -j N, an array whole.  What cannot be done so (an array by
 * default, or longer than JOBS_AHEAD_MAX, a value longer than the
 * read-ahead can grow to, a failed chunk) is left to the caller's one
 * thread from the part that was read last (*at). */
static int format_pipe(struct jobs *j, const char *name, int fd, struct fbuffer *out,
		       enum exit_status *status, struct read_resume *at)
{
	unsigned threads = j->want > 1 ? j->want : plan_cpus();
	size_t block = j->block ? j->block : JOBS_BLOCK_MAX;
	int eof = 0, seq = 0, result = 0;
	struct run r;

	if (threads <= 1)
		return 0;
	if (threads > JOBS_MAX)
		threads = JOBS_MAX;
	/* a larger pipe lets the writer run on while the threads format a
	 * part, and the next part comes in fewer, larger reads: cat of
	 * ndjson_1m.json into jfmt -c took 0.391 s for 0.438 s with the
	 * 64 KiB default.  Where the system does not allow it, the default
	 * stays. */
	(void)fcntl(fd, F_SETPIPE_SZ, PIPE_SIZE);
	/* at least what the default takes several threads for */
	j->ahead_cap = (size_t)threads * JOBS_CHUNKS_PER_JOB * block;
	if (j->ahead_cap < JOBS_MIN_INPUT && !j->block)
		j->ahead_cap = JOBS_MIN_INPUT;
	j->ahead = xrealloc(j->ahead, j->ahead_cap);
	j->ahead_len = 0;
	*at = (struct read_resume){ .line = 1 };
	memset(&r, 0, sizeof r);
	/* the shape first, from a little: an array (one thread) holds no
	 * more than that in memory */
	size_t cap = j->ahead_cap;
	j->ahead_cap = cap < AHEAD_SHAPE ? cap : AHEAD_SHAPE;
	read_ahead(j, fd, &eof, AHEAD_FIRST);
	j->ahead_cap = cap;
	cutter_init(&r.cut, j->ahead, j->ahead_len, j->clean);
	if (r.cut.array) {
		if (j->want > 1 && read_whole(j, fd, &eof) && !j->read_error &&
		    (threads = plan_threads(j->want, j->ahead_len, j->block != 0)) > 1 &&
		    format_whole(j, name, j->ahead, j->ahead_len, -1, 0, 0, out, &r, threads, 0) > 0) {
			*status = EXIT_OK;
			return 1;
		}
		goto one_thread;
	}
	read_ahead(j, fd, &eof, AHEAD_MORE);
	cutter_init(&r.cut, j->ahead, j->ahead_len, j->clean);
	/* all of it at once is small; the default takes only what comes at
	 * once and is large */
	if (eof || (j->want == 0 && j->ahead_len < j->ahead_cap))
		goto one_thread;
	seq = r.cut.seq;
	r.block = block;
	r.block_max = plan_block_max(block, j->block != 0);
	r.nthreads = threads;
	for (;;) {
		size_t end = eof ? j->ahead_len : cutter_last(&r.cut);
		/* A value past the part's last cut, which one thread would
		 * have written as it came, would wait for the writer if the
		 * pipe stays quiet (a log followed): one thread takes over
		 * from that cut then, as threads cannot tell what it writes
		 * of a stream not yet whole.  (In JSONC, and with blank lines
		 * kept, the last line that came is never a cut: what stands
		 * after it is not known yet.) */
		int waits = !eof && j->ahead_len < j->ahead_cap && cutter_value_ends(&r.cut, end);
		if (end == 0 && !eof) {         /* no value ends in it yet */
			if (waits && quiet(fd))
				goto one_thread;
			if (j->ahead_len == j->ahead_cap) {
				if (j->ahead_cap >= JOBS_AHEAD_MAX)
					goto one_thread;
				j->ahead_cap *= 2;
				j->ahead = xrealloc(j->ahead, j->ahead_cap);
			}
			read_ahead(j, fd, &eof, AHEAD_FIRST);
			cutter_init_stream(&r.cut, j->ahead, j->ahead_len, seq, j->clean);
			continue;
		}
		if (j->read_error)      /* reported by the one thread */
			goto one_thread;
		cutter_init_stream(&r.cut, j->ahead, end, seq, j->clean);
		/* --eol=auto: from the first part, which holds the first
		 * line whole (a shorter read may not) */
		if (at->base == 0)
			out->crlf = j->opt->eol == EOL_CRLF ||
				    (j->opt->eol == EOL_AUTO && cutter_first_line_crlf(&r.cut));
		r.pool.input = (struct job_input){ j->opt, name, j->ahead, -1, 0, seq, at->base > 0,
					    j->comments };
		if (!r.started && pool_start(&r) == 0)
			goto one_thread;
		fbuffer_flush(out);
		unsigned long long written = out->written;
		char last = out->last;
		r.next = 0;
		result = pool_run(&r, out, 0);
		if (result < 0) {
			fbuffer_rewind(out, written, last);
			goto one_thread;
		}
		if (result > 0 || (eof && end == j->ahead_len))
			break;
		/* the part's values are out: carry its end into the next */
		count_lines(j->ahead, end, &at->line);
		at->base += end;
		j->ahead_len -= end;
		memmove(j->ahead, j->ahead + end, j->ahead_len);
		if (waits && quiet(fd))
			goto one_thread;
		read_ahead(j, fd, &eof, AHEAD_FIRST);
		cutter_init_stream(&r.cut, j->ahead, j->ahead_len, seq, j->clean);
	}
	pool_stop(&r);
	*status = EXIT_OK;
	return 1;

one_thread:
	pool_stop(&r);
	at->pre = j->ahead;
	at->len = j->ahead_len;
	at->seq = seq;
	at->error = j->read_error;
	return 0;
}

void jobs_release(struct jobs *j)
{
	free(j->ahead);
	j->ahead = NULL;
	j->ahead_cap = j->ahead_len = 0;
}

/* --- A file, and one that shrinks while it is mapped (guard.h) --- */

/* The mapped file (in[0..size), `lead` bytes into the mapping `map`) on
 * the threads of `r`; returns as jobs_format() does.  A file that grew
 * meanwhile is read on to its new end, as one thread reads it: with
 * `at`, from the start of the last chunk of a stream, all before it
 * being out; else from the start. */
static int format_mapped(struct jobs *j, const char *name, int fd, struct fbuffer *out,
			 enum exit_status *status, struct run *r, off_t start, size_t size,
			 unsigned threads, void *map, size_t lead, struct read_resume *at)
{
	const unsigned char *in = (const unsigned char *)map + lead;

	r->order.mapped = 1;
	madvise(map, size + lead, MADV_SEQUENTIAL);
	int done = format_whole(j, name, in, size, fd, start, lead, out, r, threads, at != NULL);
	if (done == WHOLE_GROWN) {
		*at = (struct read_resume){ .base = r->rest, .line = 1, .seq = r->cut.seq };
		count_lines(in, r->rest, &at->line);
		lseek(fd, start + (off_t)r->rest, SEEK_SET);
		return 0;
	}
	if (done <= 0) {
		lseek(fd, start, SEEK_SET);
		return 0;
	}
	lseek(fd, 0, SEEK_END);
	*status = EXIT_OK;
	return 1;
}

int jobs_format(struct jobs *j, const char *name, int fd, struct fbuffer *out,
		enum exit_status *status, struct read_resume *at)
{
	struct stat st;

	if (at)
		*at = (struct read_resume){ .line = 1 };
	if (j->off || fstat(fd, &st) != 0)
		return 0;
	if (S_ISFIFO(st.st_mode) && at)
		return format_pipe(j, name, fd, out, status, at);
	if (!S_ISREG(st.st_mode))
		return 0;
	off_t start = lseek(fd, 0, SEEK_CUR);
	if (start < 0 || st.st_size <= start)
		return 0;
	size_t size = (size_t)(st.st_size - start);
	unsigned threads = plan_threads(j->want, size, j->block != 0);
	if (threads <= 1)
		return 0;
	if (j->want == 0 && !j->block && size < JOBS_LIGHT_MAX && plan_one_thread(fd, start))
		return 0;

	/* mapped from the page that holds `start` */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t lead = (size_t)start % page;
	void *map = mmap(NULL, size + lead, PROT_READ, MAP_PRIVATE, fd, start - (off_t)lead);
	if (map == MAP_FAILED)
		return 0;

	/* (on the heap: what sigsetjmp() returns to must not be a changed
	 * local of this function) */
	struct run *r = xrealloc(NULL, sizeof *r);
	sigjmp_buf jump;
	int done;
	memset(r, 0, sizeof *r);
	shrink_guard(map, size + lead, &jump);
	if (sigsetjmp(jump, 1) == 0) {
		done = format_mapped(j, name, fd, out, status, r, start, size, threads, map, lead,
				     at);
	} else {
		/* the file shrank under the scan: nothing more of it is read */
		pool_stop(r);
		diag_error("%s: the file shrank while it was read", diag_name(name));
		*status = EXIT_IO;
		done = 1;
	}
	shrink_guard(NULL, 0, NULL);
	munmap(map, size + lead);
	free(r->window);
	free(r);
	return done;
}

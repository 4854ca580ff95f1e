/* pooled.c - several inputs on worker threads, written in order.  See
 * pooled.h. */
#include "cli/pooled.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/settings.h"
#include "jobs/filepool.h"
#include "jobs/plan.h"

/* An input in its slot. */
struct input {
	char *path;                     /* as walk.h gave it */
	size_t path_cap;
	struct file_setup fs;           /* its options */
	int prepared;                   /* they are (settings_for() said
					 * nothing) */
	int deferred;                   /* the calling thread reads it */
	int differs;                    /* --check...: it differed */
	enum exit_status status;
	dev_t dev;                      /* -i: the file it names, if known */
	ino_t ino;
	int keyed;
};

/* A worker's own. */
struct worker {
	struct program prog;
	struct checker k;
};

struct pooled {
	struct program *r;                  /* the calling thread's */
	struct checker *k;
	enum pooled_mode mode;
	struct filepool pool;
	struct filepool_ops ops;
	int started;                    /* the pool is */
	int failed;                     /* ... and could not be */
	unsigned long long whole_max;   /* a larger file is read by the
					 * calling thread */
	enum exit_status status;        /* the inputs' worst */
	struct input *inputs;           /* the slots' */
	size_t ninputs;
};

/* The worker threads: -j N, or every CPU. */
static unsigned threads_of(const struct cli *cli)
{
	return cli->jobs ? cli->jobs : plan_cpus();
}

int pooled_wanted(const struct cli *cli)
{
	return (cli->recursive || cli->nfiles > 1) && !cli->progress && threads_of(cli) > 1;
}

/* --- On a worker --- */

static struct worker *worker_new(struct pooled *p)
{
	struct worker *w = xrealloc(NULL, sizeof *w);

	program_setup_worker(&w->prog, p->r->cli);
	if (p->mode == POOLED_COMPARE) {
		check_init(&w->k, p->r->cli, &w->prog.reader, &w->prog.fmt.output, w->prog.storage,
			   OUTPUT_BLOCK);
		w->k.worker = 1;
		w->k.say = record_write;
		w->k.whole_max = p->whole_max;
	}
	return w;
}

/* Formatting (into the slot's record) or validating one input. */
static enum exit_status read_one(struct pooled *p, struct worker *w, struct file_slot *s,
				 struct input *in)
{
	const struct cli *cli = p->r->cli;
	struct fbuffer *out = &w->prog.fmt.output;
	struct stat st;
	/* (what may be a pipe, opened without waiting for its writer) */
	int fd = open(in->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		diag_errno(in->path, errno);
		return EXIT_IO;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > p->whole_max) {
		in->deferred = 1;
		close(fd);
		return EXIT_OK;
	}
	if (p->mode == POOLED_OUTPUT) {
		fbuffer_init_fn(out, record_write, &s->rec, w->prog.storage, OUTPUT_BLOCK);
		fbuffer_hold(out, cli->hold);
		fbuffer_hold_inputs(out, cli->single);
	}
	enum exit_status status = program_read(&w->prog, in->path, fd);
	close(fd);
	if (p->mode == POOLED_OUTPUT) {
		/* as program_output_file() leaves it */
		if (status != EXIT_OK)
			fbuffer_abandon(out);
		else
			fbuffer_commit_input(out);
		fbuffer_flush(out);
		fbuffer_release(out);   /* (no message settles it now) */
		if (s->rec.over) {      /* formatted again, streaming */
			record_truncate(&s->rec, 0);
			in->deferred = 1;
			status = EXIT_OK;
		}
	}
	return status;
}

static void work(void *ctx, void **state, struct file_slot *s)
{
	struct pooled *p = ctx;
	struct input *in = s->data;
	struct worker *w = *state;

	if (!w)
		w = *state = worker_new(p);
	program_apply(&w->prog, &in->fs);
	if (p->mode != POOLED_COMPARE) {
		in->status = read_one(p, w, s, in);
		return;
	}
	w->k.final_newline = in->fs.final_newline;
	w->k.say_ctx = &s->rec;
	in->status = check_file(&w->k, in->path);
	in->deferred = w->k.deferred;
	in->differs = w->k.differs;
}

/* Before a worker's message: what it wrote before it goes first. */
static void settle(void *ctx, void *state)
{
	struct worker *w = state;

	(void)ctx;
	if (w)
		fbuffer_settle(&w->prog.fmt.output);
}

static void end(void *ctx, void *state)
{
	struct worker *w = state;

	(void)ctx;
	program_release(&w->prog);   /* (a worker's checker holds nothing) */
	free(w);
}

/* --- On the calling thread, in order --- */

/* A worker's output into the output shared by all, as one thread's
 * would have been appended: its line ends are written already. */
static int into_output(void *ctx, const char *p, size_t n)
{
	struct fbuffer *fb = ctx;

	fb->crlf = 0;
	while (n > 0) {
		size_t k = fbuffer_avail(fb);
		if (k == 0) {
			if (fbuffer_flush(fb))
				break;          /* (an error drops the rest) */
			continue;
		}
		k = k < n ? k : n;
		memcpy(fb->ptr + fb->len, p, k);
		fb->len += k;
		fbuffer_commit_input(fb);
		p += k;
		n -= k;
	}
	return fb->error;
}

/* Names and diffs, on standard output; flushed where one thread
 * flushes it, around diff(1)'s output (a mark). */
static int onto_stdout(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	if (!p)
		fflush(stdout);
	else
		fwrite(p, 1, n, stdout);
	return 0;
}

static int nowhere(void *ctx, const char *p, size_t n)
{
	(void)ctx, (void)p, (void)n;
	return 0;
}

/* An input that the calling thread reads itself, as one thread does. */
static enum exit_status take_here(struct pooled *p, struct input *in)
{
	struct program *r = p->r;

	/* what the workers wrote goes out first, with no line end of
	 * this input's changing it */
	if (p->mode == POOLED_OUTPUT)
		fbuffer_flush(&r->fmt.output);
	program_apply(r, &in->fs);
	if (p->mode == POOLED_OUTPUT)
		return program_output_file(r, in->path);
	if (p->mode == POOLED_VALIDATE)
		return program_file(r, in->path);
	p->k->final_newline = r->cur.final_newline;
	return check_file(p->k, in->path);
}

/* Write out what the worker made of an input, as program_output_file()
 * does with what it reads. */
static void write_output(struct pooled *p, struct file_slot *s, struct input *in)
{
	struct program *r = p->r;
	int tail = settings_may_drop_newline(r->cli);
	int drops = tail && !in->fs.final_newline;

	tail_file_start(&r->tail, drops);
	record_replay(&s->rec, into_output, &r->fmt.output);
	/* through the tail as this input's (program_output_file()) */
	if (tail)
		fbuffer_flush(&r->fmt.output);
	if (drops)
		tail_drop_final(&r->tail);
	if (r->fmt.output.error)
		program_write_error(r->fmt.output.error, r->outname);
}

static void emit(void *ctx, struct file_slot *s)
{
	struct pooled *p = ctx;
	struct input *in = s->data;
	enum exit_status st = in->status;

	if (s->fatal || (in->prepared && !in->deferred)) {
		switch (p->mode) {
		case POOLED_OUTPUT:
			write_output(p, s, in);
			break;
		case POOLED_VALIDATE:
			record_replay(&s->rec, nowhere, NULL);
			break;
		case POOLED_COMPARE:
			record_replay(&s->rec, onto_stdout, NULL);
			if (in->differs)
				check_note(p->k, in->path);
			break;
		}
	} else if (in->prepared) {
		st = take_here(p, in);
	}
	p->status = status_worse(p->status, st);
}

/* Start the workers, at the first input. */
static int start(struct pooled *p)
{
	const struct cli *cli = p->r->cli;

	p->ops = (struct filepool_ops){ work, settle, end, emit, p };
	/* inputs -j would cut are its own (pooled.h); the chunks set for a
	 * test (JFMT_JOBS_BLOCK) still cut what they would */
	p->whole_max = p->r->jobs.off ? ULLONG_MAX :
		       p->r->jobs.block ? p->r->jobs.block : JOBS_MIN_INPUT - 1;
	unsigned threads = threads_of(cli);
	/* (fewer for a test, so that a few files fill the window) */
	const char *env = getenv("JFMT_FILES_PER_THREAD");
	int per = env ? atoi(env) : 0;
	size_t window = (size_t)threads * (per > 0 ? (size_t)per : FILEPOOL_PER_THREAD);
	p->inputs = xrealloc(NULL, window * sizeof *p->inputs);
	memset(p->inputs, 0, window * sizeof *p->inputs);
	p->ninputs = window;
	p->started = filepool_start(&p->pool, threads, window, p->inputs, sizeof *p->inputs,
				    p->mode == POOLED_OUTPUT ? POOLED_OUTPUT_MAX : SIZE_MAX,
				    &p->ops) > 0;
	p->failed = !p->started;
	return p->started;
}

/* -i: whether the file `path` names is one that a slot still out may be
 * rewriting (the same file named twice, or through a link): then it is
 * read in its turn, once that one is rewritten, as one thread reads it.
 * (A stat(2) per file, which -i's fsync(2) dwarfs.) */
static int rewritten_ahead(struct pooled *p, struct input *in, const char *path)
{
	struct stat st;

	in->keyed = strcmp(path, "-") != 0 && stat(path, &st) == 0;
	if (!in->keyed)
		return 0;
	in->dev = st.st_dev;
	in->ino = st.st_ino;
	for (size_t i = p->pool.emitted; i < p->pool.taken; i++) {
		const struct input *o = p->pool.slots[i % p->pool.window].data;
		if (o->keyed && o->dev == in->dev && o->ino == in->ino)
			return 1;
	}
	return 0;
}

/* walk.h's function: the next input into a slot. */
static enum exit_status take(void *ctx, const char *path)
{
	struct pooled *p = ctx;

	if (!p->started && (p->failed || !start(p))) {
		struct input in = { .path = (char *)path };     /* one thread, then */
		in.status = settings_for(p->r->cli, path, &in.fs);
		in.prepared = in.status == EXIT_OK;
		return in.prepared ? take_here(p, &in) : in.status;
	}
	struct file_slot *s = filepool_take(&p->pool);
	struct input *in = s->data;
	size_t n = strlen(path) + 1;
	in->path = xgrow_array(in->path, &in->path_cap, n, 1);
	memcpy(in->path, path, n);
	in->status = settings_for(p->r->cli, path, &in->fs);     /* (said into s->pre) */
	in->prepared = in->status == EXIT_OK;
	/* standard input is the calling thread's */
	in->deferred = strcmp(path, "-") == 0;
	in->keyed = 0;
	if (p->r->cli->in_place && in->prepared && rewritten_ahead(p, in, path))
		in->deferred = 1;
	in->differs = 0;
	filepool_submit(&p->pool, s, in->prepared && !in->deferred);
	return EXIT_OK;         /* (counted as it is written out) */
}

enum exit_status pooled_each(struct program *r, struct checker *k, enum pooled_mode mode,
			     pooled_walk_fn *walk)
{
	struct pooled p = { .r = r, .k = k, .mode = mode };

	enum exit_status status = walk(r->cli, take, &p);
	if (p.started)
		filepool_finish(&p.pool);
	for (size_t i = 0; i < p.ninputs; i++)
		free(p.inputs[i].path);
	free(p.inputs);
	return status_worse(status, p.status);
}

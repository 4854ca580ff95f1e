/* fuzz_jfmt.c - libFuzzer target for jfmt's reader and formatter.
 *
 * Input layout: byte 0 says how the document is read, byte 1 what else
 * runs, the next FUZZ_OPTION_BYTES bytes pick the layout options, the rest
 * is the document.
 *
 *   byte 0: 0 reads the document in whole blocks (from a memfd); anything
 *           else hands it over a socket in pieces of a few bytes, one
 *           piece per read(2), so that tokens, escapes and characters are
 *           cut everywhere.  Bit 3 also turns on --keep-going.
 *   byte 1, bit 0: --check
 *           bit 1: the document is also formatted with -j3 (jobs.h), in
 *           chunks of 1 to 29 bytes (bits 5-7, times 4, plus one).
 *   bytes 2 to 9: the layout options, from jfmt's table of options
 *           (src/cli/optable.h), read as a stream of bits, lowest first:
 *           each layout row of the table in turn takes the fewest bits
 *           that number its choices (not given, or given with each of its
 *           example values, or, a flag, given) and their value, modulo the
 *           number of choices, picks one.  The options are applied as the
 *           command line applies them (cli_apply(), cli_settle()); where
 *           jfmt refuses a combination (--width with --sort-keys and
 *           comments kept), --width is left out.  A new row of the table
 *           is fuzzed without a change here; tests/fuzz/seed.py writes
 *           an input from a command line.
 *
 * Besides what the sanitizers catch (crashes, overflows, leaks), each input
 * must satisfy, or abort() is called:
 *   - a document read in pieces gives the same status, output and error
 *     location as when read whole;
 *   - --check accepts exactly what formatting accepts;
 *   - accepted output is strict UTF-8 (plain ASCII with --ascii), and is
 *     itself accepted by --check (with --comments if given);
 *   - compact(output) == compact(input), with the same escaping and sorting
 *     (with --style=prettier, compact(input) written in that style first,
 *     as it spells numbers its own way)
 *     (with --comments: both with --strip-comments, so the value is kept);
 *   - with --comments (without --sort-keys), the output holds the input's
 *     comments, in order;
 *   - formatting the output again gives the output (idempotence); with
 *     --seq, both the output without its RS bytes and the output as it
 *     is, a text sequence;
 *   - with --keep-going on input of one value per line, every line that is
 *     valid JSON on its own and begins a value at its first byte comes
 *     out, in order (lines that end inside a
 *     value, which may take the next lines in, are left out of this, and
 *     so is input that is UTF-16 or UTF-32, which is not read, and a text
 *     sequence, which goes on at its next record).
 *   - with --comments, when values are skipped (--keep-going, or a text
 *     sequence), compact output with the comments taken out (and the
 *     lines left empty, and the first record if it held comments alone)
 *     is the compact output of --strip-comments, byte
 *     for byte: nothing runs together and nothing is lost; and its
 *     comments are input comments, in order, none twice;
 *   - with --width N, a line longer than N columns holds one token (a
 *     scalar or a bracket), after a key or not: nothing that could have
 *     been broken (not with comments or blank lines kept, as comments
 *     count for no column).
 *   - with -j3, in chunks of a few bytes, from a file and from a pipe, the
 *     status, output and messages
 *     are those of one thread, byte for byte, both written through an
 *     output buffer held back as jfmt's is (not with --check, which
 *     -j leaves to one thread);
 *   - the general path alone (general_only, as `make general` builds the
 *     referee) gives the same status, output and messages, byte for byte,
 *     read the same way: every layout fast path (plain, quick, noted keys,
 *     --sort-keys, --width) must write what the general callbacks write,
 *     what an invalid document left written included (not with --check,
 *     which lays nothing out), and JSONC's lines passed a line at a time
 *     must read as the byte loop reads them (sink.no_shortcuts).
 *
 * Knobs for exploring past a known failure (environment):
 *   JFMT_FUZZ_WHOLE_READS=1   never read in pieces
 *   JFMT_FUZZ_NO_AGREEMENT=1  skip the --check agreement
 *   JFMT_FUZZ_NO_ASCII_CHECK=1  skip the --ascii output check
 *   JFMT_FUZZ_NO_REFEREE=1    skip the comparison with the general path
 *   JFMT_FUZZ_REFEREE_VALID_ONLY=1  compare the general path's output only
 *                             for valid input (not what an invalid document
 *                             left written; status and messages still)
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "text/escape.h"
#include "base/fbuffer.h"
#include "jobs/jobs.h"
#include "layout/format.h"
#include "read/read.h"
#include "layout/validate.h"
#include "layout/width_format.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *real_stderr;
static void die(const char *what);
static int keep_going;          /* --keep-going for this run */
static int strip_comments;      /* --strip-comments for this run */
static int whole_reads_only, no_agreement, no_ascii_check, no_referee, referee_valid_only;

/* One run of jfmt over a document. */
struct run {
	enum exit_status status;
	struct fbuffer out;     /* formatted output */
	char *msg;              /* everything written to stderr */
	size_t msg_len;
};

struct feeder {
	int fd;
	const uint8_t *p;
	size_t len;
	unsigned pattern;
};

/* The size of the k-th piece for `pattern` (non-zero): 1 to 64 bytes. */
static size_t piece_size(unsigned pattern, size_t k)
{
	size_t base = (pattern & 15) + 1;

	if (pattern & 0x80) {           /* pseudo-random sizes */
		uint32_t x = pattern * 2654435761u + (uint32_t)k * 40503u;
		x ^= x >> 13;
		return 1 + (x % (base * 4));
	}
	if (pattern & 0x40)             /* base, 1, base, 1, ... */
		return k % 2 ? 1 : base;
	return base;
}

static void *feed(void *arg)
{
	struct feeder *f = arg;
	size_t off = 0;

	for (size_t k = 0; off < f->len; k++) {
		size_t n = piece_size(f->pattern, k);
		if (n > f->len - off)
			n = f->len - off;
		ssize_t w = send(f->fd, f->p + off, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		/* the kernel short of buffers for a moment: a failed send
		 * must not look like an input that ended (one run in 584,275
		 * read a 9-byte input as empty, and replays of it were all
		 * right) */
		if (w < 0 && (errno == ENOBUFS || errno == ENOMEM || errno == EAGAIN)) {
			sched_yield();
			continue;
		}
		if (w < 0 && errno != EPIPE && errno != ECONNRESET)
			die("send");
		if (w <= 0)
			break;          /* the reader stopped early */
		off += (size_t)w;
	}
	shutdown(f->fd, SHUT_WR);
	close(f->fd);
	return NULL;
}

static void die(const char *what)
{
	fprintf(real_stderr, "fuzz_jfmt: %s: %s\n", what, strerror(errno));
	abort();
}

/* A file in memory holding doc[0..len), read from its start: an input
 * read whole. */
static int memfd_of(const uint8_t *doc, size_t len)
{
	int fd = memfd_create("fuzz_jfmt", MFD_CLOEXEC);

	if (fd < 0)
		die("memfd_create");
	if (len > 0 && write(fd, doc, len) != (ssize_t)len)
		die("write");
	if (lseek(fd, 0, SEEK_SET) != 0)
		die("lseek");
	return fd;
}

/* Run jfmt with `opt` (or validating only, with `check`) over
 * doc[0..len), read whole (pattern 0) or in pieces. */
static void run_jfmt(struct run *res, const struct format_options *opt, int check,
		     int comments, const uint8_t *doc, size_t len, unsigned pattern)
{
	struct formatter fmt;
	struct validator val;
	struct reader reader;
	struct sink sink;
	pthread_t thread;
	struct feeder feeder;
	int fd;

	memset(res, 0, sizeof *res);
	FILE *msgs = open_memstream(&res->msg, &res->msg_len);
	if (!msgs)
		die("open_memstream");

	if (pattern == 0 || len == 0) {
		fd = memfd_of(doc, len);
	} else {
		int sv[2];
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
			die("socketpair");
		fd = sv[0];
		feeder = (struct feeder){ sv[1], doc, len, pattern };
		if (pthread_create(&thread, NULL, feed, &feeder) != 0)
			die("pthread_create");
	}

	reader_init(&reader, comments, keep_going, NULL);
	if (check) {
		validate_init(&val, reader_hooks(&reader));
		validate_sink(&val, &sink);
		/* as jfmt -n --comments: it accepts what formatting with
		 * --comments accepts, comments alone included */
		sink.accept_comments_alone = comments && !strip_comments;
		fbuffer_init_mem(&res->out);
	} else {
		if (format_uses_width(opt))
			width_format_init(&fmt, opt, reader_hooks(&reader));
		else
			format_init(&fmt, opt, reader_hooks(&reader));
		fbuffer_init_mem(&fmt.output);
		if (format_uses_width(opt))
			width_format_sink(&fmt, &sink);
		else
			format_sink(&fmt, &sink);
	}
	reader_set_sink(&reader, &sink);
	FILE *saved = stderr;
	stderr = msgs;
	res->status = reader_run(&reader, "<fuzz>", fd);
	stderr = saved;
	reader_release(&reader);
	if (check) {
		validate_release(&val);
	} else {
		res->out = fmt.output;     /* the run keeps the output */
		if (format_uses_width(opt))
			width_format_release(&fmt);
		else
			format_release(&fmt);
	}
	close(fd);      /* wakes a feeder still blocked on a full socket */
	if (pattern != 0 && len != 0)
		pthread_join(thread, NULL);
	fclose(msgs);

	if (res->status == EXIT_IO) {
		fprintf(real_stderr, "fuzz_jfmt: reading failed: %.*s\n",
			(int)res->msg_len, res->msg);
		abort();
	}
}

/* The output of a run_jobs(): what the held buffer hands on. */
static int append_out(void *ctx, const char *p, size_t n)
{
	fbuffer_append(ctx, p, n);
	return 0;
}

#define JOBS_HOLD ((size_t)4 << 20)     /* jfmt's --buffer-size default */

/* Format doc[0..len) as jfmt does, on `threads` threads in chunks of
 * `block` bytes (1: one thread), through an output buffer bound as jfmt
 * binds it: what an invalid document leaves is dropped.  From a file in
 * memory, or `from_pipe`. */
static void run_jobs(struct run *res, const struct format_options *opt, int comments,
		     const uint8_t *doc, size_t len, unsigned threads, size_t block,
		     int from_pipe)
{
	struct formatter fmt;
	struct reader reader;
	struct sink sink;
	struct jobs jobs;
	char storage[4096];

	memset(res, 0, sizeof *res);
	FILE *msgs = open_memstream(&res->msg, &res->msg_len);
	if (!msgs)
		die("open_memstream");
	int fd;
	if (from_pipe) {
		int p[2];
		/* (the pipe holds the whole document: max_len is 4096) */
		if (pipe2(p, O_CLOEXEC) < 0)
			die("pipe2");
		if (len > 0 && write(p[1], doc, len) != (ssize_t)len)
			die("write");
		close(p[1]);
		fd = p[0];
	} else {
		fd = memfd_of(doc, len);
	}
	fbuffer_init_mem(&res->out);
	reader_init(&reader, comments, keep_going, NULL);
	if (format_uses_width(opt))
		width_format_init(&fmt, opt, reader_hooks(&reader));
	else
		format_init(&fmt, opt, reader_hooks(&reader));
	fbuffer_init_fn(&fmt.output, append_out, &res->out, storage, sizeof storage);
	fbuffer_hold(&fmt.output, JOBS_HOLD);
	if (format_uses_width(opt))
		width_format_sink(&fmt, &sink);
	else
		format_sink(&fmt, &sink);
	reader_set_sink(&reader, &sink);
	jobs_init(&jobs, threads, opt, 0, comments);
	jobs.block = block;
	FILE *saved = stderr;
	stderr = msgs;
	struct read_resume at;
	if (!jobs_format(&jobs, "<fuzz>", fd, &fmt.output, &res->status, &at))
		res->status = reader_run_from(&reader, "<fuzz>", fd, &at);
	jobs_release(&jobs);
	if (res->status != EXIT_OK)
		fbuffer_abandon(&fmt.output);
	fbuffer_flush(&fmt.output);
	stderr = saved;
	reader_release(&reader);
	fbuffer_release(&fmt.output);
	if (format_uses_width(opt))
		width_format_release(&fmt);
	else
		format_release(&fmt);
	close(fd);
	fclose(msgs);
}

static void run_release(struct run *res)
{
	fbuffer_release(&res->out);
	free(res->msg);
}

/* The length of the first message's "jfmt: NAME:LINE:COL:" part: where
 * the error is.  (The words after it may quote what follows the spot, which
 * depends on how much had been read.) */
static size_t first_line_len(const struct run *res)
{
	const char *nl = memchr(res->msg, '\n', res->msg_len);
	size_t n = nl ? (size_t)(nl - res->msg) : res->msg_len, colons = 0;

	for (size_t i = 0; i < n; i++)
		if (res->msg[i] == ':' && ++colons == 4)
			return i + 1;
	return n;
}

static void fail(const char *what, const uint8_t *doc, size_t len,
		 const struct run *a, const struct run *b)
{
	fprintf(real_stderr, "\nfuzz_jfmt: VIOLATION: %s\n", what);
	fprintf(real_stderr, "document (%zu bytes): %.*s\n", len, (int)(len > 400 ? 400 : len), doc);
	if (a)
		fprintf(real_stderr, "first run: status %d, output %.*s\nmessages: %.*s\n",
			a->status, (int)(a->out.len > 400 ? 400 : a->out.len), a->out.ptr,
			(int)a->msg_len, a->msg);
	if (b)
		fprintf(real_stderr, "second run: status %d, output %.*s\nmessages: %.*s\n",
			b->status, (int)(b->out.len > 400 ? 400 : b->out.len), b->out.ptr,
			(int)b->msg_len, b->msg);
	abort();
}

static int same_output(const struct run *a, const struct run *b)
{
	return a->out.len == b->out.len &&
	       (a->out.len == 0 || memcmp(a->out.ptr, b->out.ptr, a->out.len) == 0);
}

static int same_messages(const struct run *a, const struct run *b)
{
	return a->msg_len == b->msg_len &&
	       (a->msg_len == 0 || memcmp(a->msg, b->msg, a->msg_len) == 0);
}

/* Where p[0..pn) and q[0..qn) first differ (the shorter one's length if
 * one is the start of the other). */
static size_t first_difference(const char *p, size_t pn, const char *q, size_t qn)
{
	size_t i = 0;

	while (i < pn && i < qn && p[i] == q[i])
		i++;
	return i;
}

/* The general path alone (the referee) gave `g` where the fast paths gave
 * `m`: say where they part, and stop. */
static void referee_differs(const uint8_t *doc, size_t len, const struct run *m,
			    const struct run *g)
{
	const char *what = m->status != g->status ? "the general path alone gives another status" :
			   !same_output(m, g) ? "the general path alone gives another output" :
			   "the general path alone gives other messages";
	size_t at;

	if (!same_output(m, g)) {
		at = first_difference(m->out.ptr, m->out.len, g->out.ptr, g->out.len);
		fprintf(real_stderr, "\nfuzz_jfmt: output: fast paths %zu bytes, general path %zu; "
			"first difference at byte %zu:\n  fast:    %.*s\n  general: %.*s\n",
			m->out.len, g->out.len, at,
			(int)(m->out.len - at > 60 ? 60 : m->out.len - at), m->out.ptr + at,
			(int)(g->out.len - at > 60 ? 60 : g->out.len - at), g->out.ptr + at);
	}
	if (!same_messages(m, g)) {
		at = first_difference(m->msg, m->msg_len, g->msg, g->msg_len);
		fprintf(real_stderr, "\nfuzz_jfmt: messages differ at byte %zu\n", at);
	}
	fprintf(real_stderr, "\nfuzz_jfmt: (first run: the fast paths; second run: the "
		"general path alone, general_only)\n");
	fail(what, doc, len, m, g);
}

/* Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF. */
static int valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = s[i];
		size_t k;
		unsigned cp, min;
		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			k = 1; cp = c & 0x1f; min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			k = 2; cp = c & 0x0f; min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			k = 3; cp = c & 0x07; min = 0x10000;
		} else {
			return 0;
		}
		if (n - i <= k)
			return 0;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + j] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += k + 1;
	}
	return 1;
}

/* The end of the JSON string starting at s[i] (a quote), or n. */
static size_t string_end(const unsigned char *s, size_t i, size_t n)
{
	for (i++; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return n;
}

/* Whether line[0..n), past its indentation and a final comma, is one
 * token after a key or not: a scalar, a bracket, or an empty container. */
static int one_token(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (n > i && s[n - 1] == ',')
		n--;
	if (i < n && s[i] == '"') {
		size_t e = string_end(s, i, n);
		if (e == n)
			return 1;               /* a string */
		if (n - e < 2 || s[e] != ':' || s[e + 1] != ' ')
			return 0;
		i = e + 2;                      /* after a key */
	}
	if (i == n)
		return 0;
	if (s[i] == '"')
		return string_end(s, i, n) == n;
	if (n - i <= 2 && (s[i] == '[' || s[i] == '{' || s[i] == ']' || s[i] == '}'))
		return n - i == 1 || (s[i] == '[' && s[i + 1] == ']') || (s[i] == '{' && s[i + 1] == '}');
	for (; i < n; i++)                      /* a number or a literal */
		if (strchr(" ,:[]{}\"", s[i]))
			return 0;
	return 1;
}

/* With --width N: every line of out[0..n) that is longer than N columns
 * (code points; a tab of indentation counts as 8) is one token. */
static int lines_fit(const unsigned char *out, size_t n, int width)
{
	size_t start = 0;

	while (start < n) {
		const unsigned char *nl = memchr(out + start, '\n', n - start);
		size_t end = nl ? (size_t)(nl - out) : n;
		size_t cols = 0;
		size_t next = end + 1;
		if (nl && end > start && out[end - 1] == '\r')
			end--;          /* --eol=crlf */
		for (size_t i = start; i < end; i++)
			cols += out[i] == '\t' ? 8 : (out[i] & 0xc0) != 0x80;
		if (cols > (size_t)width && !one_token(out + start, end - start))
			return 0;
		start = next;
	}
	return 1;
}

/* The output without --seq's record separators, if `seq`: each starts a
 * value, at the start of a line.  Anywhere else (in a comment) an RS is
 * the input's, and stays. */
static uint8_t *strip_rs(const struct fbuffer *out, int seq, size_t *len)
{
	uint8_t *p = malloc(out->len + 1);
	size_t n = 0;

	if (!p)
		abort();
	for (size_t i = 0; i < out->len; i++)
		if (!seq || out->ptr[i] != '\x1e' || (i > 0 && out->ptr[i - 1] != '\n'))
			p[n++] = (uint8_t)out->ptr[i];
	*len = n;
	return p;
}

/* How many bytes of an input pick its layout options (see the top). */
#define FUZZ_OPTION_BYTES 8
#define FUZZ_OPTION_BITS (8 * FUZZ_OPTION_BYTES)
/* What comes before the document: bytes 0 and 1, then the options. */
#define FUZZ_HEADER (2 + FUZZ_OPTION_BYTES)
/* The values picked, kept for the run (cli->given points to them). */
#define FUZZ_VALUES_MAX 64
#define FUZZ_VALUE_MAX 32

/* The bits that choose among a row's choices, and how many choices. */
static unsigned row_choices(const struct opt_row *row, unsigned *bits)
{
	char value[FUZZ_VALUE_MAX];
	unsigned choices = 1 + (row->value == OPT_NO_VALUE ? 1 :
				(unsigned)optable_example(row, 0, value, sizeof value));

	for (*bits = 0; (1u << *bits) < choices;)
		++*bits;
	return choices;
}

/* Whether the table's layout rows are picked by the option bytes. */
static int table_fits(void)
{
	unsigned total = 0, bits, values = 0;

	for (size_t i = 0; i < optable_rows; i++) {
		if (!(optable[i].flags & OPT_LAYOUT) || (optable[i].flags & OPT_ALIAS))
			continue;
		row_choices(&optable[i], &bits);
		total += bits;
		values++;
	}
	return total <= FUZZ_OPTION_BITS && values <= FUZZ_VALUES_MAX;
}

/* The next `n` bits of the option bytes, lowest first. */
static unsigned take_bits(const uint8_t *bytes, unsigned *at, unsigned n)
{
	unsigned v = 0;

	for (unsigned i = 0; i < n; i++, ++*at)
		if (bytes[*at / 8] >> (*at % 8) & 1)
			v |= 1u << i;
	return v;
}

/* `cli` as the command line of the layout options that `bytes` pick. */
static void pick_options(struct cli *cli, const uint8_t *bytes)
{
	static char values[FUZZ_VALUES_MAX][FUZZ_VALUE_MAX];
	unsigned at = 0, bits, n = 0;

	cli_defaults(cli);
	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *row = &optable[i];
		if (!(row->flags & OPT_LAYOUT) || (row->flags & OPT_ALIAS))
			continue;
		unsigned choices = row_choices(row, &bits);
		unsigned k = take_bits(bytes, &at, bits) % choices;
		char *value = values[n++];
		if (k == 0)
			continue;
		if (row->value != OPT_NO_VALUE)
			optable_example(row, (int)k - 1, value, FUZZ_VALUE_MAX);
		cli_apply(cli, row, 0, row->value != OPT_NO_VALUE ? value : NULL);
	}
	/* as jfmt refuses --style=prettier with what it cannot write (-c,
	 * -S, -a...), that style is left out */
	if (cli_not_prettier(cli))
		cli->fmt.style = FORMAT_STYLE_JFMT;
	cli_settle(cli);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	real_stderr = stderr;
	signal(SIGPIPE, SIG_IGN);
	whole_reads_only = getenv("JFMT_FUZZ_WHOLE_READS") != NULL;
	no_agreement = getenv("JFMT_FUZZ_NO_AGREEMENT") != NULL;
	no_ascii_check = getenv("JFMT_FUZZ_NO_ASCII_CHECK") != NULL;
	no_referee = getenv("JFMT_FUZZ_NO_REFEREE") != NULL;
	referee_valid_only = getenv("JFMT_FUZZ_REFEREE_VALID_ONLY") != NULL;
	if (!table_fits()) {
		fprintf(real_stderr, "fuzz_jfmt: the layout options of the table need more "
			"than %d bits: raise FUZZ_OPTION_BYTES (and FUZZ_VALUES_MAX)\n",
			FUZZ_OPTION_BITS);
		abort();
	}
	return 0;
}

/* Whether doc is read as an RFC 7464 text sequence: an RS first, after
 * a byte order mark if there is one. */
static int text_sequence(const uint8_t *doc, size_t len)
{
	if (len >= 3 && memcmp(doc, "\xef\xbb\xbf", 3) == 0) {
		doc += 3;
		len -= 3;
	}
	return len > 0 && doc[0] == 0x1e;
}

/* The next comment in p[*i..n) outside strings: sets its text (without
 * the delimiters) and returns 1, or 0 at the end.  In a text sequence an
 * RS ends a comment, closed or not. */
static int next_comment(const uint8_t *p, size_t n, size_t *i, const uint8_t **t, size_t *tn)
{
	int in_string = 0, seq = text_sequence(p, n);

	while (*i < n) {
		uint8_t c = p[(*i)++];
		if (in_string) {
			/* (a newline or RS ends an invalid string, as jfmt reads
			 * it) */
			if (c == '\n' || c == 0x1e)
				in_string = 0;
			else if (c == '\\' && *i < n && p[*i] != '\n' && p[*i] != 0x1e)
				(*i)++;
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '/' && *i < n && (p[*i] == '/' || p[*i] == '*')) {
			int block = p[(*i)++] == '*';
			size_t start = *i, end, to = n;
			const uint8_t *e = NULL, *rs = seq ? memchr(p + start, 0x1e, n - start) : NULL;
			if (rs)
				to = (size_t)(rs - p);
			if (block) {
				e = memmem(p + start, to - start, "*/", 2);
			} else {        /* a // comment ends at LF or CR */
				for (size_t k = start; k < to && !e; k++)
					if (p[k] == '\n' || p[k] == '\r')
						e = p + k;
			}
			end = e ? (size_t)(e - p) : to;
			*i = e ? end + (block ? 2 : 0) : to;
			*t = p + start;
			*tn = end - start;
			return 1;
		}
	}
	return 0;
}

/* Whether comment texts x and y are the same but for blanks (a //
 * comment written as a block comment by -c gains a space before its end
 * when it starts with one; the lines of a block comment may be indented
 * again). */
static int same_text(const uint8_t *x, size_t xn, const uint8_t *y, size_t yn)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < xn && (x[i] == ' ' || x[i] == '\t' || x[i] == '\r'))
			i++;
		while (j < yn && (y[j] == ' ' || y[j] == '\t' || y[j] == '\r'))
			j++;
		if (i == xn || j == yn)
			return i == xn && j == yn;
		if (x[i++] != y[j++])
			return 0;
	}
}

/* Whether a and b hold the same comment texts in the same order
 * (same_text()). */
static int same_comments(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
	size_t i = 0, j = 0;
	const uint8_t *x, *y;
	size_t xn, yn;

	for (;;) {
		int ha = next_comment(a, an, &i, &x, &xn);
		int hb = next_comment(b, bn, &j, &y, &yn);
		if (ha != hb)
			return 0;
		if (!ha)
			return 1;
		if (!same_text(x, xn, y, yn))
			return 0;
	}
}

/* out[0..n) without its comments (outside strings) and the lines that
 * leaves empty, in a new buffer of *len bytes (compact output, where a
 * comment is always a block comment). */
static uint8_t *without_comments(const char *out, size_t n, size_t *len)
{
	uint8_t *p = malloc(n + 1);
	size_t k = 0;
	int in_string = 0;

	if (!p)
		abort();
	for (size_t i = 0; i < n; i++) {
		char c = out[i];
		if (in_string) {
			if (c == '\\' && i + 1 < n) {
				p[k++] = (uint8_t)c;
				c = out[++i];
			} else if (c == '"') {
				in_string = 0;
			}
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '/' && i + 1 < n && out[i + 1] == '*') {
			const char *e = memmem(out + i + 2, n - i - 2, "*/", 2);
			i = e ? (size_t)(e - out) + 1 : n;
			continue;
		} else if (c == '\n' && (k == 0 || p[k - 1] == '\n')) {
			continue;
		}
		p[k++] = (uint8_t)c;
	}
	/* (with --seq, comments that begin the output begin its first
	 * record: its RS stays when its value was skipped) */
	if (k > 0 && p[0] == 0x1e && (k == 1 || p[1] == 0x1e || p[1] == '\n')) {
		size_t drop = k > 1 && p[1] == '\n' ? 2 : 1;
		memmove(p, p + drop, k - drop);
		k -= drop;
	}
	*len = k;
	return p;
}

/* Whether the comments of b[0..bn) are comments of a[0..an), in order,
 * each at most once. */
static int comments_kept(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
	size_t i = 0, j = 0;
	const uint8_t *x, *y;
	size_t xn, yn;

	while (next_comment(b, bn, &j, &y, &yn)) {
		for (;;) {
			if (!next_comment(a, an, &i, &x, &xn))
				return 0;
			if (same_text(x, xn, y, yn))
				break;
		}
	}
	return 1;
}

/* --comments where values are skipped: compact output, its comments
 * taken out, is --strip-comments' (see the header). */
static void skipped_comments(const struct format_options *opt, const uint8_t *doc, size_t len,
			     unsigned pattern)
{
	struct format_options o = *opt;
	struct run with, without;

	o.compact = 1;
	o.width = 0;
	run_jfmt(&with, &o, 0, 1, doc, len, pattern);
	o.comments = 0;
	run_jfmt(&without, &o, 0, 1, doc, len, pattern);
	/* (what an input that stopped left of its last value is held back,
	 * and never written) */
	with.out.len = with.out.committed;
	without.out.len = without.out.committed;
	/* (compact output cannot hold a // comment with a star-slash) */
	if (!with.msg || !strstr(with.msg, "cannot be written")) {
		size_t n;
		uint8_t *bare = without_comments(with.out.ptr, with.out.len, &n);
		/* (comments alone are written back, where without them there
		 * is no JSON value) */
		int alone = with.status == 0 && without.status != 0 && n == 0 &&
			    without.out.len == 0 && without.msg &&
			    strstr(without.msg, "no JSON value");
		if ((with.status != without.status && !alone) || n != without.out.len ||
		    (n > 0 && memcmp(bare, without.out.ptr, n) != 0))
			fail("--comments, values skipped: without its comments, the output is "
			     "not --strip-comments'", doc, len, &with, &without);
		if (!opt->sort_keys &&
		    !comments_kept(doc, len, (const uint8_t *)with.out.ptr, with.out.len))
			fail("--comments, values skipped: a comment came out that is not the "
			     "input's, or twice", doc, len, &with, NULL);
		free(bare);
	}
	run_release(&with);
	run_release(&without);
}

/* -k on input of one value per line: each line that is valid on its own
 * (its compact form in `want`) comes out of the whole run `m`, in order. */
static void keep_going_lines(const struct format_options *copt, const uint8_t *doc,
			     size_t len, const struct run *m)
{
	size_t at = 0;          /* where in m's output to look on from */

	keep_going = 0;
	for (size_t i = 0; i < len; ) {
		const uint8_t *nl = memchr(doc + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - doc) : len;
		struct run one;
		/* Any line, even one that begins no value, may open one that
		 * takes the next lines in (the input's first value begins
		 * where the input does, indented or not): none of them is
		 * then a value of its own. */
		run_jfmt(&one, copt, 0, 0, doc + i, end - i, 0);
		if (one.status != EXIT_OK && one.msg && strstr(one.msg, " inside ")) {
			run_release(&one);
			return;
		}
		/* a record, not a line; a byte order mark, which only the
		 * start of an input may have; a line whose first byte does not
		 * begin a value, where -k never goes on (indented: inside a
		 * document) */
		if ((end > i && doc[i] == 0x1e) ||
		    (end - i >= 3 && memcmp(doc + i, "\xef\xbb\xbf", 3) == 0) ||
		    (end > i && (doc[i] == 0 || !strchr("{[\"-0123456789tfn", doc[i])))) {
			run_release(&one);
			i = end + 1;
			continue;
		}
		if (one.status == EXIT_OK && one.out.len > 0) {
			const char *o = m->out.ptr;
			size_t n = m->out.len, found = 0;
			while (at + one.out.len <= n && !found) {
				if ((at == 0 || o[at - 1] == '\n') &&
				    memcmp(o + at, one.out.ptr, one.out.len) == 0)
					found = 1;
				else
					at++;
			}
			if (!found)
				fail("with --keep-going, a valid line did not come out", doc, len,
				     m, &one);
			at += one.out.len;
		}
		run_release(&one);
		i = end + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < FUZZ_HEADER)
		return 0;

	unsigned pattern = whole_reads_only ? 0 : data[0];
	keep_going = (data[0] & 0x08) != 0;
	int check = data[1] & 1;
	int with_jobs = (data[1] & 2) != 0;
	size_t block = (size_t)(data[1] >> 5) * 4 + 1;
	const uint8_t *doc = data + FUZZ_HEADER;
	size_t len = size - FUZZ_HEADER;

	struct cli cli;
	pick_options(&cli, data + 2);
	struct format_options opt = cli.fmt;
	int comments = cli.allow_comments;      /* read as JSONC */
	strip_comments = cli.strip_comments;
	cli_release(&cli);
	/* as jfmt's options: -S --width cannot keep comments */
	if (opt.comments && opt.sort_keys)
		opt.width = 0;

	/* compact(x), with the same escaping and sorting, comments dropped */
	struct format_options copt = opt;
	copt.compact = 1;
	copt.eol = EOL_LF;
	copt.seq = 0;
	copt.comments = 0;
	copt.width = 0;
	copt.blank_lines = 0;
	copt.style = FORMAT_STYLE_JFMT;

	struct run m, whole;
	run_jfmt(&m, &opt, check, comments, doc, len, pattern);

	/* The general path alone (the referee): the same, read the same way. */
	if (!check && !no_referee) {
		struct format_options gopt = opt;
		struct run g;
		gopt.general_only = 1;
		run_jfmt(&g, &gopt, 0, comments, doc, len, pattern);
		if (g.status != m.status || !same_messages(&m, &g) ||
		    (!same_output(&m, &g) && (m.status == EXIT_OK || !referee_valid_only)))
			referee_differs(doc, len, &m, &g);
		run_release(&g);
	}
	/* -j3 in chunks of a few bytes: one thread's bytes and words */
	if (with_jobs && !check) {
		struct run one, three;
		run_jobs(&one, &opt, comments, doc, len, 1, block, 0);
		for (int from_pipe = 0; from_pipe < 2; from_pipe++) {
			run_jobs(&three, &opt, comments, doc, len, 3, block, from_pipe);
			if (one.status != three.status || !same_output(&one, &three) ||
			    !same_messages(&one, &three))
				fail(from_pipe ? "-j3 differs from one thread, from a pipe" :
				     "-j3 differs from one thread", doc, len, &one, &three);
			run_release(&three);
		}
		run_release(&one);
	}
	if (keep_going && !check && !comments && !opt.seq) {
		struct run k;
		keep_going = 1;
		run_jfmt(&k, &copt, 0, 0, doc, len, 0);
		/* (input in another encoding is not read at all; a text
		 * sequence goes on at the next record, not line) */
		if ((!k.msg || !strstr(k.msg, ", not UTF-8 (")) && !text_sequence(doc, len))
			keep_going_lines(&copt, doc, len, &k);
		run_release(&k);
		keep_going = 1;
	}

	if (opt.comments && !check && (keep_going || text_sequence(doc, len)))
		skipped_comments(&opt, doc, len, pattern);

	/* Read in pieces: the same as read whole. */
	if (pattern != 0) {
		run_jfmt(&whole, &opt, check, comments, doc, len, 0);
		if (m.status != whole.status)
			fail("read in pieces, the status differs from a whole read", doc, len, &m, &whole);
		if (m.status == EXIT_OK && !same_output(&m, &whole))
			fail("read in pieces, the output differs from a whole read", doc, len, &m, &whole);
		if (m.status != EXIT_OK &&
		    (first_line_len(&m) != first_line_len(&whole) ||
		     memcmp(m.msg, whole.msg, first_line_len(&m)) != 0))
			fail("read in pieces, the error is reported elsewhere", doc, len, &m, &whole);
		run_release(&whole);
	}

	if (check) {
		if (m.out.len != 0)
			fail("--check wrote output", doc, len, &m, NULL);
		if (!no_agreement) {
			/* formatted as -n reads it: comments kept (an input of
			 * comments alone is valid then), pretty so that every
			 * comment can be written */
			struct format_options fo = copt;
			struct run f;
			fo.comments = opt.comments;
			fo.compact = 0;
			run_jfmt(&f, &fo, 0, comments, doc, len, 0);
			if (f.status != m.status)
				fail("--check and formatting disagree", doc, len, &m, &f);
			run_release(&f);
		}
		run_release(&m);
		return 0;
	}

	if (!no_agreement) {
		struct run c;
		run_jfmt(&c, &copt, 1, comments, doc, len, 0);
		/* (compact output cannot hold a // comment with a star-slash,
		 * nor a text sequence a comment with an RS) */
		if (c.status != m.status &&
		    !((opt.compact || opt.seq) && comments && m.msg &&
		      strstr(m.msg, "cannot be written")))
			fail("formatting and --check disagree", doc, len, &m, &c);
		run_release(&c);
	}

	if (m.status != EXIT_OK) {
		run_release(&m);
		return 0;
	}

	if (!valid_utf8((const unsigned char *)m.out.ptr, m.out.len))
		fail("output is not UTF-8", doc, len, &m, NULL);
	/* (comments are written as they are, even with --ascii) */
	if ((opt.escape_mode & ESCAPE_ASCII) && !no_ascii_check && !comments)
		for (size_t i = 0; i < m.out.len; i++)
			if ((unsigned char)m.out.ptr[i] >= 0x7f)
				fail("--ascii output has a byte above 0x7e", doc, len, &m, NULL);

	size_t plain_len;
	uint8_t *plain = strip_rs(&m.out, opt.seq, &plain_len);

	if (format_uses_width(&opt) && !format_places(&opt) &&
	    !lines_fit(plain, plain_len, opt.width))
		fail("--width: a line is too long and holds more than one token", doc, len, &m, NULL);

	/* The output is JSON. */
	struct run v;
	run_jfmt(&v, &copt, 1, comments, plain, plain_len, 0);
	if (v.status != EXIT_OK)
		fail("output is not accepted by --check", doc, len, &m, &v);
	run_release(&v);

	/* compact(output) == compact(input); with --style=prettier, whose
	 * numbers are prettier's spelling, compact(prettier(compact(input))) */
	struct run cx, cy;
	run_jfmt(&cx, &copt, 0, comments, doc, len, 0);
	if (opt.style == FORMAT_STYLE_PRETTIER && cx.status == EXIT_OK) {
		struct run p, c2;
		run_jfmt(&p, &opt, 0, comments, (const uint8_t *)cx.out.ptr, cx.out.len, 0);
		run_jfmt(&c2, &copt, 0, comments, (const uint8_t *)p.out.ptr, p.out.len, 0);
		run_release(&p);
		run_release(&cx);
		cx = c2;
	}
	run_jfmt(&cy, &copt, 0, comments, plain, plain_len, 0);
	/* (comments alone, written back with --comments, hold no value
	 * once they are dropped: in and out alike) */
	int alone = opt.comments && cx.status != EXIT_OK && cy.status == cx.status &&
		    cx.msg && strstr(cx.msg, "no JSON value") &&
		    cy.msg && strstr(cy.msg, "no JSON value");
	if (!alone && (cx.status != EXIT_OK || cy.status != EXIT_OK || !same_output(&cx, &cy)))
		fail("compact(output) != compact(input)", doc, len, &cx, &cy);
	run_release(&cx);
	run_release(&cy);

	/* Formatting the output again changes nothing. */
	struct run again;
	run_jfmt(&again, &opt, 0, comments, plain, plain_len, 0);
	if (again.status != EXIT_OK || !same_output(&m, &again))
		fail("formatting the output again changes it", doc, len, &m, &again);
	run_release(&again);
	/* With --seq, the output read back as it is, a text sequence: its
	 * RS bytes in, where they take no column (a comment's later lines
	 * are moved by the column of its first). */
	if (opt.seq) {
		run_jfmt(&again, &opt, 0, comments, (const uint8_t *)m.out.ptr, m.out.len, 0);
		if (again.status != EXIT_OK || !same_output(&m, &again))
			fail("formatting the output again, a text sequence, changes it", doc, len,
			     &m, &again);
		run_release(&again);
	}

	/* (-S moves comments with their members) */
	if (opt.comments && !opt.sort_keys &&
	    !same_comments(doc, len, (const uint8_t *)plain, plain_len))
		fail("the comments of the output are not those of the input", doc, len, &m, NULL);

	free(plain);
	run_release(&m);
	return 0;
}

/* format.c - yajl callbacks that lay out JSON as they go: pretty or compact,
 * optionally coloured, with objects' keys sorted on request. */
#include "format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "escape.h"

/* Bits of formatter.state[depth] for the container open at that depth. */
#define CONTAINER_OBJECT  1   /* an object, not an array */
#define CONTAINER_MEMBERS 2   /* at least one element written */
#define CONTAINER_SORTED  4   /* members captured for sorting */

/* Indentation is copied from one prebuilt run; deeper levels append more. */
#define INDENT_RUN 1024

struct sort_member {
	size_t sep;             /* offset in capture of the separator before it */
	size_t start;           /* offset of "key": value in capture */
	size_t key_off, key_len;/* the decoded key in formatter.keys */
	size_t len;             /* filled in when the object closes */
	const unsigned char *key;
	size_t index;           /* input order, to keep duplicates stable */
};

struct sort_frame {
	size_t first_member;    /* index of the object's first member */
	size_t region_start;    /* where its members start in capture */
	int outermost;          /* capture began with this object */
};

/* A captured object whose members came out of order.  Its bytes stay where
 * they are in capture; only the order is noted, and the outermost object
 * writes everything out once, following these notes, so that the work
 * stays linear however deep objects nest. */
struct sort_span {
	size_t start, len;      /* in capture */
};

struct sort_record {
	size_t start, end;      /* its members' region in capture */
	size_t first_span;      /* its members' "key": value, in sorted order, */
	size_t nspans;          /* in formatter.spans */
	struct sort_span sep_first; /* the separator before the first member */
	struct sort_span sep_more;  /* and before each later one, as captured */
};

/* A step of writing out the capture: a range (in which recorded objects
 * are replaced by their sorted members), a range as it is, or a record. */
struct emit_task {
	enum { EMIT_RANGE, EMIT_RAW, EMIT_RECORD } kind;
	size_t start, end;      /* the range, or the record's index */
};

/* Grow an array of `size`-byte items so that it holds at least `want`. */
static void *grow_array(void *p, size_t *cap, size_t want, size_t size)
{
	if (want <= *cap)
		return p;
	size_t n = *cap ? *cap : 64;
	while (n < want)
		n *= 2;
	*cap = n;
	return xrealloc(p, n * size);
}

void format_init(struct formatter *f, const struct format_options *opt,
		 const struct format_hooks *hooks)
{
	memset(f, 0, sizeof *f);
	f->opt = opt;
	f->hooks = hooks;
	f->out = &f->output;
	f->state = grow_array(NULL, &f->state_cap, 64, 1);
	f->indent = (size_t)opt->indent;
	f->nl_indent_len = 2 + INDENT_RUN;
	char *run = xrealloc(NULL, f->nl_indent_len);
	run[0] = ',';
	run[1] = '\n';
	memset(run + 2, opt->indent_char, INDENT_RUN);
	f->nl_indent = run;
	fbuffer_init_mem(&f->capture);
	fbuffer_init_mem(&f->keys);
}

void format_reset(struct formatter *f)
{
	f->out = &f->output;
	f->depth = 0;
	f->raw_check = 0;
	f->capture.len = f->keys.len = 0;
	f->nmembers = f->nframes = f->nrecords = f->nspans = 0;
	f->values = 0;
}

void format_release(struct formatter *f)
{
	free(f->state);
	free((char *)f->nl_indent);
	free(f->members);
	free(f->frames);
	free(f->records);
	free(f->spans);
	free(f->tasks);
	fbuffer_release(&f->capture);
	fbuffer_release(&f->keys);
}

/* --- Pieces of output ---
 *
 * Every function below takes the layout `L` as a constant: the callbacks are
 * stamped out once per layout, so that the common cases (plain compact,
 * plain pretty) compile to straight-line code without the tests for colour,
 * sorting and --seq.
 */
enum layout { PLAIN_COMPACT, PLAIN_PRETTY, GENERAL };

static inline int is_compact(const struct formatter *f, enum layout L)
{
	return L == PLAIN_COMPACT || (L == GENERAL && f->opt->compact);
}

static inline int is_colored(const struct formatter *f, enum layout L)
{
	return L == GENERAL && f->opt->color;
}

static void color_on(struct formatter *f, enum color_class c)
{
	const char *seq = f->opt->color_seq[c];
	fbuffer_append(f->out, seq, strlen(seq));
}

static void color_off(struct formatter *f)
{
	fbuffer_append(f->out, "\033[0m", 4);
}

static inline void token(struct formatter *f, enum color_class c, const char *s,
			 size_t n, enum layout L)
{
	if (is_colored(f, L)) {
		color_on(f, c);
		fbuffer_append(f->out, s, n);
		color_off(f);
		return;
	}
	fbuffer_append_short(f->out, s, n);
}

/* A newline and the indentation of `depth`, after a comma if `comma`. */
static inline void newline_indent(struct formatter *f, size_t depth, int comma)
{
	size_t n = depth * f->indent;
	const char *s = f->nl_indent + !comma;
	size_t head = comma ? 2 : 1;

	if (FB_LIKELY(n <= INDENT_RUN)) {
		/* the run is longer than any padded copy reads */
		fbuffer_append_padded(f->out, s, head + n);
	} else {
		fbuffer_append(f->out, s, head + INDENT_RUN);
		fbuffer_append_repeat(f->out, f->opt->indent_char, n - INDENT_RUN);
	}
}

/* What goes between the previous element (if `more`) and the next one. */
static inline void separator(struct formatter *f, int more, enum color_class c,
			     enum layout L)
{
	if (is_colored(f, L) && more) {
		token(f, c, ",", 1, L);
		more = 0;
		if (is_compact(f, L))
			return;
	}
	if (is_compact(f, L)) {
		if (more)
			fbuffer_append_char(f->out, ',');
	} else {
		newline_indent(f, f->depth, more);
	}
}

/* Returns 1 to go on, 0 to stop the parse (the hooks recorded why). */
static inline int write_string(struct formatter *f, const unsigned char *s,
			       size_t len, enum color_class c, enum layout L)
{
	const unsigned char *raw;
	size_t rawlen;
	int mode = L == GENERAL ? f->opt->escape_mode : 0;
	int rc;

	if (is_colored(f, L))
		color_on(f, c);
	if (FB_UNLIKELY(f->raw_check) &&
	    (rc = f->hooks->raw_string(f->hooks->ctx, &raw, &rawlen)) != 0) {
		if (rc < 0)
			return 0;
		rc = escape_raw_string(f->out, raw, rawlen, mode);
	} else {
		rc = escape_string(f->out, s, len, mode);
	}
	if (is_colored(f, L))
		color_off(f);
	if (FB_UNLIKELY(rc < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* --- Structure --- */

/* Before any value: its separator, if it is an array element. */
static inline void begin_value(struct formatter *f, enum layout L)
{
	if (f->depth == 0) {
		if (L == GENERAL && f->opt->seq)
			fbuffer_append_char(f->out, '\x1e');
		return;
	}
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT)
		return;         /* the key and colon are already out */
	separator(f, *st & CONTAINER_MEMBERS, COLOR_ARRAY, L);
	*st |= CONTAINER_MEMBERS;
}

/* The separator at `depth` (after another element if `more`; before a
 * closing bracket with `more` 0) in a plain layout, as a slice of the
 * prebuilt run, which can be read 32 bytes past any slice: returns where it
 * starts and sets *n to its length, which can be longer than the run. */
static inline const char *separator_slice(const struct formatter *f, size_t depth,
					  int more, enum layout L, size_t *n)
{
	if (L == PLAIN_COMPACT) {
		*n = more ? 1 : 0;
		return f->nl_indent;
	}
	*n = (more ? 2 : 1) + depth * f->indent;
	return f->nl_indent + !more;
}

/* The separator before an element, as a slice of the run; indentation
 * deeper than the run is written here, and *n is 0. */
static inline const char *plain_element_separator(struct formatter *f, int more,
						  enum layout L, size_t *n)
{
	const char *sep = separator_slice(f, f->depth, more, L, n);

	if (FB_UNLIKELY(*n > INDENT_RUN)) {
		newline_indent(f, f->depth, more);
		*n = 0;
	}
	return sep;
}

/* The same before any value: nothing at the top or after a key. */
static inline const char *plain_separator(struct formatter *f, enum layout L, size_t *n)
{
	*n = 0;
	if (f->depth == 0)
		return f->nl_indent;
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT)
		return f->nl_indent;    /* the key and colon are already out */
	int more = *st & CONTAINER_MEMBERS;
	*st |= CONTAINER_MEMBERS;
	return plain_element_separator(f, more, L, n);
}

/* A value that is one token. */
static inline void value_token(struct formatter *f, enum color_class c,
			       const char *tok, size_t len, enum layout L)
{
	begin_value(f, L);
	token(f, c, tok, len, L);
}

#define NOINLINE __attribute__((noinline))

/* A whole document has been written: end its line and tell the reader. */
static NOINLINE int end_document(struct formatter *f)
{
	fbuffer_append_char(f->out, '\n');
	f->values++;
	return f->hooks->value_end(f->hooks->ctx) == 0;
}

static inline unsigned long long input_offset(const struct formatter *f)
{
	return f->feed_base + yajl_get_bytes_consumed(f->parser);
}

static inline void note_member_end(struct formatter *f)
{
	f->member_end = input_offset(f);
}

/* After any value.  Returns yajl's "go on" (1) or "stop" (0). */
static inline int end_value(struct formatter *f)
{
	if (FB_LIKELY(f->depth != 0)) {
		if (f->state[f->depth] & CONTAINER_OBJECT)
			note_member_end(f);
		return 1;
	}
	return end_document(f);
}

/* The quick paths are followed by this after a value inside an object. */
static NOINLINE int member_done(struct formatter *f)
{
	note_member_end(f);
	return 1;
}

static inline void open_container(struct formatter *f, unsigned char bits, char c,
				  enum color_class cls, enum layout L)
{
	value_token(f, cls, &c, 1, L);
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = grow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
}

static inline void close_container(struct formatter *f, char c, enum color_class cls,
				   enum layout L)
{
	unsigned char st = f->state[f->depth];

	f->depth--;
	if ((st & CONTAINER_MEMBERS) && !is_compact(f, L))
		newline_indent(f, f->depth, 0);
	token(f, cls, &c, 1, L);
}

static inline void write_colon(struct formatter *f, enum layout L)
{
	if (is_colored(f, L))
		token(f, COLOR_OBJECT, ":", 1, L);
	else if (is_compact(f, L))
		fbuffer_append_char(f->out, ':');
	else
		fbuffer_append_short(f->out, ": ", 2);
	if (is_colored(f, L) && !is_compact(f, L))
		fbuffer_append_char(f->out, ' ');
}

/* --- Sorting keys: capture an object's members, emit them in order --- */

static void sort_begin(struct formatter *f)
{
	f->frames = grow_array(f->frames, &f->frames_cap, f->nframes + 1,
			       sizeof *f->frames);
	struct sort_frame *fr = &f->frames[f->nframes++];
	fr->first_member = f->nmembers;
	fr->outermost = f->out != &f->capture;
	f->out = &f->capture;
	fr->region_start = f->capture.len;
	f->state[f->depth] |= CONTAINER_SORTED;
}

/* A member is captured with its separator, as if unsorted: an object whose
 * keys already come in order (and every one-member object) then stays as it
 * is, which keeps deep nesting linear. */
static void sort_add_member(struct formatter *f, const unsigned char *key, size_t len,
			    int more)
{
	f->members = grow_array(f->members, &f->members_cap, f->nmembers + 1,
				sizeof *f->members);
	struct sort_member *m = &f->members[f->nmembers];
	m->sep = f->capture.len;
	separator(f, more, COLOR_OBJECT, GENERAL);
	m->start = f->capture.len;
	m->key_off = f->keys.len;
	m->key_len = len;
	m->index = f->nmembers++;
	fbuffer_append(&f->keys, (const char *)key, len);
}

static int compare_members(const void *a, const void *b)
{
	const struct sort_member *x = a, *y = b;
	size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
	int c = memcmp(x->key, y->key, n);

	if (c != 0)
		return c;
	if (x->key_len != y->key_len)
		return x->key_len < y->key_len ? -1 : 1;
	return x->index < y->index ? -1 : 1;
}

/* Measure the members and say whether they are in order already. */
static int members_sorted(struct formatter *f, struct sort_member *m, size_t n)
{
	int sorted = 1;

	for (size_t i = 0; i < n; i++) {
		m[i].len = (i + 1 < n ? m[i + 1].sep : f->capture.len) - m[i].start;
		m[i].key = (const unsigned char *)f->keys.ptr + m[i].key_off;
		if (i > 0 && sorted && compare_members(&m[i - 1], &m[i]) > 0)
			sorted = 0;
	}
	return sorted;
}

/* Note the sorted order of an object whose members are out of order. */
static void sort_record(struct formatter *f, const struct sort_frame *fr,
			struct sort_member *m, size_t n)
{
	f->records = grow_array(f->records, &f->records_cap, f->nrecords + 1,
				sizeof *f->records);
	struct sort_record *r = &f->records[f->nrecords++];
	r->start = fr->region_start;
	r->end = f->capture.len;
	r->sep_first = (struct sort_span){ m[0].sep, m[0].start - m[0].sep };
	r->sep_more = (struct sort_span){ m[1].sep, m[1].start - m[1].sep };

	qsort(m, n, sizeof *m, compare_members);
	f->spans = grow_array(f->spans, &f->spans_cap, f->nspans + n, sizeof *f->spans);
	r->first_span = f->nspans;
	r->nspans = n;
	for (size_t i = 0; i < n; i++)
		f->spans[f->nspans++] = (struct sort_span){ m[i].start, m[i].len };
}

static int compare_records(const void *a, const void *b)
{
	const struct sort_record *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The first record that starts at or after `at` (records sorted by start). */
static size_t record_from(const struct formatter *f, size_t at)
{
	size_t lo = 0, hi = f->nrecords;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->records[mid].start < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void push_task(struct formatter *f, size_t *n, int kind, size_t start, size_t end)
{
	f->tasks = grow_array(f->tasks, &f->tasks_cap, *n + 1, sizeof *f->tasks);
	f->tasks[(*n)++] = (struct emit_task){ kind, start, end };
}

/* Write capture[start, end) to the output with each recorded object's
 * members in their sorted order.  Records nest like the objects; the first
 * that starts inside a range lies wholly inside it.  An explicit stack
 * instead of recursion, as nesting is limited only by memory. */
static void sort_emit(struct formatter *f, size_t start, size_t end)
{
	const char *text = f->capture.ptr;
	size_t ntasks = 0;

	if (f->nrecords > 1)    /* (qsort may not be given a null array) */
		qsort(f->records, f->nrecords, sizeof *f->records, compare_records);
	push_task(f, &ntasks, EMIT_RANGE, start, end);
	while (ntasks > 0) {
		struct emit_task t = f->tasks[--ntasks];
		if (t.kind == EMIT_RECORD) {
			const struct sort_record *r = &f->records[t.start];
			const struct sort_span *sp = f->spans + r->first_span;
			for (size_t i = r->nspans; i-- > 0; ) {
				const struct sort_span *sep = i ? &r->sep_more : &r->sep_first;
				push_task(f, &ntasks, EMIT_RANGE, sp[i].start, sp[i].start + sp[i].len);
				push_task(f, &ntasks, EMIT_RAW, sep->start, sep->start + sep->len);
			}
			continue;
		}
		size_t k = t.kind == EMIT_RANGE ? record_from(f, t.start) : f->nrecords;
		/* Without a separator (compact), an object's first member starts
		 * where the object's record does: that record is not inside. */
		if (k < f->nrecords && f->records[k].start == t.start && f->records[k].end > t.end)
			k++;
		if (k < f->nrecords && f->records[k].start < t.end) {
			fbuffer_append(f->out, text + t.start, f->records[k].start - t.start);
			push_task(f, &ntasks, EMIT_RANGE, f->records[k].end, t.end);
			push_task(f, &ntasks, EMIT_RECORD, k, 0);
		} else {
			fbuffer_append(f->out, text + t.start, t.end - t.start);
		}
	}
}

static void sort_end(struct formatter *f)
{
	struct sort_frame fr = f->frames[--f->nframes];
	size_t n = f->nmembers - fr.first_member;

	if (n > 0) {
		struct sort_member *m = f->members + fr.first_member;
		f->keys.len = m[0].key_off;
		if (!members_sorted(f, m, n))
			sort_record(f, &fr, m, n);
	}
	if (fr.outermost) {
		f->out = &f->output;
		sort_emit(f, fr.region_start, f->capture.len);
		f->capture.len = fr.region_start;
		f->nrecords = f->nspans = 0;
	}
	f->nmembers = fr.first_member;
	f->state[f->depth] &= (unsigned char)~CONTAINER_SORTED;
	close_container(f, '}', COLOR_OBJECT, GENERAL);
}

/* --- The plain layouts' common cases, without a call ---
 *
 * Inside a container, with 64 bytes of room, a one-token value is its
 * separator (a slice of the prebuilt run, copied as a fixed 32 bytes) and
 * its token, at most 32 bytes.  Anything else takes the general path, out
 * of line: with no call on the common path, the callbacks need not save
 * registers.  Each returns 0, having changed nothing, when it does not
 * apply, else QUICK_DONE, or QUICK_MEMBER after a value inside an object
 * (the caller then calls member_done()).
 */
enum { QUICK_DONE = 1, QUICK_MEMBER = 2 };

/* Every field is read, and written, before the first byte of output: a
 * store through a char pointer may alias any of them, which would make the
 * compiler load again a field read after it. */
static inline int quick_token(struct formatter *f, const char *tok, size_t len,
			      int open, unsigned char open_bits, enum layout L)
{
	struct fbuffer *out = &f->output;   /* plain layouts only: no sorting */
	size_t depth = f->depth, used = out->len;
	unsigned char *state = f->state;

	if (L == GENERAL || depth == 0 || len > 32 || out->cap - used < 64 ||
	    (open && depth + 1 >= f->state_cap))
		return 0;
	unsigned bits = state[depth];
	/* In an object the key and colon are out already: no separator.
	 * Compact output works its comma out without a branch, as the mix of
	 * first and later elements is hard to predict. */
	size_t in_array = ~bits & CONTAINER_OBJECT;
	size_t more = (bits / CONTAINER_MEMBERS) & 1;
	const char *sep = NULL;
	size_t n;
	if (L == PLAIN_COMPACT) {
		n = more & in_array;
	} else if (in_array) {
		sep = separator_slice(f, depth, (int)more, L, &n);
		if (n > 32)
			return 0;
	} else {
		n = 0;
	}
	state[depth] = (unsigned char)(bits | CONTAINER_MEMBERS);
	if (open) {
		state[depth + 1] = open_bits;
		f->depth = depth + 1;
	}
	out->len = used + n + len;

	char *d = out->ptr + used;
	if (L == PLAIN_COMPACT)
		d[0] = ',';
	else if (sep)
		memcpy(d, sep, 32);
	fbuffer_copy_small(d + n, tok, len);
	return in_array || open ? QUICK_DONE : QUICK_MEMBER;
}

static inline int quick_value(struct formatter *f, const char *tok, size_t len, enum layout L)
{
	return quick_token(f, tok, len, 0, 0, L);
}

static inline int quick_open(struct formatter *f, unsigned char bits, const char *c,
			     enum layout L)
{
	return quick_token(f, c, 1, 1, bits, L);
}

/* Not for a document's last bracket, which ends its line. */
static inline int quick_close(struct formatter *f, char c, enum layout L)
{
	struct fbuffer *out = &f->output;   /* plain layouts only: no sorting */
	size_t depth = f->depth - 1, used = out->len;
	const unsigned char *state = f->state;
	const char *sep = NULL;
	size_t n = 0;

	if (L == GENERAL || depth == 0 || out->cap - used < 64)
		return 0;
	if (L != PLAIN_COMPACT && (state[depth + 1] & CONTAINER_MEMBERS)) {
		sep = separator_slice(f, depth, 0, L, &n);
		if (n > 32)
			return 0;
	}
	int rc = state[depth] & CONTAINER_OBJECT ? QUICK_MEMBER : QUICK_DONE;
	out->len = used + n + 1;
	f->depth = depth;

	char *d = out->ptr + used;
	if (sep)
		memcpy(d, sep, 32);
	d[n] = c;
	return rc;
}

/* --- yajl callbacks, one set per layout --- */

static NOINLINE int null_slow(struct formatter *f, enum layout L)
{
	value_token(f, COLOR_NULL, "null", 4, L);
	return end_value(f);
}

static inline int do_null(struct formatter *f, enum layout L)
{
	int q = quick_value(f, "null", 4, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : null_slow(f, L);
}

static NOINLINE int boolean_slow(struct formatter *f, int b, enum layout L)
{
	if (b)
		value_token(f, COLOR_TRUE, "true", 4, L);
	else
		value_token(f, COLOR_FALSE, "false", 5, L);
	return end_value(f);
}

static inline int do_boolean(struct formatter *f, int b, enum layout L)
{
	int q = quick_value(f, b ? "true" : "false", b ? 4 : 5, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : boolean_slow(f, b, L);
}

/* Numbers arrive as their text, which is kept byte for byte. */
static NOINLINE int number_slow(struct formatter *f, const char *s, size_t len, enum layout L)
{
	value_token(f, COLOR_NUMBER, s, len, L);
	return end_value(f);
}

static inline int do_number(struct formatter *f, const char *s, size_t len, enum layout L)
{
	int q = quick_value(f, s, len, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : number_slow(f, s, len, L);
}

static inline int do_string(struct formatter *f, const unsigned char *s, size_t len,
			    enum layout L)
{
	if (L != GENERAL && FB_LIKELY(!f->raw_check)) {
		size_t n;
		const char *sep = plain_separator(f, L, &n);
		if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, NULL, 0, 0) < 0)) {
			f->hooks->invalid_utf8(f->hooks->ctx);
			return 0;
		}
		return end_value(f);
	}
	begin_value(f, L);
	if (!write_string(f, s, len, COLOR_STRING, L))
		return 0;
	return end_value(f);
}

static NOINLINE int start_map_slow(struct formatter *f, enum layout L)
{
	open_container(f, CONTAINER_OBJECT, '{', COLOR_OBJECT, L);
	if (L == GENERAL && f->opt->sort_keys)
		sort_begin(f);
	return 1;
}

static inline int do_start_map(struct formatter *f, enum layout L)
{
	return quick_open(f, CONTAINER_OBJECT, "{", L) || start_map_slow(f, L);
}

static inline int do_map_key(struct formatter *f, const unsigned char *s, size_t len,
			     enum layout L)
{
	unsigned char *st = &f->state[f->depth];

	if (L != GENERAL && FB_LIKELY(!f->raw_check)) {
		size_t n;
		const char *sep = plain_element_separator(f, *st & CONTAINER_MEMBERS, L, &n);
		*st |= CONTAINER_MEMBERS;
		if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, ": ",
						     L == PLAIN_COMPACT ? 1 : 2, 0) < 0)) {
			f->hooks->invalid_utf8(f->hooks->ctx);
			return 0;
		}
		return 1;
	}
	if (L == GENERAL && (*st & CONTAINER_SORTED))
		sort_add_member(f, s, len, *st & CONTAINER_MEMBERS);
	else
		separator(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, L);
	*st |= CONTAINER_MEMBERS;
	if (!write_string(f, s, len, COLOR_KEY, L))
		return 0;
	write_colon(f, L);
	return 1;
}

static NOINLINE int end_map_slow(struct formatter *f, enum layout L)
{
	if (L == GENERAL && (f->state[f->depth] & CONTAINER_SORTED))
		sort_end(f);
	else
		close_container(f, '}', COLOR_OBJECT, L);
	return end_value(f);
}

static inline int do_end_map(struct formatter *f, enum layout L)
{
	int q = quick_close(f, '}', L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : end_map_slow(f, L);
}

static NOINLINE int start_array_slow(struct formatter *f, enum layout L)
{
	open_container(f, 0, '[', COLOR_ARRAY, L);
	return 1;
}

static inline int do_start_array(struct formatter *f, enum layout L)
{
	return quick_open(f, 0, "[", L) || start_array_slow(f, L);
}

static NOINLINE int end_array_slow(struct formatter *f, enum layout L)
{
	close_container(f, ']', COLOR_ARRAY, L);
	return end_value(f);
}

static inline int do_end_array(struct formatter *f, enum layout L)
{
	int q = quick_close(f, ']', L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : end_array_slow(f, L);
}

#define DEFINE_CALLBACKS(L, name)                                              \
static int name##_null(void *ctx) { return do_null(ctx, L); }                  \
static int name##_boolean(void *ctx, int b) { return do_boolean(ctx, b, L); }  \
static int name##_number(void *ctx, const char *s, size_t n)                   \
{ return do_number(ctx, s, n, L); }                                            \
static int name##_string(void *ctx, const unsigned char *s, size_t n)          \
{ return do_string(ctx, s, n, L); }                                            \
static int name##_start_map(void *ctx) { return do_start_map(ctx, L); }        \
static int name##_map_key(void *ctx, const unsigned char *s, size_t n)         \
{ return do_map_key(ctx, s, n, L); }                                           \
static int name##_end_map(void *ctx) { return do_end_map(ctx, L); }            \
static int name##_start_array(void *ctx) { return do_start_array(ctx, L); }    \
static int name##_end_array(void *ctx) { return do_end_array(ctx, L); }        \
static const yajl_callbacks name##_callbacks = {                               \
	.yajl_null = name##_null, .yajl_boolean = name##_boolean,              \
	.yajl_number = name##_number, .yajl_string = name##_string,            \
	.yajl_start_map = name##_start_map, .yajl_map_key = name##_map_key,    \
	.yajl_end_map = name##_end_map, .yajl_start_array = name##_start_array,\
	.yajl_end_array = name##_end_array,                                    \
};

DEFINE_CALLBACKS(PLAIN_COMPACT, compact)
DEFINE_CALLBACKS(PLAIN_PRETTY, pretty)
DEFINE_CALLBACKS(GENERAL, general)

/* --- --check: only the structure, to find where each document ends --- */

static int check_scalar(void *ctx)
{
	struct formatter *f = ctx;
	f->checked++;
	if (f->depth != 0) {
		if (f->state[f->depth] & CONTAINER_OBJECT)
			note_member_end(f);
		return 1;
	}
	f->values++;
	return f->hooks->value_end(f->hooks->ctx) == 0;
}

static int check_boolean(void *ctx, int b)
{
	(void)b;
	return check_scalar(ctx);
}

static int check_number(void *ctx, const char *s, size_t len)
{
	(void)s;
	(void)len;
	return check_scalar(ctx);
}

static int check_utf8(struct formatter *f, const unsigned char *s, size_t len)
{
	if (FB_UNLIKELY(f->raw_check)) {
		/* An unpaired surrogate escape: yajl's decoding of it is not
		 * UTF-8, so check the text as written instead. */
		int rc = f->hooks->raw_string(f->hooks->ctx, &s, &len);
		if (rc < 0)
			return 0;
	}
	if (FB_LIKELY(utf8_check(s, len) == 0))
		return 1;
	f->hooks->invalid_utf8(f->hooks->ctx);
	return 0;
}

static int check_string(void *ctx, const unsigned char *s, size_t len)
{
	return check_utf8(ctx, s, len) && check_scalar(ctx);
}

static int check_key(void *ctx, const unsigned char *s, size_t len)
{
	((struct formatter *)ctx)->checked++;
	return check_utf8(ctx, s, len);
}

static int check_open(struct formatter *f, unsigned char bits)
{
	f->checked++;
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = grow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
	return 1;
}

static int check_open_map(void *ctx)
{
	return check_open(ctx, CONTAINER_OBJECT);
}

static int check_open_array(void *ctx)
{
	return check_open(ctx, 0);
}

static int check_close(void *ctx)
{
	struct formatter *f = ctx;
	f->depth--;
	return check_scalar(ctx);
}

static const yajl_callbacks check_cbs = {
	.yajl_null = check_scalar,
	.yajl_boolean = check_boolean,
	.yajl_number = check_number,
	.yajl_string = check_string,
	.yajl_start_map = check_open_map,
	.yajl_map_key = check_key,
	.yajl_end_map = check_close,
	.yajl_start_array = check_open_array,
	.yajl_end_array = check_close,
};

/* Every event writes at least one byte, to the output or to the capture of
 * an object being sorted, whose length never falls by more than the output
 * then gains. */
unsigned long long format_mark(const struct formatter *f)
{
	return f->output.written + f->output.len + f->capture.len + f->checked;
}

const yajl_callbacks *format_callbacks(const struct format_options *opt)
{
	if (opt->check)
		return &check_cbs;
	if (opt->color || opt->sort_keys || opt->seq || opt->escape_mode)
		return &general_callbacks;
	return opt->compact ? &compact_callbacks : &pretty_callbacks;
}

/* prettier_format.c - --style=prettier's consumer: the formatter's yajl
 * callbacks for prettier's layout.  Each token is spelled as prettier
 * spells it (a number by its printNumber() rules, a string or key as it
 * stands in the input) and handed to the engine (width/prettier.h) with
 * what stood before it: a blank line, a line break after an object's '{'.
 * See prettier_format.h.
 */
#include "layout/prettier_format.h"

#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "base/cpu.h"
#include "layout/pieces.h"
#include "layout/prettier_comments.h"
#include "layout/valueend.h"
#include "text/escape.h"
#include "text/utf8.h"
#include "width/columns.h"
#include "width/prettier.h"

/* The longest number spelled in place; a longer one is written as it
 * stands (no JSON number that long is in prettier's tests or ours). */
#define NUMBER_MAX 512

/* The bytes of a number spelled() looks at in one SSE2 load. */
#define NUMBER_LANE 16

/* Before a top-level value: the line of the one before ends (after the
 * comments that follow it there, given now), and --seq's separator. */
static void begin_value(struct formatter *f)
{
	if (f->depth == 0) {
		if (f->top_line == TOP_DOC) {
			prettier_line_end(&f->prettier);
			f->top_line = TOP_NONE;
		}
		fbuffer_commit(&f->output);
		if (f->opt->seq)
			fbuffer_append_char(&f->output, RECORD_SEPARATOR);
	}
}

/* After a value: the reader learns where a member ends, or that a
 * top-level value did (the engine wrote its line end). */
static int end_value_slow(struct formatter *f)
{
	if (f->depth != 0)
		return f->hooks->member_end(f->hooks->ctx);
	if (f->opt->comments)
		f->top_line = TOP_DOC;  /* a comment may follow on its line */
	else
		prettier_line_end(&f->prettier);
	fbuffer_commit(&f->output);
	return f->hooks->value_end(f->hooks->ctx);
}

/* After a value: nothing to do for an array's element, told inline; a
 * call for each cost canada.json, whose values are nearly all numbers in
 * arrays, 0.9 M instructions of 110.5 M with --style=prettier. */
static inline __attribute__((always_inline)) int end_pvalue(struct formatter *f)
{
	if (f->depth != 0 && !(f->state[f->depth] & CONTAINER_OBJECT))
		return 1;
	return end_value_slow(f);
}

/* Inline in each callback (gcc made it a call once prettier_token() took
 * brackets too: canada.json 2.5 M instructions more). */
static inline __attribute__((always_inline)) int
token(struct formatter *f, enum prettier_kind kind, const char *s, size_t n, size_t cols)
{
	begin_value(f);
	unsigned flags = prettier_before_token(f, 0);

	if (flags == PRETTIER_NO_COMMENT)
		return 0;
	prettier_token(&f->prettier, kind, flags, s, n, cols);
	return end_pvalue(f);
}

static int p_null(void *ctx)
{
	return token(ctx, PRETTIER_SCALAR, "null", 4, 4);
}

static int p_boolean(void *ctx, int b)
{
	return b ? token(ctx, PRETTIER_SCALAR, "true", 4, 4) :
		   token(ctx, PRETTIER_SCALAR, "false", 5, 5);
}

/* Drop the zeros that end d[from, *n) while more than `keep` digits are
 * left. */
static void drop_zeros(char *d, size_t from, size_t *n, size_t keep)
{
	while (*n - from > keep && d[*n - 1] == '0')
		(*n)--;
}

/*
 * A number as prettier's printNumber() spells it, into d (n bytes of it;
 * d holds n + 1): the exponent's 'E' in lowercase, without '+' or leading
 * zeros, and dropped if it is zero; the fraction without the zeros that
 * end it, one digit kept.  JSON has no leading or trailing '.' to mend.
 * A sign is no part of prettier's number literal: it is left as it is.
 * Returns the length.
 */
static size_t spell_number(const char *s, size_t n, char *d)
{
	size_t sign = s[0] == '-', i = sign, o;

	if (n - sign == 1) {            /* printNumber leaves one digit */
		memcpy(d, s, n);
		return n;
	}
	memcpy(d, s, sign);
	o = sign;
	while (i < n && s[i] != '.' && s[i] != 'e' && s[i] != 'E')
		d[o++] = s[i++];
	if (i < n && s[i] == '.') {
		size_t dot = o;
		d[o++] = s[i++];
		while (i < n && s[i] != 'e' && s[i] != 'E')
			d[o++] = s[i++];
		drop_zeros(d, dot + 1, &o, 1);
	}
	if (i < n) {                    /* the exponent */
		size_t mark = o;
		d[o++] = 'e';
		i++;
		if (s[i] == '+')
			i++;
		else if (s[i] == '-')
			d[o++] = s[i++];
		while (i + 1 < n && s[i] == '0')
			i++;
		if (i + 1 == n && s[i] == '0')
			o = mark;       /* 1e0, 1e-00: no exponent */
		else
			while (i < n)
				d[o++] = s[i++];
	}
	return o;
}

/* Whether printNumber() leaves s[0..n) as it is: one digit, or no
 * exponent and no '0' at the end (which only a fraction can drop).  The
 * exponent is looked for eight bytes at a time: canada.json's numbers
 * took 82 instructions each a byte at a time.  Its numbers, 18 and 19
 * bytes, in two loads of 16: canada.json 123.0 M instructions to 119.0 M
 * (--style=prettier). */
static int spelled(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, e = 0x65 * ones, lower = 0x20 * ones;
	size_t i = 0;

	if (n < 2)
		return 1;
	if (s[n - 1] == '0')
		return 0;
#if defined(CPU_X86)
	/* 16 to 32 bytes, as most fractions are, in two overlapping loads */
	if (n >= NUMBER_LANE && n <= 2 * NUMBER_LANE) {
		const __m128i low = _mm_set1_epi8(0x20), ee = _mm_set1_epi8('e');
		__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)s), low);
		__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(s + n - NUMBER_LANE)),
					 low);
		return !_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, ee),
						       _mm_cmpeq_epi8(b, ee)));
	}
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		w = (w | lower) ^ e;    /* a zero byte where 'e' or 'E' was */
		if ((w - ones) & ~w & 0x8080808080808080u)
			return 0;
	}
	for (; i < n; i++)
		if ((s[i] | 0x20) == 'e')
			return 0;
	return 1;
}

static int p_number(void *ctx, const char *s, size_t n)
{
	struct formatter *f = ctx;
	char d[NUMBER_MAX + 1];

	if (!f->opt->expand_all && n <= NUMBER_MAX && !spelled(s, n)) {
		n = spell_number(s, n, d);
		s = d;
	}
	return token(f, PRETTIER_NUMBER, s, n, n);
}

/* A string or key, in f->key_text as it stands in the input, quotes and
 * all.  Returns 0 if the parse must stop. */
static int raw_text(struct formatter *f, const unsigned char *s, size_t n)
{
	const unsigned char *raw;
	size_t rawlen;
	int rc;

	f->key_text.len = 0;
	if (needs_raw(f, s) && (rc = f->hooks->raw_string(f->hooks->ctx, &raw, &rawlen)) != 0) {
		if (rc < 0)
			return 0;
		rc = escape_raw_string(&f->key_text, raw, rawlen, 0, RAW_KEEP);
	} else {
		rc = escape_string(&f->key_text, s, n, 0);
	}
	if (rc < 0) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/*
 * A string or key as it stands in the input, quotes and all: in the input
 * yajl parses, where the quotes stand around yajl's text (no copy: 3.6 M
 * of citm_catalog.json's 93.5 M instructions went to copying), else in
 * f->key_text.  Sets *cols, unless `measure` is 0: then its UTF-8 is only
 * checked, and *cols is 0.  Returns NULL if the parse must stop.
 */
static const char *string_text(struct formatter *f, const unsigned char *s, size_t n,
			       size_t *len, size_t *cols, int measure)
{
	const char *t = (const char *)s - 1;

	*len = n + 2;
	if (needs_raw(f, s)) {
		if (!raw_text(f, s, n))
			return NULL;
		t = f->key_text.ptr;
		*len = f->key_text.len;
	}
	if (!measure) {
		*cols = 0;
		if (t == f->key_text.ptr || utf8_check((const unsigned char *)t, *len) == 0)
			return t;       /* (escaped into key_text: checked) */
		f->hooks->invalid_utf8(f->hooks->ctx);
		return NULL;
	}
	*cols = columns_of(t, *len);
	if (*cols == COLUMNS_INVALID) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return NULL;
	}
	return t;
}

static int string_token(struct formatter *f, enum prettier_kind kind,
			const unsigned char *s, size_t n)
{
	size_t len, cols;

	if (kind == PRETTIER_SCALAR)
		begin_value(f);
	unsigned flags = prettier_before_token(f, 0);
	/* a value written out at once is not measured: twitter.json, whose
	 * text is much of it wide, took 28.7 M instructions, not 33.7 M (the
	 * referee build measures every string) */
	int measure = kind == PRETTIER_KEY || !f->prettier.style.quick ||
		      !prettier_places_now(&f->prettier);
	const char *t = flags == PRETTIER_NO_COMMENT ? NULL :
			string_text(f, s, n, &len, &cols, measure);
	if (!t)
		return 0;
	if (kind == PRETTIER_KEY) {     /* held for its value: give_key() */
		f->pkey.len = 0;
		fbuffer_append(&f->pkey, t, len);
		f->pkey_cols = cols;
		f->pkey_flags = flags;
		f->pkey_pending = 1;
		return 1;
	}
	prettier_token(&f->prettier, kind, flags, t, len, cols);
	return end_pvalue(f);
}

static int p_string(void *ctx, const unsigned char *s, size_t n)
{
	return string_token(ctx, PRETTIER_SCALAR, s, n);
}

static int p_map_key(void *ctx, const unsigned char *s, size_t n)
{
	return string_token(ctx, PRETTIER_KEY, s, n);
}

/* Inline in both callbacks, each with its kind of bracket (gcc left it
 * a call once prettier_token() was inline). */
static inline __attribute__((always_inline)) int open_token(struct formatter *f, int object)
{
	begin_value(f);
	unsigned flags = prettier_before_token(f, 0);

	if (flags == PRETTIER_NO_COMMENT)
		return 0;
	prettier_token(&f->prettier, object ? PRETTIER_OPEN_OBJECT : PRETTIER_OPEN_ARRAY, flags,
		       object ? "{" : "[", 1, 1);
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = xgrow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = object ? CONTAINER_OBJECT : 0;
	return 1;
}

static int close_token(struct formatter *f)
{
	if (prettier_before_token(f, 1) == PRETTIER_NO_COMMENT)
		return 0;
	prettier_token(&f->prettier, PRETTIER_CLOSE, 0, "]", 1, 1);
	f->depth--;
	return end_pvalue(f);
}

static int p_start_map(void *ctx)
{
	struct formatter *f = ctx;
	int rc = open_token(f, 1);

	f->after_brace = 1;     /* the next token asks for its line break */
	return rc;
}

static int p_start_array(void *ctx)
{
	return open_token(ctx, 0);
}

static int p_close(void *ctx)
{
	return close_token(ctx);
}

static const yajl_callbacks prettier_callbacks = {
	.yajl_null = p_null, .yajl_boolean = p_boolean, .yajl_number = p_number,
	.yajl_string = p_string, .yajl_start_map = p_start_map,
	.yajl_map_key = p_map_key, .yajl_end_map = p_close,
	.yajl_start_array = p_start_array, .yajl_end_array = p_close,
};

/* Progress, for the reader (sink.progress): a token may be held (a
 * number perhaps as its front's line alone), but its columns count, and
 * every token has some. */
static unsigned long long prettier_progress(const void *ctx)
{
	const struct formatter *f = ctx;

	return fbuffer_total(&f->output) + f->prettier.ntok + f->prettier.line_numbers +
	       f->prettier.col;
}

static void prettier_sink_reset(void *ctx)
{
	struct formatter *f = ctx;

	format_reset(f);
	prettier_reset(&f->prettier);
	f->pkey_pending = 0;
	f->after_brace = 0;
}

/* Prettier keeps a byte order mark: it goes first. */
static void prettier_bom(void *ctx)
{
	struct formatter *f = ctx;

	fbuffer_append(&f->output, "\xEF\xBB\xBF", 3);
}

/* The input ended well: the comments after the last value, and its line
 * end. */
static int prettier_end_input(void *ctx)
{
	struct formatter *f = ctx;

	if (f->top_line != TOP_DOC && f->opt->comments_alone) {
		prettier_comments_alone(f);
	} else if (prettier_before_token(f, f->top_line == TOP_DOC) == PRETTIER_NO_COMMENT) {
		return 1;
	}
	if (f->top_line == TOP_DOC)
		prettier_line_end(&f->prettier);
	f->top_line = f->top_committed = TOP_NONE;
	fbuffer_commit(&f->output);
	return 0;
}

/* A message follows (sink.give_up): what is held goes with the value, and
 * the line of the value before ends. */
static void prettier_give_up(void *ctx)
{
	struct formatter *f = ctx;

	prettier_sink_reset(f);
	if (f->top_line == TOP_DOC)
		prettier_line_end(&f->prettier);
	f->top_line = f->top_committed = TOP_NONE;
	fbuffer_commit(&f->output);
}

void prettier_format_init(struct formatter *f, const struct format_options *opt,
			  const struct feed_hooks *hooks)
{
	format_init(f, opt, hooks);
	f->raw_check = RAW_ESCAPED;     /* strings as they stand */
	struct prettier_style style = {
		.limit = opt->width > 0 ? (size_t)opt->width : 1,
		/* prettier counts a tab as tabWidth columns */
		.indent_cols = opt->indent_char == '\t' ? PRETTIER_TAB_COLUMNS : (size_t)opt->indent,
		.layout = &f->style,
		.bracket_spacing = opt->bracket_spacing,
		.trailing_comma = opt->trailing_commas,
		.collapse = opt->object_wrap_collapse,
		.expand_all = opt->expand_all,
		.quick = !opt->general_only,
	};
	prettier_init(&f->prettier, &style, &f->output);
	fbuffer_init_mem(&f->pkey);
}

void prettier_format_sink(struct formatter *f, struct sink *sink)
{
	format_sink(f, sink);
	sink->callbacks = &prettier_callbacks;
	sink->reset = prettier_sink_reset;
	sink->progress = prettier_progress;
	sink->keep_escapes = 1;
	sink->keep_blank_lines = !f->opt->expand_all;
	sink->keep_line_breaks = !f->opt->expand_all;
	sink->end_input = prettier_end_input;
	sink->accept_comments_alone = f->opt->comments_alone;
	sink->byte_order_mark = prettier_bom;
	sink->give_up = prettier_give_up;
}

void prettier_format_release(struct formatter *f)
{
	prettier_release(&f->prettier);
	fbuffer_release(&f->pkey);
	format_release(f);
}

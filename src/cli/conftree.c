/* conftree.c - a configuration file read into a tree, as JSON through
 * jfmt's reader.  See conftree.h. */
#include "cli/conftree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "base/quote.h"
#include "read/read.h"
#include "text/utf8.h"

/* How deep a configuration may nest: far more than any needs. */
#define CONFTREE_DEPTH 64

enum exit_status conftree_load(struct conf_doc *d, const char *path, const char *name)
{
	memset(d, 0, sizeof *d);
	d->path = name;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		diag_errno(name, errno);
		return EXIT_IO;
	}
	d->text = xrealloc(NULL, CONFTREE_MAX + 1);
	ssize_t n;
	while ((n = read(fd, d->text + d->len, CONFTREE_MAX + 1 - d->len)) > 0)
		d->len += (size_t)n;
	int err = errno;
	close(fd);
	if (n < 0) {
		diag_errno(name, err);
		return EXIT_IO;
	}
	if (d->len > CONFTREE_MAX) {
		diag_error("%s: larger than a configuration file can be (%d bytes)",
			   diag_name(name), CONFTREE_MAX);
		return EXIT_IO;
	}
	d->text[d->len] = 0;
	return EXIT_OK;
}

struct conf_node *conftree_add(struct conf_node *parent, const char *key, size_t klen)
{
	parent->kids = xgrow_array(parent->kids, &parent->cap, parent->n + 1,
				   sizeof *parent->kids);
	struct conf_node *c = &parent->kids[parent->n++];
	memset(c, 0, sizeof *c);
	if (key) {
		c->key = xrealloc(NULL, klen + 1);
		memcpy(c->key, key, klen);
		c->key[klen] = 0;
	}
	return c;
}

const struct conf_node *conftree_get(const struct conf_node *obj, const char *key)
{
	if (!obj || obj->kind != CONF_OBJECT)
		return NULL;
	for (size_t i = obj->n; i-- > 0;)      /* (a key said twice: the last) */
		if (strcmp(obj->kids[i].key, key) == 0)
			return &obj->kids[i];
	return NULL;
}

const char *conftree_line(const struct conf_doc *d, int line, size_t *len)
{
	const char *p = d->text;

	for (int i = 1; p && i < line; i++) {
		p = memchr(p, '\n', d->len - (size_t)(p - d->text));
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return NULL;
	*len = strcspn(p, "\r\n");
	return p;
}

void conftree_report(const struct conf_doc *d, int line, int col, const char *what)
{
	struct diag_excerpt ex = { .len = 0 };
	size_t len = 0;
	const char *text = line > 0 ? conftree_line(d, line, &len) : NULL;

	if (!text) {
		diag_error("%s: %s", diag_name(d->path), what);
		return;
	}
	/* the line made safe to print; the caret under the column, counted
	 * in characters as the column is */
	ex.len = len < sizeof ex.text ? len : sizeof ex.text - 1;
	memcpy(ex.text, text, ex.len);
	quote_mask(ex.text, ex.len);
	ex.caret = col > 0 ? (size_t)col - 1 : 0;
	diag_at(d->path, (unsigned long long)line, (unsigned long long)(col > 0 ? col : 1), what,
		&ex);
}

static void free_node(struct conf_node *c)
{
	for (size_t i = 0; i < c->n; i++)
		free_node(&c->kids[i]);
	free(c->kids);
	free(c->text);
	free(c->key);
}

void conftree_free(struct conf_doc *d)
{
	free_node(&d->root);
	free(d->text);
	memset(d, 0, sizeof *d);
}

/* --- Building the tree from the reader's events --- */

struct builder {
	const struct feed_hooks *hooks;
	struct conf_doc *d;
	struct conf_node *open[CONFTREE_DEPTH];  /* the containers open */
	int depth;                      /* -1: before the document */
	unsigned long long events;
	int raw_check;
	/* the follower: where in d->text the next token is looked for */
	size_t at;
	int line, col;
	char *key;                      /* the key of the member being read */
	size_t klen, kcap;
	int kline, kcol;
};

/* Step the follower over one byte. */
static void step(struct builder *b)
{
	unsigned char c = (unsigned char)b->d->text[b->at++];

	if (c == '\n') {
		b->line++;
		b->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		b->col++;
	}
}

/* Move the follower to the next token (past white space, comments and
 * the punctuation between tokens), note its place, and past it. */
static void follow(struct builder *b, int *line, int *col)
{
	const char *t = b->d->text;
	size_t n = b->d->len;

	while (b->at < n) {
		char c = t[b->at];
		if (c == '/' && b->at + 1 < n && t[b->at + 1] == '/') {
			while (b->at < n && t[b->at] != '\n')
				step(b);
		} else if (c == '/' && b->at + 1 < n && t[b->at + 1] == '*') {
			step(b);
			step(b);
			while (b->at < n && !(t[b->at] == '*' && b->at + 1 < n && t[b->at + 1] == '/'))
				step(b);
			if (b->at < n) {
				step(b);
				step(b);
			}
		} else if (strchr(" \t\r\n,:", c) && c) {
			step(b);
		} else {
			break;
		}
	}
	*line = b->line;
	*col = b->col;
	if (b->at >= n)
		return;
	if (t[b->at] == '"') {
		step(b);
		while (b->at < n && t[b->at] != '"') {
			if (t[b->at] == '\\' && b->at + 1 < n)
				step(b);
			step(b);
		}
		if (b->at < n)
			step(b);
	} else if (strchr("[]{}", t[b->at])) {
		step(b);
	} else {
		while (b->at < n && !strchr(" \t\r\n,:[]{}\"/", t[b->at]))
			step(b);
	}
}

/* A value has ended: a member's, an element's or the document's. */
static int value_done(struct builder *b)
{
	b->events++;
	if (b->depth > 0) {
		if (b->open[b->depth - 1]->kind == CONF_OBJECT)
			return b->hooks->member_end(b->hooks->ctx);
		return 1;
	}
	return b->hooks->value_end(b->hooks->ctx);
}

/* The node of a new value, at the follower's next token. */
static struct conf_node *new_value(struct builder *b, enum conf_kind kind)
{
	struct conf_node *c;
	int line, col;

	follow(b, &line, &col);
	if (b->depth < 0) {
		c = &b->d->root;
		b->depth = 0;
	} else if (b->depth == 0) {
		return NULL;            /* (--single: the reader stops first) */
	} else {
		struct conf_node *parent = b->open[b->depth - 1];
		int member = parent->kind == CONF_OBJECT;
		c = conftree_add(parent, member ? b->key : NULL, member ? b->klen : 0);
		if (member) {
			line = b->kline;
			col = b->kcol;
		}
	}
	c->kind = kind;
	c->line = line;
	c->col = col;
	return c;
}

static void set_text(struct conf_node *c, const char *s, size_t len)
{
	if (!c)
		return;
	c->text = xrealloc(NULL, len + 1);
	memcpy(c->text, s, len);
	c->text[len] = 0;
}

static int on_null(void *ctx)
{
	new_value(ctx, CONF_NULL);
	return value_done(ctx);
}

static int on_boolean(void *ctx, int v)
{
	struct conf_node *c = new_value(ctx, CONF_BOOL);
	set_text(c, v ? "true" : "false", v ? 4 : 5);
	return value_done(ctx);
}

static int on_number(void *ctx, const char *s, size_t len)
{
	set_text(new_value(ctx, CONF_NUMBER), s, len);
	return value_done(ctx);
}

/* As the validator does: a string is valid UTF-8, its escapes too. */
static int check_utf8(struct builder *b, const unsigned char *s, size_t len)
{
	if (b->raw_check && b->hooks->raw_string(b->hooks->ctx, &s, &len) < 0)
		return 0;
	if (utf8_check(s, len) == 0)
		return 1;
	b->hooks->invalid_utf8(b->hooks->ctx);
	return 0;
}

static int on_string(void *ctx, const unsigned char *s, size_t len)
{
	if (!check_utf8(ctx, s, len))
		return 0;
	set_text(new_value(ctx, CONF_STRING), (const char *)s, len);
	return value_done(ctx);
}

static int on_key(void *ctx, const unsigned char *s, size_t len)
{
	struct builder *b = ctx;

	b->events++;
	if (!check_utf8(b, s, len))
		return 0;
	follow(b, &b->kline, &b->kcol);
	b->key = xgrow_array(b->key, &b->kcap, len + 1, 1);
	memcpy(b->key, s, len);
	b->klen = len;
	return 1;
}

static int open_container(struct builder *b, enum conf_kind kind)
{
	struct conf_node *c = new_value(b, kind);

	b->events++;
	if (!c || b->depth >= CONFTREE_DEPTH)
		return 0;               /* (reported as a parse that stopped) */
	b->open[b->depth++] = c;
	return 1;
}

static int on_open_map(void *ctx)
{
	return open_container(ctx, CONF_OBJECT);
}

static int on_open_array(void *ctx)
{
	return open_container(ctx, CONF_ARRAY);
}

static int on_close(void *ctx)
{
	struct builder *b = ctx;
	int line, col;

	follow(b, &line, &col);
	b->depth--;
	return value_done(b);
}

static const yajl_callbacks callbacks = {
	.yajl_null = on_null,
	.yajl_boolean = on_boolean,
	.yajl_number = on_number,
	.yajl_string = on_string,
	.yajl_start_map = on_open_map,
	.yajl_map_key = on_key,
	.yajl_end_map = on_close,
	.yajl_start_array = on_open_array,
	.yajl_end_array = on_close,
};

static void sink_reset(void *ctx)
{
	(void)ctx;
}

static unsigned long long sink_progress(const void *ctx)
{
	return ((const struct builder *)ctx)->events;
}

static void sink_set_raw_check(void *ctx, int on)
{
	((struct builder *)ctx)->raw_check = on;
}

static int sink_failed(const void *ctx)
{
	(void)ctx;
	return 0;
}

static void sink_pause(void *ctx)
{
	(void)ctx;
}

static char sink_innermost(const void *ctx)
{
	const struct builder *b = ctx;

	if (b->depth <= 0)
		return 0;
	return b->open[b->depth - 1]->kind == CONF_OBJECT ? '{' : '[';
}

/* The reader's read(2): the file, from memory. */
struct memory {
	const char *p;
	size_t left;
};

static ssize_t from_memory(void *ctx, unsigned char *buf, size_t n)
{
	struct memory *m = ctx;

	if (n > m->left)
		n = m->left;
	memcpy(buf, m->p, n);
	m->p += n;
	m->left -= n;
	return (ssize_t)n;
}

enum exit_status conftree_json(struct conf_doc *d, const char *path, const char *name,
			       int jsonc)
{
	enum exit_status st = conftree_load(d, path, name);
	if (st != EXIT_OK)
		return st;

	struct reader r;
	struct builder b = { .d = d, .depth = -1, .line = 1, .col = 1 };
	struct memory m = { d->text, d->len };
	struct sink sink = {
		.ctx = &b,
		.callbacks = &callbacks,
		.reset = sink_reset,
		.progress = sink_progress,
		.set_raw_check = sink_set_raw_check,
		.failed = sink_failed,
		.pause = sink_pause,
		.innermost = sink_innermost,
		.accept_comments_alone = 0,
	};

	if (d->len >= 3 && memcmp(d->text, "\xef\xbb\xbf", 3) == 0)
		b.at = 3;               /* (the reader skips a byte order mark) */
	reader_init(&r, jsonc, 0, NULL);
	reader_set_single(&r, 1);
	b.hooks = reader_hooks(&r);
	reader_set_sink(&r, &sink);
	reader_set_source(&r, from_memory, &m);
	st = reader_run(&r, name, -1);
	reader_release(&r);
	free(b.key);
	return st;
}

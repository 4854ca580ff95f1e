/* yaml.c - YAML configuration files through libyaml.  See yaml.h. */
#include "cli/yaml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/alloc.h"
#include "base/diag.h"

/* The library is loaded the first time a YAML file is read: most runs
 * read none, and start-up stays what it was. */
static struct {
	int tried;
	const char *error;
	__typeof__(yaml_parser_initialize) *parser_initialize;
	__typeof__(yaml_parser_set_input_string) *parser_set_input_string;
	__typeof__(yaml_parser_parse) *parser_parse;
	__typeof__(yaml_event_delete) *event_delete;
	__typeof__(yaml_parser_delete) *parser_delete;
} lib;

#define FIND(dl, name) \
	((lib.name = (__typeof__(lib.name))dlsym(dl, "yaml_" #name)) != NULL)

static int load(void)
{
	if (lib.tried)
		return lib.error ? -1 : 0;
	lib.tried = 1;
	void *dl = dlopen(YAML_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (dl && FIND(dl, parser_initialize) && FIND(dl, parser_set_input_string) &&
	    FIND(dl, parser_parse) && FIND(dl, event_delete) && FIND(dl, parser_delete))
		return 0;
	const char *why = dlerror();
	if (!why)
		why = YAML_LIBRARY ": cannot be loaded";
	lib.error = strcpy(xrealloc(NULL, strlen(why) + 1), why);
	return -1;
}

/* How deep a YAML configuration may nest. */
#define YAML_DEPTH 64

struct building {
	struct conf_doc *d;
	struct conf_node *open[YAML_DEPTH];
	int depth;                      /* -1: before the document's node */
	int want_key;                   /* in a mapping, a key comes next */
	char *key;                      /* the key read, whose value comes */
	int kline, kcol;
};

/* A plain scalar's kind, as YAML 1.2's core schema resolves it. */
static enum conf_kind plain_kind(const char *s)
{
	static const char *const bools[] = { "true", "True", "TRUE", "false", "False", "FALSE" };
	static const char *const nulls[] = { "null", "Null", "NULL", "~", "" };
	char *end;

	for (size_t i = 0; i < sizeof bools / sizeof *bools; i++)
		if (strcmp(s, bools[i]) == 0)
			return CONF_BOOL;
	for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
		if (strcmp(s, nulls[i]) == 0)
			return CONF_NULL;
	if (strchr("+-.0123456789", s[0])) {
		strtod(s, &end);
		if (*end == 0)
			return CONF_NUMBER;
	}
	return CONF_STRING;
}

/* A node for the event at `mark`: the document's, an element, or the
 * value of the key read; NULL after the document's own. */
static struct conf_node *add_node(struct building *b, enum conf_kind kind, const yaml_mark_t *m)
{
	struct conf_node *c;
	int line = (int)m->line + 1, col = (int)m->column + 1;

	if (b->depth < 0) {
		c = &b->d->root;
		b->depth = 0;
	} else if (b->depth == 0) {
		return NULL;
	} else {
		struct conf_node *parent = b->open[b->depth - 1];
		int member = parent->kind == CONF_OBJECT;
		c = conftree_add(parent, member ? b->key : NULL, member ? strlen(b->key) : 0);
		if (member) {
			line = b->kline;
			col = b->kcol;
			b->want_key = 1;
		}
	}
	c->kind = kind;
	c->line = line;
	c->col = col;
	return c;
}

/* One event; 0, or -1 with *why set. */
static int take(struct building *b, const yaml_event_t *e, const char **why)
{
	struct conf_node *c;
	int in_map = b->depth > 0 && b->open[b->depth - 1]->kind == CONF_OBJECT;

	switch (e->type) {
	case YAML_SCALAR_EVENT: {
		const char *v = (const char *)e->data.scalar.value;
		if (in_map && b->want_key) {
			free(b->key);
			b->key = strcpy(xrealloc(NULL, strlen(v) + 1), v);
			b->kline = (int)e->start_mark.line + 1;
			b->kcol = (int)e->start_mark.column + 1;
			b->want_key = 0;
			return 0;
		}
		enum conf_kind kind = e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ?
			plain_kind(v) : CONF_STRING;
		c = add_node(b, kind, &e->start_mark);
		if (c && kind != CONF_NULL) {
			const char *t = kind == CONF_BOOL ? (v[0] == 't' || v[0] == 'T' ? "true" : "false") : v;
			c->text = strcpy(xrealloc(NULL, strlen(t) + 1), t);
		}
		return 0;
	}
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
		if (in_map && b->want_key) {
			*why = "a key that is not a plain word: jfmt takes none";
			return -1;
		}
		c = add_node(b, e->type == YAML_MAPPING_START_EVENT ? CONF_OBJECT : CONF_ARRAY,
			     &e->start_mark);
		if (!c)
			return 0;
		if (b->depth >= YAML_DEPTH) {
			*why = "nested too deep for a configuration";
			return -1;
		}
		b->open[b->depth++] = c;
		b->want_key = c->kind == CONF_OBJECT;
		return 0;
	case YAML_MAPPING_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
		if (b->depth > 0)
			b->depth--;
		b->want_key = b->depth > 0 && b->open[b->depth - 1]->kind == CONF_OBJECT;
		return 0;
	case YAML_ALIAS_EVENT:
		*why = "an alias (*name): jfmt reads none in a configuration";
		return -1;
	default:
		return 0;
	}
}

enum exit_status yaml_read(struct conf_doc *d, const char *path, const char *name)
{
	enum exit_status st = conftree_load(d, path, name);
	if (st != EXIT_OK)
		return st;
	if (load() < 0) {
		char what[512];
		snprintf(what, sizeof what, "a YAML file, and libyaml cannot be loaded (%s): "
			 "install it, or write the configuration in JSON", lib.error);
		conftree_report(d, 0, 0, what);
		return EXIT_USAGE;
	}

	yaml_parser_t p;
	yaml_event_t e;
	struct building b = { .d = d, .depth = -1 };
	const char *why = NULL;
	int line = 0, col = 0, done = 0;

	if (!lib.parser_initialize(&p))
		out_of_memory();
	lib.parser_set_input_string(&p, (const unsigned char *)d->text, d->len);
	while (!done) {
		if (!lib.parser_parse(&p, &e)) {
			if (p.error == YAML_MEMORY_ERROR)
				out_of_memory();
			why = p.problem ? p.problem : "not valid YAML";
			line = (int)p.problem_mark.line + 1;
			col = (int)p.problem_mark.column + 1;
			break;
		}
		if (take(&b, &e, &why) < 0) {
			line = (int)e.start_mark.line + 1;
			col = (int)e.start_mark.column + 1;
			done = 1;
		}
		/* the first document is enough */
		done = done || e.type == YAML_DOCUMENT_END_EVENT || e.type == YAML_STREAM_END_EVENT;
		lib.event_delete(&e);
	}
	lib.parser_delete(&p);
	free(b.key);
	if (why) {
		char what[512];
		snprintf(what, sizeof what, "YAML: %s", why);
		conftree_report(d, line, col, what);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

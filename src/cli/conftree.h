/* conftree.h - a configuration file's values as a small tree, each with
 * its line and column: read as JSON (or JSONC) through jfmt's own reader
 * (read.h), so that a file that is not valid is reported in jfmt's words,
 * at its place; or as YAML through libyaml (yaml.h).
 *
 * Configuration files are small: one is read whole into memory, up to
 * CONFTREE_MAX bytes, and kept with its tree.  Places are the line and
 * column (from 1, in characters) where a value's token begins; for an
 * object's member, where its key does.
 */
#ifndef JFMT_CONFTREE_H
#define JFMT_CONFTREE_H

#include <stddef.h>

#include "base/status.h"

/* The largest configuration file read. */
#define CONFTREE_MAX (1 << 20)

enum conf_kind { CONF_OBJECT, CONF_ARRAY, CONF_STRING, CONF_NUMBER, CONF_BOOL, CONF_NULL };

struct conf_node {
	enum conf_kind kind;
	char *text;             /* a string's or number's text, a boolean's
				 * "true" or "false"; NULL for the others */
	char *key;              /* in an object: its member's key */
	int line, col;          /* where it stands (a member: its key) */
	struct conf_node *kids; /* an object's members, an array's elements */
	size_t n, cap;
};

struct conf_doc {
	const char *path;       /* as messages name it */
	char *text;             /* the file, NUL-terminated */
	size_t len;
	struct conf_node root;
};

/**
 * Read the file at `path` (named `name` in messages) as one JSON text;
 * `jsonc`: with comments and trailing commas.  Returns EXIT_OK with
 * d->root filled in; EXIT_INVALID if it is not valid (reported by the
 * reader, at its place); EXIT_IO if it cannot be read (reported).
 */
enum exit_status conftree_json(struct conf_doc *d, const char *path, const char *name,
			       int jsonc);

/** Read the file at `path` whole into d->text (for conftree_yaml() and
 * the like); EXIT_OK or EXIT_IO (reported). */
enum exit_status conftree_load(struct conf_doc *d, const char *path, const char *name);

/** The member `key` of the object `obj`, or NULL (also when `obj` is
 * NULL or not an object). */
const struct conf_node *conftree_get(const struct conf_node *obj, const char *key);

/** A new child at the end of the object or array `parent` (its key, if
 * any, a copy of key[0..klen)); for the builders. */
struct conf_node *conftree_add(struct conf_node *parent, const char *key, size_t klen);

/** The text of line `line` of the document, without its line end, or
 * NULL; for messages. */
const char *conftree_line(const struct conf_doc *d, int line, size_t *len);

/** Report `what` at line:col of the document ("jfmt: PATH:LINE:COL:
 * WHAT", the line and a caret; without a line, "jfmt: PATH: WHAT"). */
void conftree_report(const struct conf_doc *d, int line, int col, const char *what);

/** Free the tree and the text. */
void conftree_free(struct conf_doc *d);

#endif

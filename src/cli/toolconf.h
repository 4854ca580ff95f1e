/* toolconf.h - what the configuration of another formatter (prettier's,
 * Biome's) says of jfmt's options: its keys, each mapped to an option of
 * the table (optable.h), its values checked for type and range, and
 * noted with their place (config.h).
 */
#ifndef JFMT_TOOLCONF_H
#define JFMT_TOOLCONF_H

#include "base/status.h"
#include "cli/confset.h"
#include "cli/conftree.h"

/* The type a key's value has. */
enum tool_kind {
	TOOL_COUNT,             /* a whole number, in the option's range */
	TOOL_BOOL,              /* true or false */
	TOOL_WORDS,             /* one of the words of `map` */
};

/* A key of the other formatter's that jfmt takes. */
struct tool_key {
	const char *key;        /* "tabWidth" */
	int id;                 /* the option's (optable.h) */
	enum tool_kind kind;
	const char *map;        /* TOOL_WORDS, TOOL_BOOL: "theirs=ours|..."
				 * ("es5=all"); NULL: a flag, as it is */
};

/* One file's options being read into the configuration of an input. */
struct tool_reading {
	struct file_config *fc;
	const struct conf_doc *doc;
	const char *file;               /* its path, which lives as long as
					 * the run */
	enum conf_rank rank;
	enum exit_status status;        /* EXIT_USAGE after a value jfmt
					 * cannot take (reported) */
};

/** The other formatter's default for the option of `id`: `value`, at
 * CONF_TOOL_DEFAULT, its origin called `why`. */
void tool_default(struct tool_reading *t, int id, const char *value, const char *why);

/** Each member of the object `obj` that `keys` (ended by a NULL key)
 * names, checked and noted; other members are left aside.  Stops at the
 * first value jfmt cannot take, reporting it. */
void tool_take_all(struct tool_reading *t, const struct tool_key *keys,
		   const struct conf_node *obj);

/** After the last: the input is laid out in --style=prettier (its
 * origin called `what`). */
void tool_finish(struct tool_reading *t, const char *what);

#endif

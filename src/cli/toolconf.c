/* toolconf.c - other formatters' keys as jfmt's options.  See toolconf.h. */
#include "cli/toolconf.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

void tool_default(struct tool_reading *t, int id, const char *value, const char *why)
{
	config_say(t->fc, optable_by_id(id), CONF_TOOL_DEFAULT, value, t->file, 0, 0, why);
}

/* `theirs` in map ("a=b|c=d"): ours into buf, or -1. */
static int mapped(const char *map, const char *theirs, char *buf, size_t size)
{
	size_t n = strlen(theirs);

	for (const char *p = map; p && *p;) {
		const char *eq = strchr(p, '='), *bar = strchr(p, '|');
		size_t end = bar ? (size_t)(bar - p) : strlen(p);
		if (eq && (size_t)(eq - p) == n && memcmp(p, theirs, n) == 0) {
			snprintf(buf, size, "%.*s", (int)(end - (size_t)(eq - p) - 1), eq + 1);
			return 0;
		}
		p = bar ? bar + 1 : NULL;
	}
	return -1;
}

/* Their words, for a message: "none, es5 or all". */
static void words_of(const char *map, char *buf, size_t size)
{
	size_t len = 0, count = 1, k = 0;

	for (const char *p = map; (p = strchr(p, '|')) != NULL; p++)
		count++;
	buf[0] = 0;
	for (const char *p = map; p && len < size; k++) {
		const char *eq = strchr(p, '=');
		len += (size_t)snprintf(buf + len, size - len, "%s%.*s",
					k == 0 ? "" : k + 1 == count ? " or " : ", ",
					(int)(eq - p), p);
		p = strchr(p, '|');
		p = p ? p + 1 : NULL;
	}
}

/* One member `n` of the key `k`: checked, noted; else reported. */
static void take(struct tool_reading *t, const struct tool_key *k, const struct conf_node *n)
{
	const struct opt_row *row = optable_by_id(k->id);
	char value[CONF_VALUE_MAX], why[256], words[128];

	why[0] = 0;
	if (k->kind == TOOL_COUNT) {
		if (n->kind != CONF_NUMBER)
			snprintf(why, sizeof why, "expected a number");
		else if (cli_check_value(row, n->text, why, sizeof why) == 0)
			snprintf(value, sizeof value, "%s", n->text);
	} else if (k->kind == TOOL_BOOL) {
		if (n->kind != CONF_BOOL)
			snprintf(why, sizeof why, "expected true or false");
		else if (!k->map)
			snprintf(value, sizeof value, "%s", n->text);
		else
			mapped(k->map, n->text, value, sizeof value);
	} else if (n->kind != CONF_STRING || mapped(k->map, n->text, value, sizeof value) < 0) {
		words_of(k->map, words, sizeof words);
		if (k->id == OPT_EOL && n->kind == CONF_STRING && strcmp(n->text, "cr") == 0)
			snprintf(why, sizeof why, "'cr' is not a line end jfmt writes "
				 "(expected %s)", words);
		else
			snprintf(why, sizeof why, "expected %s", words);
	}
	if (why[0]) {
		char what[320];
		snprintf(what, sizeof what, "%s: %s", k->key, why);
		conftree_report(t->doc, n->line, n->col, what);
		t->status = EXIT_USAGE;
		return;
	}
	config_say(t->fc, row, t->rank, value, t->file, n->line, n->col, k->key);
}

void tool_take_all(struct tool_reading *t, const struct tool_key *keys,
		   const struct conf_node *obj)
{
	for (size_t i = 0; obj && obj->kind == CONF_OBJECT && i < obj->n; i++) {
		for (const struct tool_key *k = keys; k->key && t->status == EXIT_OK; k++)
			if (strcmp(obj->kids[i].key, k->key) == 0)
				take(t, k, &obj->kids[i]);
	}
}

void tool_finish(struct tool_reading *t, const char *what)
{
	config_say(t->fc, optable_by_id(OPT_STYLE), t->rank, "prettier", t->file, 0, 0, what);
}

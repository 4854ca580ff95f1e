/* summary.c - how many inputs are not formatted, and the command that
 * fixes them.  See summary.h. */
#include "cli/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "base/quote.h"

/* A command line being built, words separated by spaces. */
struct line {
	char *text;
	size_t len, cap;
};

static void add_word(struct line *l, const char *word, int quote)
{
	size_t n = strlen(word);

	l->text = xgrow_array(l->text, &l->cap, l->len + QUOTE_SIZE(n) + 1, 1);
	if (l->len > 0)
		l->text[l->len++] = ' ';
	if (quote) {
		l->len += quote_shell(l->text + l->len, word, n);
	} else {
		memcpy(l->text + l->len, word, n + 1);
		l->len += n;
	}
}

/* An option as it was given: "-S", "--sort-keys", "--width=30" (an alias
 * under its row's name, a value always after '='). */
static void add_option(struct line *l, const struct opt_row *row, const struct opt_given *g)
{
	if (g->as_letter && !g->value) {
		char word[] = { '-', row->letter, 0 };
		add_word(l, word, 0);
		return;
	}
	size_t n = strlen(row->name), v = g->value ? strlen(g->value) : 0;
	char *word = xrealloc(NULL, n + v + sizeof "--=");

	snprintf(word, n + v + sizeof "--=", g->value ? "--%s=%s" : "--%s", row->name,
		 g->value);
	add_word(l, word, 1);
	free(word);
}

/* "jfmt", and -i if `in_place`, and the layout options given (optable.h),
 * in the table's order. */
static void command_start(struct line *l, const struct cli *cli, int in_place)
{
	add_word(l, "jfmt", 0);
	if (in_place)
		add_word(l, "-i", 0);
	for (size_t i = 0; i < optable_rows; i++)
		if ((optable[i].flags & OPT_LAYOUT) && cli->given[i].set)
			add_option(l, &optable[i], &cli->given[i]);
}

/* The files, after "--" if one of them would pass for an option. */
static void add_files(struct line *l, char *const *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (files[i][0] == '-' && strcmp(files[i], "-") != 0) {
			add_word(l, "--", 0);
			break;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(files[i], "-") != 0)
			add_word(l, files[i], 1);
}

void summary_init(struct summary *s)
{
	memset(s, 0, sizeof *s);
}

void summary_add(struct summary *s, const char *path)
{
	if (strcmp(path, "-") == 0) {
		s->stdin_differs = 1;
		return;
	}
	s->names = xgrow_array(s->names, &s->cap, s->n + 1, sizeof *s->names);
	size_t n = strlen(path);
	s->names[s->n] = memcpy(xrealloc(NULL, n + 1), path, n + 1);
	s->n++;
}

/* --exclude=GLOB, quoted as one word for the shell. */
static void add_exclude(struct line *l, const char *glob)
{
	size_t n = strlen(glob);
	char *word = xrealloc(NULL, sizeof "--exclude=" + n);

	memcpy(word, "--exclude=", sizeof "--exclude=" - 1);
	memcpy(word + sizeof "--exclude=" - 1, glob, n + 1);
	add_word(l, word, 1);
	free(word);
}

/* The command that rewrites the files: the shorter of the two forms. */
static char *fix_command(const struct summary *s, const struct cli *cli)
{
	struct line named = { 0 }, given = { 0 };

	command_start(&named, cli, 1);
	add_files(&named, s->names, s->n);
	command_start(&given, cli, 1);
	if (cli->recursive)
		add_word(&given, "-r", 0);
	for (int i = 0; i < cli->nexcludes; i++)
		add_exclude(&given, cli->excludes[i]);
	if (cli->no_gitignore)
		add_word(&given, "--no-gitignore", 0);
	add_files(&given, cli->files, (size_t)cli->nfiles);
	if (given.len < named.len) {
		free(named.text);
		return given.text;
	}
	free(given.text);
	return named.text;
}

void summary_print(const struct summary *s, const struct cli *cli)
{
	if (s->n > 0) {
		char *cmd = fix_command(s, cli);
		if (s->n == 1)
			diag_error("1 file is not formatted; to fix it, run: %s", cmd);
		else
			diag_error("%zu files are not formatted; to fix them, run: %s", s->n, cmd);
		free(cmd);
	}
	if (s->stdin_differs) {
		struct line l = { 0 };
		command_start(&l, cli, 0);
		diag_error("%s is not formatted; to fix it, format it with: %s",
			   diag_name(cli->stdin_name), l.text);
		free(l.text);
	}
}

void summary_release(struct summary *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->names[i]);
	free(s->names);
	summary_init(s);
}

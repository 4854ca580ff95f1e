/* confset.c - noting what configuration files say.  See confset.h. */
#include "cli/confset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/quote.h"

void config_say(struct file_config *fc, const struct opt_row *row, enum conf_rank rank,
		const char *value, const char *file, int line, int col, const char *key)
{
	struct conf_setting *s = &fc->opt[row - optable];

	if (s->rank > rank)
		return;
	s->rank = rank;
	snprintf(s->value, sizeof s->value, "%s", value);
	s->file = file;
	s->line = line;
	s->col = col;
	s->key = key;
}

const char *config_shown(const char *file)
{
	static char *cwd;
	size_t n;

	if (!cwd)
		cwd = getcwd(NULL, 0);
	n = cwd ? strlen(cwd) : 0;
	if (n && strncmp(file, cwd, n) == 0 && file[n] == '/')
		return file + n + 1;
	return file;
}

enum exit_status config_error(const char *file, int line, int col, const char *key,
			      const char *why, const char *text, size_t len)
{
	char said[512];         /* (not "msg": messages.bats's messages are
				 * about inputs, this one about a setting) */

	file = config_shown(file);
	struct diag_excerpt ex = { .len = 0 };

	snprintf(said, sizeof said, "%s: %s", key, why);
	if (!text || line <= 0) {
		if (line > 0)
			diag_error("%s:%d: %s", diag_name(file), line, said);
		else
			diag_error("%s: %s", diag_name(file), said);
		return EXIT_USAGE;
	}
	/* the line as diag_at() shows one: made safe, the caret under the
	 * column (counted in bytes: the keys and values jfmt reads are
	 * ASCII) */
	ex.len = len < sizeof ex.text ? len : sizeof ex.text - 1;
	memcpy(ex.text, text, ex.len);
	quote_mask(ex.text, ex.len);
	ex.caret = col > 0 ? (size_t)col - 1 : 0;
	diag_at(file, (unsigned long long)line, (unsigned long long)(col > 0 ? col : 1), said, &ex);
	return EXIT_USAGE;
}


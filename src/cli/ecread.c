/* ecread.c - reading .editorconfig files ahead of libeditorconfig.  See
 * ecread.h. */
#include "cli/ecread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/alloc.h"
#include "base/diag.h"

/* A line is read this much at a time; what a longer one says is not
 * looked at past its first piece (the library takes lines of up to 5,000
 * bytes or so, and refuses longer ones itself). */
#define LINE_PIECE 8192

/* What reading one .editorconfig found. */
enum found { ABSENT, READ, ROOT, FAILED };

/* s[0..n) without the blanks around it. */
static void trim(const char **s, size_t *n)
{
	while (*n > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && strchr(" \t\r\n", (*s)[*n - 1]))
		(*n)--;
}

/* Whether the preamble's line `line` says root = true (the key and the
 * value in any case, before an inline comment). */
static int says_root(const char *line)
{
	const char *eq = strpbrk(line, "=:");
	if (!eq)
		return 0;
	const char *key = line, *value = eq + 1;
	size_t k = (size_t)(eq - line), v = strcspn(value, ";#");
	trim(&key, &k);
	trim(&value, &v);
	return k == 4 && strncasecmp(key, "root", 4) == 0 && v == 4 &&
		strncasecmp(value, "true", 4) == 0;
}

/* Read the .editorconfig `config`, for the file `path`. */
static enum found read_config(const char *path, const char *config)
{
	FILE *f = fopen(config, "re");
	struct stat st;

	if (!f) {
		int err = errno;
		/* not there; but a link that leads nowhere is there */
		if ((err == ENOENT && lstat(config, &st) < 0) || err == ENOTDIR)
			return ABSENT;
		if (err == ENOMEM)
			out_of_memory();
		diag_error("%s: cannot read %s: %s (--no-editorconfig leaves it aside)",
			   diag_name(path), diag_name(config), strerror(err));
		return FAILED;
	}
	char *line = xrealloc(NULL, LINE_PIECE);
	int preamble = 1, root = 0, line_start = 1;
	while (fgets(line, LINE_PIECE, f)) {
		size_t n = strlen(line);
		const char *s = line + strspn(line, " \t");
		if (line_start && *s == '[')
			preamble = 0;
		else if (line_start && preamble && says_root(s))
			root = 1;
		line_start = n > 0 && line[n - 1] == '\n';
	}
	enum found found = root ? ROOT : READ;
	if (ferror(f)) {
		int err = errno;
		if (err == ENOMEM)
			out_of_memory();
		diag_error("%s: cannot read %s: %s (--no-editorconfig leaves it aside)",
			   diag_name(path), diag_name(config), strerror(err));
		found = FAILED;
	}
	free(line);
	fclose(f);
	return found;
}

enum exit_status ecread_check(const char *path, const char *full, int *any)
{
	size_t n = strlen(full);
	char *p = xrealloc(NULL, n + sizeof "/" ECREAD_NAME);
	enum found found = ABSENT;

	*any = 0;
	memcpy(p, full, n + 1);
	while (found != ROOT && found != FAILED && n > 0) {
		while (n > 0 && p[n - 1] != '/')        /* up a directory */
			n--;
		if (n == 0)
			break;
		memcpy(p + n, ECREAD_NAME, sizeof ECREAD_NAME);
		found = read_config(path, p);
		*any |= found != ABSENT;
		n--;                                    /* past the slash */
	}
	free(p);
	return found == FAILED ? EXIT_IO : EXIT_OK;
}

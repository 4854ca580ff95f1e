/* ecread.c - reading .editorconfig files ahead of libeditorconfig.  See
 * ecread.h. */
#include "cli/ecread.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/dircache.h"

/* A line is read this much at a time; what a longer one says is not
 * looked at past its first piece (the library takes lines of up to 5,000
 * bytes or so, and refuses longer ones itself). */
#define LINE_PIECE 8192

/* The section names jfmt lets the library match: at most this long, with
 * at most this many wildcards (section_wildcards()).  The library turns
 * each name into a regular expression (PCRE2) and tries it on the file's
 * path, backtracking: the time grows as a power of the path's length, one
 * more for each wildcard that can take what its neighbour took, and
 * multiplies with each list whose alternatives match alike ({,}).
 * Measured with libeditorconfig 0.12.6 (PCRE2 10.42), a file 20
 * directories deep (136 bytes below the .editorconfig) and the slowest
 * arrangement, no section matching: 4 wildcards ([****.txt]) took 1 to 3
 * ms a file, 5 took 11 ms, 8 took 250 ms, and 1,000 ([*...*json], as
 * long a line as the library reads allows 4,000) 20 s; at 40 directories
 * (256 bytes), 9 to 18 ms for 4 and 50 ms for 5.  A name of 1,024 bytes
 * with 4 wildcards took 0.1 ms; common names, such as *.{json,jsonc,md}
 * or 4 wildcards with names between them, 0.05 ms.  (A file name made to
 * defeat a pattern costs more; PCRE2's match limit ends each try within
 * about 0.3 s.  So does each section: the library tries them all.) */
#define SECTION_NAME_MAX 1024
#define SECTION_WILDCARDS_MAX 4

/* What reading one .editorconfig found. */
enum found { ABSENT, READ, ROOT, FAILED };

/* What applies in a directory (dircache.h): whether an .editorconfig
 * there or above it does, or why one of them cannot be read. */
struct applies {
	int any;
	char *why;              /* the message after "FILE: ", or NULL */
};

/* The directories looked at so far: each is read once, however many
 * files are in it (main thread only, as settings.h is). */
static struct dircache dirs;

/* A message, formatted into memory of its own. */
static char *format(const char *fmt, ...) DIAG_PRINTF(1, 2);
static char *format(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xrealloc(NULL, n > 0 ? (size_t)n + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	va_end(ap);
	return s;
}

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

/* Where the `{` at s[0] is closed, in s[0..n): the offset of its `}`, or
 * 0 when it is not (a literal brace then). */
static size_t brace_end(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && --depth == 0)
			return i;
	}
	return 0;
}

/* Whether s[0..n) is a numeric range, as {1..10} holds one. */
static int is_range(const char *s, size_t n)
{
	size_t i = 0;

	for (int part = 0; part < 2; part++) {
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		size_t digits = strspn(s + i, "0123456789");
		if (digits == 0 || i + digits > n)
			return 0;
		i += digits;
		if (part == 0) {
			if (n - i < 2 || s[i] != '.' || s[i + 1] != '.')
				return 0;
			i += 2;
		}
	}
	return i == n;
}

/* What the list s[0..n) (inside its braces) adds to the wildcards: a
 * range, one; alternatives, one for each past the first, unless they are
 * all different plain names, which no two match alike. */
static size_t list_wildcards(const char *s, size_t n)
{
	/* (n is at most SECTION_NAME_MAX: so are the alternatives) */
	size_t start[SECTION_NAME_MAX + 1], len[SECTION_NAME_MAX + 1], k = 0;
	int plain = 1, depth = 0;

	start[0] = 0;
	for (size_t i = 0; i <= n && k <= SECTION_NAME_MAX; i++) {
		if (i < n && s[i] == '\\') {
			i++;
			plain = 0;
		} else if (i < n && strchr("*?[{", s[i])) {
			depth += s[i] == '{';
			plain = 0;
		} else if (i < n && s[i] == '}') {
			depth--;
		} else if (i == n || (s[i] == ',' && depth == 0)) {
			len[k] = i - start[k];
			plain &= len[k] > 0;
			if (++k <= SECTION_NAME_MAX)
				start[k] = i + 1;
		}
	}
	if (k == 1)
		return (size_t)is_range(s, n);
	for (size_t a = 0; plain && a < k; a++)
		for (size_t b = a + 1; plain && b < k; b++)
			plain = len[a] != len[b] || memcmp(s + start[a], s + start[b], len[a]) != 0;
	return plain ? 0 : k - 1;
}

/* The wildcards in the section name s[0..n): each `*` (`**` is two), and
 * what each {...} list adds (list_wildcards()). */
static size_t section_wildcards(const char *s, size_t n)
{
	size_t w = 0, end;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '*')
			w++;
		else if (s[i] == '{' && (end = brace_end(s + i, n - i)) > 0)
			w += list_wildcards(s + i + 1, end - 1);
	}
	return w;
}

/* Whether the section line `line` (at its `[`) of `config` names a
 * section the library matches in reasonable time; if not, *why says so. */
static int section_ok(const char *config, int lineno, const char *line, char **why)
{
	const char *name = line + 1, *close = strrchr(name, ']');
	size_t n = close ? (size_t)(close - name) : strcspn(name, "\r\n");
	size_t w = 0;

	if (n > SECTION_NAME_MAX)
		*why = format("%s, line %d: the section name is %zu bytes long; jfmt takes up "
			      "to %d, as libeditorconfig can take seconds a file to match longer "
			      "ones (--no-editorconfig leaves it aside)",
			      diag_name(config), lineno, n, SECTION_NAME_MAX);
	else if ((w = section_wildcards(name, n)) > SECTION_WILDCARDS_MAX)
		*why = format("%s, line %d: the section name has %zu wildcards; jfmt takes up "
			      "to %d, as libeditorconfig can take seconds a file to match more "
			      "(--no-editorconfig leaves it aside)",
			      diag_name(config), lineno, w, SECTION_WILDCARDS_MAX);
	return n <= SECTION_NAME_MAX && w <= SECTION_WILDCARDS_MAX;
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

/* Read the .editorconfig `config`; if it cannot be, *why says why. */
static enum found read_config(const char *config, char **why)
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
		*why = format("cannot read %s: %s (--no-editorconfig leaves it aside)",
			      diag_name(config), strerror(err));
		return FAILED;
	}
	char *line = xrealloc(NULL, LINE_PIECE);
	int preamble = 1, root = 0, line_start = 1, lineno = 0, refused = 0;
	while (!refused && fgets(line, LINE_PIECE, f)) {
		size_t n = strlen(line);
		const char *s = line + strspn(line, " \t");
		lineno += line_start;
		if (line_start && *s == '[') {
			preamble = 0;
			refused = !section_ok(config, lineno, s, why);
		} else if (line_start && preamble && says_root(s)) {
			root = 1;
		}
		line_start = n > 0 && line[n - 1] == '\n';
	}
	enum found found = refused ? FAILED : root ? ROOT : READ;
	if (!refused && ferror(f)) {
		int err = errno;
		if (err == ENOMEM)
			out_of_memory();
		*why = format("cannot read %s: %s (--no-editorconfig leaves it aside)",
			      diag_name(config), strerror(err));
		found = FAILED;
	}
	free(line);
	fclose(f);
	return found;
}

/* The answers that say no more than whether one applies, shared (most
 * directories'). */
static struct applies none = { 0, NULL }, some = { 1, NULL };

/* What was found in one directory not yet known (ecread_check()), and
 * what applies there. */
struct level {
	size_t len;             /* the directory is full[0..len) */
	enum found found;
	char *why;
	struct applies *a;
};

/* The directories above the first file's, answered but not yet kept:
 * only a file in another directory asks about them, and for one file,
 * keeping them cost a sixth of what it took to find them (seven
 * directories above the file: 5,300 instructions of 289,000). */
static struct {
	char *full;             /* the first file, whose directories they are */
	struct level *lv;
	size_t from, n;         /* lv[from..n) */
} held;
static int asked;           /* applies_to() was asked before */

/* Keep what `held` holds. */
static void keep_held(void)
{
	size_t n = held.full ? strlen(held.full) : 0;
	char *p = xrealloc(NULL, n + 1);

	for (size_t i = held.from; i < held.n; i++) {
		memcpy(p, held.full, held.lv[i].len);
		p[held.lv[i].len] = 0;
		dircache_put(&dirs, p, held.lv[i].a);
	}
	free(p);
	free(held.full);
	free(held.lv);
	held.full = NULL;
	held.lv = NULL;
	held.from = held.n = 0;
}

/* The answer for a directory where `found` was found, `above` being what
 * applies above it (or NULL); `why` is taken. */
static struct applies *answer(enum found found, char *why, const struct applies *above)
{
	int any = found != ABSENT;

	if (above && (found == READ || found == ABSENT)) {
		any |= above->any;
		if (!why && above->why)
			why = strcpy(xrealloc(NULL, strlen(above->why) + 1), above->why);
	}
	if (!why)
		return any ? &some : &none;
	struct applies *a = xrealloc(NULL, sizeof *a);
	*a = (struct applies){ any, why };
	return a;
}

/* What applies in the directory of `full` (a path from the root): the
 * directories from it up not yet known are read, up to one that is, one
 * that says root = true or cannot be read, or the root (""); then each
 * is answered from the top down, and kept (those above the first file's
 * directory once another is asked about). */
static const struct applies *applies_to(const char *full)
{
	size_t n = strlen(full), len = n, nl = 0, cap = 0;
	char *p = xrealloc(NULL, n + sizeof "/" ECREAD_NAME);
	struct level *lv = NULL;
	const struct applies *above = NULL;
	void *v;

	if (held.full)
		keep_held();

	while (len > 0 && full[len - 1] != '/')         /* the file's directory */
		len--;
	len -= len > 0;
	for (;;) {
		memcpy(p, full, len);   /* (each directory is the start of full) */
		p[len] = 0;
		if (dircache_get(&dirs, p, &v)) {
			above = v;
			break;
		}
		memcpy(p + len, "/" ECREAD_NAME, sizeof "/" ECREAD_NAME);
		lv = xgrow_array(lv, &cap, nl + 1, sizeof *lv);
		lv[nl].len = len;
		lv[nl].why = NULL;
		lv[nl].found = read_config(p, &lv[nl].why);
		if (lv[nl++].found == ROOT || lv[nl - 1].found == FAILED || len == 0)
			break;
		while (len > 0 && full[len - 1] != '/') /* up a directory */
			len--;
		len -= len > 0;
	}
	for (size_t i = nl; i-- > 0;)
		above = lv[i].a = answer(lv[i].found, lv[i].why, above);
	for (size_t i = 0; i < nl && (i == 0 || asked); i++) {
		memcpy(p, full, lv[i].len);
		p[lv[i].len] = 0;
		dircache_put(&dirs, p, lv[i].a);
	}
	free(p);
	if (!asked && nl > 1)           /* the file's directory's kept alone */
		held = (__typeof__(held)){ strcpy(xrealloc(NULL, n + 1), full), lv, 1, nl };
	else
		free(lv);
	asked = 1;
	return above;
}

enum exit_status ecread_check(const char *path, const char *full, int *any)
{
	const struct applies *a = applies_to(full);

	*any = a->any;
	if (a->why) {
		diag_error("%s: %s", diag_name(path), a->why);
		return EXIT_IO;
	}
	return EXIT_OK;
}

static void drop(void *answer)
{
	struct applies *a = answer;

	if (a != &none && a != &some) {
		free(a->why);
		free(a);
	}
}

void ecread_release(void)
{
	for (size_t i = held.from; i < held.n; i++)
		drop(held.lv[i].a);
	free(held.full);
	free(held.lv);
	held.full = NULL;
	held.lv = NULL;
	held.from = held.n = 0;
	asked = 0;
	dircache_release(&dirs, drop);
}

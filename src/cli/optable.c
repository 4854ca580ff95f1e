/* optable.c - the table of jfmt's options, and what is printed from it
 * (--help's option list, --list-options).  See optable.h. */
#include "cli/optable.h"

#include <stdio.h>
#include <string.h>

/* --help: where the descriptions start, and the indentation of the
 * option's names. */
#define HELP_COLUMN 24
#define HELP_INDENT 2

/* The configuration key of an option is "jfmt_" and its name, '-' made
 * '_'; each is written out in full below, so that a search finds it. */
const struct opt_row optable[] = {
	/* --- Layout --- */
	{ .name = "compact", .letter = 'c', .group = GROUP_INDENT, .flags = OPT_LAYOUT,
	  .config = "jfmt_compact", .heading = "Layout",
	  .help = "no white space inside values, one value per line" },
	{ .name = "indent", .id = OPT_INDENT, .value = OPT_VALUE, .arg = "N",
	  .examples = "0|4|8|16", .group = GROUP_INDENT, .flags = OPT_LAYOUT,
	  .config = "jfmt_indent", .fallback = "2",
	  .help = "indent by N spaces, 0 to 16 (default 2)" },
	{ .name = "tab", .letter = 't', .group = GROUP_INDENT, .flags = OPT_LAYOUT,
	  .config = "jfmt_tab",
	  .help = "indent with one tab per level" },
	{ .name = "width", .letter = 'w', .value = OPT_VALUE, .arg = "N",
	  .examples = "6|20|80", .flags = OPT_LAYOUT, .config = "jfmt_width", .fallback = "0",
	  .help = "arrays and objects that fit in N columns on one line" },
	{ .name = "sort-keys", .letter = 'S', .flags = OPT_LAYOUT, .config = "jfmt_sort_keys",
	  .help = "sort object members by key" },
	{ .name = "seq", .id = OPT_SEQ, .flags = OPT_LAYOUT, .config = "jfmt_seq",
	  .help = "RFC 7464 records: RS before each value" },
	{ .name = "blank-lines", .id = OPT_BLANK_LINES, .value = OPT_VALUE, .arg = "WHAT",
	  .words = "keep|drop", .noun = "blank-lines choice", .flags = OPT_LAYOUT,
	  .config = "jfmt_blank_lines",
	  .help = "keep (the default with --comments) one blank line\n"
		  "where the input has some between elements, or\n"
		  "drop them (the default for JSON; always with -c, -S)" },
	{ .name = "eol", .id = OPT_EOL, .value = OPT_VALUE, .arg = "EOL",
	  .words = "lf|crlf|auto", .noun = "line end", .flags = OPT_LAYOUT,
	  .config = "jfmt_eol", .fallback = "lf",
	  .help = "line ends: lf (default), crlf, or auto (each\n"
		  "input's first line end)" },
	{ .name = "final-newline", .id = OPT_FINAL_NEWLINE, .value = OPT_VALUE,
	  .arg = "yes|no", .words = "yes|no", .noun = "final-newline choice",
	  .flags = OPT_LAYOUT, .config = "jfmt_final_newline", .fallback = "yes",
	  .help = "end the output with a line end (yes, the default)\n"
		  "or not (no), whatever .editorconfig says" },
	{ .name = "style", .id = OPT_STYLE, .value = OPT_VALUE, .arg = "STYLE",
	  .words = "jfmt|prettier", .noun = "style", .flags = OPT_LAYOUT,
	  .config = "jfmt_style", .fallback = "jfmt",
	  .help = "the layout's rules: jfmt's (the default), or\n"
		  "prettier's" },
	{ .name = "bracket-spacing", .id = OPT_BRACKET_SPACING, .value = OPT_VALUE,
	  .arg = "yes|no", .words = "yes|no", .noun = "bracket-spacing choice",
	  .flags = OPT_LAYOUT, .config = "jfmt_bracket_spacing", .fallback = "yes",
	  .help = "with --style=prettier: a space inside the braces of\n"
		  "an object on one line (yes, the default) or not" },
	{ .name = "object-wrap", .id = OPT_OBJECT_WRAP, .value = OPT_VALUE, .arg = "WHAT",
	  .words = "preserve|collapse", .noun = "object-wrap choice",
	  .flags = OPT_LAYOUT, .config = "jfmt_object_wrap", .fallback = "preserve",
	  .help = "with --style=prettier: keep an object broken where\n"
		  "the input breaks it after its brace (preserve, the\n"
		  "default), or put it on one line if it fits" },
	{ .name = "trailing-commas", .id = OPT_TRAILING_COMMAS, .value = OPT_VALUE,
	  .arg = "WHICH", .words = "none|all", .noun = "trailing-commas choice",
	  .flags = OPT_LAYOUT, .config = "jfmt_trailing_commas",
	  .help = "with --style=prettier, in .jsonc files: a comma\n"
		  "after the last element of what is broken over lines\n"
		  "(all, the default) or none" },
	{ .name = "parser", .id = OPT_PARSER, .value = OPT_VALUE, .arg = "NAME",
	  .words = "json|jsonc|json-stringify", .noun = "parser",
	  .flags = OPT_LAYOUT, .config = "jfmt_parser",
	  .help = "with --style=prettier: lay each file out as prettier's\n"
		  "parser NAME does, whatever its name says" },

	/* --- Strings --- */
	{ .name = "ascii", .letter = 'a', .flags = OPT_LAYOUT, .config = "jfmt_ascii",
	  .heading = "Strings",
	  .help = "write non-ASCII characters as \\uXXXX escapes" },
	{ .name = "escape-slash", .id = OPT_ESCAPE_SLASH, .flags = OPT_LAYOUT,
	  .config = "jfmt_escape_slash",
	  .help = "write / as \\/" },
	{ .name = "keep-escapes", .id = OPT_KEEP_ESCAPES, .flags = OPT_LAYOUT,
	  .config = "jfmt_keep_escapes",
	  .help = "write each string as it stands in the input, its\n"
		  "escapes kept (-a and --escape-slash still apply\n"
		  "to the characters not escaped there)" },

	/* --- Colour --- */
	{ .letter = 'C', .heading = "Colour",
	  .help = "the same as --color=always" },
	{ .name = "color", .id = OPT_COLOR, .value = OPT_OPTIONAL_VALUE, .arg = "WHEN",
	  .words = "auto|always|never", .noun = "colour choice",
	  .help = "colour output: auto (default), always or never;\n"
		  "--color alone means always" },
	{ .name = "colour", .id = OPT_COLOR, .value = OPT_OPTIONAL_VALUE, .arg = "WHEN",
	  .words = "auto|always|never", .flags = OPT_ALIAS },
	{ .name = "monochrome", .letter = 'M',
	  .help = "the same as --color=never" },

	/* --- Input --- */
	{ .name = "comments", .id = OPT_COMMENTS, .flags = OPT_LAYOUT,
	  .config = "jfmt_comments", .heading = "Input",
	  .help = "JSONC: accept /* */ and // comments, kept where they\n"
		  "stand, and trailing commas" },
	{ .name = "jsonc", .id = OPT_COMMENTS, .flags = OPT_LAYOUT | OPT_ALIAS },
	{ .name = "strip-comments", .id = OPT_STRIP_COMMENTS, .flags = OPT_LAYOUT,
	  .config = "jfmt_strip_comments",
	  .help = "accept JSONC, and drop the comments" },
	{ .name = "validate", .letter = 'n',
	  .help = "validate only; write nothing" },
	{ .name = "keep-going", .letter = 'k',
	  .help = "report an invalid value, skip it and go on at the\n"
		  "next line that begins a value, or the next record" },
	{ .name = "single", .id = OPT_SINGLE,
	  .help = "each input is exactly one JSON text (RFC 8259): a\n"
		  "second value is an error" },
	{ .name = "progress", .id = OPT_PROGRESS,
	  .help = "show progress on a terminal's standard error" },
	{ .name = "recursive", .letter = 'r',
	  .help = "take the JSON and JSONC files in directories, and below" },
	{ .name = "exclude", .id = OPT_EXCLUDE, .value = OPT_VALUE, .arg = "GLOB",
	  .help = "with -r, skip the files and directories GLOB matches:\n"
		  "a name, or with a slash a path below the directory" },
	{ .name = "no-gitignore", .id = OPT_NO_GITIGNORE,
	  .help = "with -r, take the files git ignores too, without\n"
		  "asking git" },
	{ .name = "no-config", .id = OPT_NO_CONFIG, .flags = OPT_LAYOUT,
	  .help = "read no configuration file: neither .editorconfig\n"
		  "nor prettier's nor Biome's" },
	{ .name = "no-editorconfig", .id = OPT_NO_EDITORCONFIG, .flags = OPT_LAYOUT,
	  .help = "do not read .editorconfig files" },
	{ .name = "print-config", .id = OPT_PRINT_CONFIG, .value = OPT_VALUE, .arg = "FILE",
	  .help = "print the options that apply to FILE, with the file\n"
		  "and line each comes from, and exit" },
	{ .name = "stdin-filename", .id = OPT_STDIN_FILENAME, .value = OPT_VALUE,
	  .arg = "NAME",
	  .help = "call standard input NAME in messages and lists" },
	{ .name = "label", .id = OPT_STDIN_FILENAME, .value = OPT_VALUE, .arg = "NAME",
	  .flags = OPT_ALIAS },

	/* --- Checking --- */
	{ .name = "check", .id = OPT_CHECK, .heading = "Checking",
	  .help = "write nothing; name each FILE that is not exactly as\n"
		  "jfmt would write it, and exit 1 if any" },
	{ .name = "list", .letter = 'l',
	  .help = "name each FILE whose formatting differs (with -i:\n"
		  "each FILE rewritten); exit 0" },
	{ .name = "diff", .letter = 'd',
	  .help = "show how each FILE differs, as a unified diff; exit 1\n"
		  "if any does" },
	{ .name = "null", .letter = 'z',
	  .help = "with --check and -l: end each name with a NUL, not a\n"
		  "newline, and write it unquoted (for xargs -0)" },

	/* --- Output --- */
	{ .name = "output", .letter = 'o', .value = OPT_VALUE, .arg = "FILE",
	  .heading = "Output",
	  .help = "write to FILE, replacing it only on success" },
	{ .name = "in-place", .letter = 'i',
	  .help = "rewrite each FILE in place, keeping it on failure;\n"
		  "a FILE already formatted is left untouched" },
	{ .name = "buffer-size", .id = OPT_BUFFER_SIZE, .value = OPT_VALUE, .arg = "SIZE",
	  .help = "hold each value back until it is complete, up to\n"
		  "SIZE bytes (K, M, G; default 4M; 0 streams)" },
	{ .name = "jobs", .letter = 'j', .value = OPT_VALUE, .arg = "N",
	  .help = "format several FILEs, and each large one, on N\n"
		  "threads, writing the same bytes (default: one per\n"
		  "CPU; a single FILE from 4 MiB up)" },

	{ .name = "help", .letter = 'h', .heading = "",
	  .help = "show this help and exit" },
	{ .name = "version", .letter = 'V',
	  .help = "show the version and exit" },
	{ .name = "list-options", .id = OPT_LIST_OPTIONS,
	  .help = "list every option, one a line, in tab-separated\n"
		  "fields (see the man page), and exit" },
};

const size_t optable_rows = sizeof optable / sizeof *optable;
_Static_assert(sizeof optable / sizeof *optable <= OPTABLE_MAX,
	       "optable[] has outgrown OPTABLE_MAX: raise it");

const struct opt_row *optable_by_id(int id)
{
	for (size_t i = 0; i < optable_rows; i++)
		if (optable_id(&optable[i]) == id)
			return &optable[i];
	return NULL;
}

const struct opt_row *optable_by_config(const char *key)
{
	for (size_t i = 0; i < optable_rows; i++)
		if (optable[i].config && strcmp(optable[i].config, key) == 0)
			return &optable[i];
	return NULL;
}

int optable_word(const struct opt_row *row, const char *word)
{
	size_t n = strlen(word);
	int k = 0;

	for (const char *w = row->words; w; k++) {
		const char *bar = strchr(w, '|');
		size_t len = bar ? (size_t)(bar - w) : strlen(w);
		if (len == n && memcmp(w, word, n) == 0)
			return k;
		w = bar ? bar + 1 : NULL;
	}
	return -1;
}

int optable_example(const struct opt_row *row, int k, char *buf, size_t size)
{
	const char *list = row->examples ? row->examples : row->words;
	int n = 0;

	for (const char *w = list; w; n++) {
		const char *bar = strchr(w, '|');
		int len = bar ? (int)(bar - w) : (int)strlen(w);
		if (n == k)
			snprintf(buf, size, "%.*s", len, w);
		w = bar ? bar + 1 : NULL;
	}
	return n;
}

void optable_expected(const struct opt_row *row, char *buf, size_t size)
{
	size_t len = 0, words = 1, k = 0;

	for (const char *w = row->words; (w = strchr(w, '|')) != NULL; w++)
		words++;
	buf[0] = 0;
	for (const char *w = row->words; w && len < size; k++) {
		const char *bar = strchr(w, '|');
		int n = bar ? (int)(bar - w) : (int)strlen(w);
		const char *sep = k == 0 ? "" : k + 1 == words ? " or " : ", ";
		len += (size_t)snprintf(buf + len, size - len, "%s%.*s", sep, n, w);
		w = bar ? bar + 1 : NULL;
	}
}

/* The option's names as --help shows them: "-c, --compact",
 * "    --indent=N", "-C"; an alias row after it adds ", --jsonc". */
static int help_names(char *buf, size_t size, const struct opt_row *row)
{
	static const char *const forms[] = { "", "=%s", "[=%s]" };
	int n = snprintf(buf, size, "%*s", HELP_INDENT, "");

	for (const struct opt_row *r = row; r < optable + optable_rows; r++) {
		if (r != row && !(r->flags & OPT_ALIAS))
			break;
		if (r == row && r->letter)
			n += snprintf(buf + n, size - (size_t)n, r->name ? "-%c, " : "-%c", r->letter);
		else if (r == row)
			n += snprintf(buf + n, size - (size_t)n, "    ");
		else
			n += snprintf(buf + n, size - (size_t)n, ", ");
		if (r->name) {
			n += snprintf(buf + n, size - (size_t)n, "--%s", r->name);
			n += snprintf(buf + n, size - (size_t)n, forms[r->value], r->arg);
		}
	}
	return n;
}

void optable_print_help(FILE *out)
{
	char names[128];

	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *row = &optable[i];
		if (row->heading)
			fprintf(out, *row->heading ? "%s:\n" : "\n", row->heading);
		if (row->flags & (OPT_HIDDEN | OPT_ALIAS))
			continue;
		int n = help_names(names, sizeof names, row);
		/* names too long for the column: the description below them */
		if (n > HELP_COLUMN - 2)
			fprintf(out, "%s\n%*s", names, HELP_COLUMN, "");
		else
			fprintf(out, "%-*s", HELP_COLUMN, names);
		for (const char *p = row->help; *p;) {
			size_t len = strcspn(p, "\n");
			fprintf(out, "%.*s\n", (int)len, p);
			p += len;
			if (*p && *++p)
				fprintf(out, "%*s", HELP_COLUMN, "");
		}
	}
}

void optable_print_list(FILE *out)
{
	static const char *const values[] = { "none", "required", "optional" };

	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *r = &optable[i];
		const char *examples = r->examples ? r->examples : r->words;
		char flags[32];
		snprintf(flags, sizeof flags, "%s%s%s",
			 r->flags & OPT_LAYOUT ? ",layout" : "",
			 r->flags & OPT_HIDDEN ? ",hidden" : "",
			 r->flags & OPT_ALIAS ? ",alias" : "");
		fprintf(out, "%s\t%c\t%s\t%s\t%s\t%s\t%s\n", r->name ? r->name : "-",
			r->letter ? r->letter : '-', values[r->value],
			r->words ? r->words : "-", examples ? examples : "-",
			flags[0] ? flags + 1 : "-", r->config ? r->config : "-");
	}
}

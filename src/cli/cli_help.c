/* cli_help.c - what --help and --version print (cli.h). */
#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_version.h>

#include "base/diag.h"
#include "cli/editorconfig.h"

/* The Makefile passes the version from the file VERSION; this fallback
 * only names a build made some other way. */
#ifndef JFMT_VERSION
#define JFMT_VERSION "unknown"
#endif

static const char help_text[] =
"usage: jfmt [-aCcdhiklMnrStVz] [--indent=N] [-j N] [-o FILE] [-w N] [FILE ...]\n"
"Reformat JSON: pretty-print (the default) or compact it, exactly.\n"
"With no FILE, or when FILE is -, read standard input.\n"
"With -r, a directory FILE stands for its JSON and JSONC files, found in it\n"
"and below (not in .git or node_modules, nor what git ignores).  Files that\n"
"VS Code reads as JSONC by name (tsconfig.json, .vscode/*.json, *.jsonc...)\n"
"are read as with --comments.  .editorconfig sets each FILE's indentation,\n"
"line ends and final newline, unless the command line says otherwise.\n"
"\n"
"Layout:\n"
"  -c, --compact         no white space inside values, one value per line\n"
"      --indent=N        indent by N spaces, 0 to 16 (default 2)\n"
"  -t, --tab             indent with one tab per level\n"
"  -w, --width=N         arrays and objects that fit in N columns on one line\n"
"  -S, --sort-keys       sort object members by key\n"
"      --seq             RFC 7464 records: RS before each value\n"
"      --blank-lines=WHAT  keep (the default with --comments) one blank line\n"
"                        where the input has some between elements, or\n"
"                        drop them (the default for JSON; always with -c, -S)\n"
"      --eol=EOL         line ends: lf (default), crlf, or auto (each\n"
"                        input's first line end)\n"
"Strings:\n"
"  -a, --ascii           write non-ASCII characters as \\uXXXX escapes\n"
"      --escape-slash    write / as \\/\n"
"      --keep-escapes    write each string as it stands in the input, its\n"
"                        escapes kept (-a and --escape-slash still apply\n"
"                        to the characters not escaped there)\n"
"Colour:\n"
"  -C, --color[=WHEN]    colour output: auto (default), always or never;\n"
"                        -C and --color alone mean always\n"
"  -M, --monochrome      the same as --color=never\n"
"Input:\n"
"      --comments, --jsonc\n"
"                        JSONC: accept /* */ and // comments, kept where they\n"
"                        stand, and trailing commas\n"
"      --strip-comments  accept JSONC, and drop the comments\n"
"  -n, --validate        validate only; write nothing\n"
"  -k, --keep-going      report an invalid value, skip it and go on at the\n"
"                        next line that begins a value, or the next record\n"
"      --single          each input is exactly one JSON text (RFC 8259): a\n"
"                        second value is an error\n"
"      --progress        show progress on a terminal's standard error\n"
"  -r, --recursive       take the JSON and JSONC files in directories, and below\n"
"      --exclude=GLOB    with -r, skip the files and directories GLOB matches:\n"
"                        a name, or with a slash a path below the directory\n"
"      --no-gitignore    with -r, take the files git ignores too, without\n"
"                        asking git\n"
"      --no-editorconfig  do not read .editorconfig files\n"
"      --stdin-filename=NAME, --label=NAME\n"
"                        call standard input NAME in messages and lists\n"
"Checking:\n"
"      --check           write nothing; name each FILE that is not exactly as\n"
"                        jfmt would write it, and exit 1 if any\n"
"  -l, --list            name each FILE whose formatting differs (with -i:\n"
"                        each FILE rewritten); exit 0\n"
"  -d, --diff            show how each FILE differs, as a unified diff; exit 1\n"
"                        if any does\n"
"  -z, --null            with --check and -l: end each name with a NUL, not a\n"
"                        newline, and write it unquoted (for xargs -0)\n"
"Output:\n"
"  -o, --output=FILE     write to FILE, replacing it only on success\n"
"  -i, --in-place        rewrite each FILE in place, keeping it on failure;\n"
"                        a FILE already formatted is left untouched\n"
"      --buffer-size=SIZE  hold each value back until it is complete, up to\n"
"                        SIZE bytes (K, M, G; default 4M; 0 streams)\n"
"  -j, --jobs=N          format each large FILE on N threads, writing the\n"
"                        same bytes (default: one per CPU, from 4 MiB up)\n"
"\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Exit status: 0 ok, 1 invalid JSON (or, with --check and --diff, not\n"
"formatted), 2 usage error, 3 I/O error.\n"
"Environment: NO_COLOR (non-empty) turns colour off for --color=auto;\n"
"JFMT_COLORS sets the colours.  See 'man jfmt' for details.\n";

static _Noreturn void print_and_exit(const char *text)
{
	fputs(text, stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		diag_fatal(EXIT_IO, "write error: %s", strerror(errno));
	exit(EXIT_OK);
}

void cli_print_version(void)
{
	char text[1024], library[512];
	int v = yajl_version();
	int loaded = editorconfig_library(library, sizeof library) == 0;
	snprintf(text, sizeof text, "jfmt %s (yajl %d.%d.%d)\n%s%s%s\n", JFMT_VERSION,
		 v / 10000, v / 100 % 100, v % 100,
		 loaded ? ".editorconfig: read (" : ".editorconfig: cannot be read (",
		 library,
		 loaded ? "); --no-editorconfig turns it off" :
		 "): a file with one fails; --no-editorconfig leaves them aside");
	print_and_exit(text);
}

void cli_print_help(void)
{
	print_and_exit(help_text);
}

/* cli_help.c - what --help, --version and --list-options print (cli.h);
 * the options' lines come from their table (optable.h). */
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
"are read as with --comments.  .editorconfig (with jfmt's own keys, such as\n"
"jfmt_indent) sets each FILE's options, unless the command line says\n"
"otherwise: --print-config FILE shows what applies, and where it comes from.\n"
"\n"
/* (the options, from optable.h, go here) */;

static const char help_end[] =
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
	fputs(help_text, stdout);
	optable_print_help(stdout);
	print_and_exit(help_end);
}

void cli_print_options(void)
{
	optable_print_list(stdout);
	print_and_exit("");
}

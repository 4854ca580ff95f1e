/* editorconfig.h - what the .editorconfig files that apply to a file say
 * of its layout, read by libeditorconfig (https://editorconfig.org): the
 * format is someone else's, so is its parser.
 *
 * The library finds the .editorconfig files from the file's directory up,
 * nearest first, stopping after one that says root = true, and matches
 * each section's glob as the EditorConfig specification defines; where
 * several set a property, the nearest wins.  It also resolves
 * indent_size = tab to tab_width.  jfmt reads those files first itself
 * (ecread.h): one that cannot be read is an error, where the library would
 * skip it.  Of their properties jfmt takes:
 *
 *  - indent_style = tab: one tab per level; = space: spaces;
 *  - indent_size = N (0 to FORMAT_INDENT_MAX): N spaces per level;
 *  - insert_final_newline = false: no newline after the file's last value;
 *  - end_of_line = lf or crlf: the line ends, as --eol (cr is not one jfmt
 *    writes).
 *
 * Other values, and other properties (tab_width alone, charset,
 * max_line_length...), are not used.
 */
#ifndef JFMT_EDITORCONFIG_H
#define JFMT_EDITORCONFIG_H

#include <stddef.h>

#include "base/status.h"
#include "style/options.h"

struct file_style {
	char indent_char;       /* '\t' or ' ', or 0: not said */
	int indent;             /* spaces per level, or -1: not said */
	int final_newline;      /* 0 or 1, or -1: not said */
	int eol;                /* EOL_LF or EOL_CRLF, or -1: not said */
};

/**
 * Fill in `st` for the file at `path` (which need not exist: standard
 * input's --stdin-filename).  If an .editorconfig that applies cannot be
 * read or parsed, says so, naming `path`, and returns EXIT_IO; else
 * EXIT_OK.
 */
enum exit_status editorconfig_style(const char *path, struct file_style *st);

/**
 * The library that reads .editorconfig files, for --version: writes its
 * name and version into buf ("libeditorconfig 0.12.6") and returns 0, or
 * why it could not be loaded and returns -1.  The library is loaded the
 * first time a file has an .editorconfig above it, or here, and not
 * before; when it cannot be, editorconfig_style() says so, naming the
 * file, and returns EXIT_IO.
 */
int editorconfig_library(char *buf, size_t size);

#endif

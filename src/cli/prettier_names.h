/* prettier_names.h - which of its JSON parsers prettier 3 picks for a file
 * by its name, for --style=prettier: the parser decides the layout
 * (json-stringify's expands every container) and whether a trailing comma
 * may be written (jsonc's).
 */
#ifndef JFMT_PRETTIER_NAMES_H
#define JFMT_PRETTIER_NAMES_H

enum prettier_parser {
	PARSER_JSON,            /* any other name */
	PARSER_JSONC,           /* JSON with Comments's extensions: .jsonc,
				 * .code-workspace, .sublime-settings, ... */
	PARSER_JSON_STRINGIFY,  /* package.json, package-lock.json,
				 * composer.json, *.importmap */
};

/** The parser prettier gives the file `path` (its last component counts). */
enum prettier_parser prettier_parser_for(const char *path);

#endif

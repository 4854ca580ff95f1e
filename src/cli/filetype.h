/* filetype.h - what a file's name says it holds: JSONC, as editors read
 * it by name, or JSON, or neither; -r takes the first two.
 *
 * The names read as JSONC (man/jfmt.1 lists them, FILES READ AS JSONC) are
 * VS Code's own associations of the "jsonc" language, from its json,
 * configuration-editing and typescript-basics extensions (and .code-snippets,
 * its snippet files); the filenames and extensions of GitHub linguist's
 * "JSON with Comments", which is how GitHub shows them; and the
 * configuration files of tools known to allow comments (tslint.json,
 * api-extractor.json, turbo.json, deno.json, biome.json).  Names are
 * compared as they are, case and all.
 */
#ifndef JFMT_FILETYPE_H
#define JFMT_FILETYPE_H

/**
 * Whether the file at `path` is read as JSONC by its name.  Only the last
 * component of `path` counts, and the one before it for .vscode/'s files;
 * a bare name counts as in the current directory.
 */
int filetype_jsonc(const char *path);

/** Whether -r takes the file at `path`: a name ending in .json, or one
 * read as JSONC. */
int filetype_taken(const char *path);

#endif

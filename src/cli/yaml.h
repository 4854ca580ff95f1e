/* yaml.h - a configuration file in YAML (.prettierrc, .prettierrc.yaml,
 * package.yaml) read into a tree (conftree.h) by libyaml
 * (https://pyyaml.org/wiki/LibYAML), which jfmt loads (dlopen) the first
 * time a YAML file must be read, not at start-up.
 *
 * The first document is read.  Plain scalars are resolved as YAML 1.2's
 * core schema has them (prettier's YAML reader does the same): true and
 * false (any case of those words), null, ~ and nothing are null, numbers
 * are numbers; a quoted scalar is always a string.  Anchors and aliases
 * are not taken.
 */
#ifndef JFMT_YAML_H
#define JFMT_YAML_H

#include "base/status.h"
#include "cli/conftree.h"

/* The library loaded, by its soname. */
#ifndef YAML_LIBRARY
#define YAML_LIBRARY "libyaml-0.so.2"
#endif

/**
 * Read the file at `path` (named `name` in messages) as YAML into `d`.
 * Returns EXIT_OK; EXIT_USAGE if it is not valid YAML, or jfmt cannot
 * take it (an alias), or libyaml cannot be loaded (reported, with the
 * place); EXIT_IO if it cannot be read (reported).
 */
enum exit_status yaml_read(struct conf_doc *d, const char *path, const char *name);

#endif

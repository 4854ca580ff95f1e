/* cli_color.c - the colours of --color (cli.h): whether they are on (the
 * --color choice, a terminal, NO_COLOR, the output's kind) and what they
 * are (the defaults, JFMT_COLORS). */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

static const char *const default_colors[COLOR_CLASSES] = {
	"0;90", "0;39", "0;39", "0;39", "0;32", "1;39", "1;39", "34;1",
};

static int valid_sgr(const char *s, size_t n)
{
	if (n == 0 || n > COLOR_SEQ_MAX - 4)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] >= '0' && s[i] <= '9') && s[i] != ';')
			return 0;
	return 1;
}

static void set_color(struct format_options *f, int cls, const char *sgr, size_t n)
{
	snprintf(f->color_seq[cls], COLOR_SEQ_MAX, "\033[%.*sm", (int)n, sgr);
}

/* JFMT_COLORS: up to eight SGR parameter lists separated by ':', in the
 * order null:false:true:numbers:strings:arrays:objects:keys; an empty
 * field keeps the default.  A bad field, or a ninth, makes the whole of
 * it ignored, with a warning. */
static void load_colors(struct format_options *f, const char *spec)
{
	for (int i = 0; i < COLOR_CLASSES; i++)
		set_color(f, i, default_colors[i], strlen(default_colors[i]));
	if (!spec)
		return;
	const char *p = spec;
	for (int i = 0;; i++) {
		if (i == COLOR_CLASSES) {
			diag_error("ignoring invalid JFMT_COLORS: more than %d fields",
				   COLOR_CLASSES);
			load_colors(f, NULL);
			return;
		}
		size_t n = strcspn(p, ":");
		if (n > 0 && !valid_sgr(p, n)) {
			diag_error("ignoring invalid JFMT_COLORS");
			load_colors(f, NULL);
			return;
		}
		if (n > 0)
			set_color(f, i, p, n);
		p += n;
		if (*p != ':')
			return;
		p++;
	}
}

void cli_setup_color(struct cli *cli, int stdout_is_tty)
{
	const char *no_color = getenv("NO_COLOR");
	int on = cli->color == COLOR_ALWAYS ||
		(cli->color == COLOR_AUTO && stdout_is_tty && !(no_color && *no_color));

	if (cli->output || cli->validate || cli_compares(cli))
		on = 0;
	cli->fmt.color = on;
	if (on)
		load_colors(&cli->fmt, getenv("JFMT_COLORS"));
}

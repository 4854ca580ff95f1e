/* options.h - what the user asked of the output: struct format_options,
 * filled in by the command line (cli/) and read by every floor that
 * writes: the layout style (style.h) is built from it, and the formatter
 * (layout/) and --width follow it.
 */
#ifndef JFMT_OPTIONS_H
#define JFMT_OPTIONS_H

/* Colour classes, in the order JFMT_COLORS lists them. */
enum color_class {
	COLOR_NULL, COLOR_FALSE, COLOR_TRUE, COLOR_NUMBER, COLOR_STRING,
	COLOR_ARRAY, COLOR_OBJECT, COLOR_KEY, COLOR_CLASSES
};

#define COLOR_SEQ_MAX 32

/* The widest indentation per level, in spaces. */
#define FORMAT_INDENT_MAX 16

/* --eol: the line end written. */
enum eol_choice {
	EOL_LF,                 /* '\n', the default */
	EOL_CRLF,               /* CR LF */
	EOL_AUTO,               /* each input's first line end (sink.h) */
};

/* --style: whose layout. */
enum format_style {
	FORMAT_STYLE_JFMT,      /* jfmt's own, the default */
	FORMAT_STYLE_PRETTIER,  /* prettier 3's (width/prettier.h) */
};

/* --style=prettier's width and indentation where none is given: prettier's
 * printWidth and tabWidth defaults. */
#define PRETTIER_WIDTH 80
#define PRETTIER_TAB_COLUMNS 2

struct format_options {
	int compact;            /* no whitespace inside values */
	int indent;             /* spaces (or tabs) per level, 0 to FORMAT_INDENT_MAX */
	char indent_char;       /* ' ' or '\t' */
	int sort_keys;          /* sort object members by key bytes */
	int escape_mode;        /* ESCAPE_* flags */
	int keep_escapes;       /* strings written as they stand in the input,
				 * escapes kept (escape_mode still applies to
				 * the characters not escaped there) */
	int seq;                /* RFC 7464: RS before each value */
	enum eol_choice eol;    /* --eol */
	int comments;           /* keep the input's comments (placement.h) */
	int blank_lines;        /* keep one blank line where the input has
				 * blank lines between elements (placement.h;
				 * never with compact or sort_keys) */
	int color;              /* wrap tokens in colour escapes */
	int width;              /* --width: 0, or columns (not when compact) */
	int style;              /* --style: FORMAT_STYLE_* */
	int bracket_spacing;    /* --bracket-spacing=yes: `{ "a": 1 }` */
	int object_wrap_collapse; /* --object-wrap=collapse */
	int trailing_commas;    /* --trailing-commas=all (this input takes
				 * them: prettier's jsonc files) */
	int comments_alone;     /* --style=prettier: an input of comments
				 * and no value is written (prettier's jsonc
				 * parser), not refused (its json parser) */
	int expand_all;         /* --style=prettier, for a file prettier
				 * writes with JSON.stringify's layout
				 * (package.json): every container expanded */
	int general_only;       /* every layout fast path off, and the
				 * reader's (sink.no_shortcuts): the
				 * referee (make general; format_plain()) */
	char color_seq[COLOR_CLASSES][COLOR_SEQ_MAX]; /* "\033[...m" each */
};

/* Whether what stands between the input's tokens, its comments or its
 * blank lines, is written (placement.h). */
static inline int format_places(const struct format_options *opt)
{
	return opt->comments || opt->blank_lines;
}

#endif

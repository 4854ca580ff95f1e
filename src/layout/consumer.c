/* consumer.c - which consumer the options ask for.  See consumer.h. */
#include "layout/consumer.h"

#include "layout/prettier_format.h"
#include "layout/width_format.h"

void consumer_init(struct formatter *f, const struct format_options *opt,
		   const struct feed_hooks *hooks)
{
	if (opt->style == FORMAT_STYLE_PRETTIER)
		prettier_format_init(f, opt, hooks);
	else if (format_uses_width(opt))
		width_format_init(f, opt, hooks);
	else
		format_init(f, opt, hooks);
}

void consumer_sink(struct formatter *f, struct sink *sink)
{
	if (f->opt->style == FORMAT_STYLE_PRETTIER)
		prettier_format_sink(f, sink);
	else if (format_uses_width(f->opt))
		width_format_sink(f, sink);
	else
		format_sink(f, sink);
}

void consumer_release(struct formatter *f)
{
	if (f->opt->style == FORMAT_STYLE_PRETTIER)
		prettier_format_release(f);
	else if (format_uses_width(f->opt))
		width_format_release(f);
	else
		format_release(f);
}

int consumer_cuts(const struct format_options *opt)
{
	return opt->style != FORMAT_STYLE_PRETTIER;
}

int consumer_width(const struct format_options *opt)
{
	return format_uses_width(opt) ? opt->width : 0;
}

void consumer_element_next(struct formatter *f)
{
	if (format_uses_width(f->opt))
		width_format_element_next(f);
}

# bash completion for jfmt
#
# Installed as share/bash-completion/completions/jfmt, where bash-completion
# loads it on first use; it can also be sourced on its own.  It completes
# the long options, the values of --color/--colour and --indent (also
# after `--indent ` as a word of its own), file names for the operands and
# the options that take one, and nothing for the other values.

# Every long option, one a line (add a new option here).  A trailing '='
# marks an option whose value must follow it in the same word.
_jfmt_long_options='
	--ascii
	--blank-lines=
	--buffer-size=
	--check
	--color
	--colour
	--comments
	--compact
	--diff
	--eol=
	--escape-slash
	--exclude=
	--final-newline=
	--bracket-spacing=
	--object-wrap=
	--parser=
	--style=
	--trailing-commas=
	--keep-escapes
	--help
	--in-place
	--indent=
	--jobs=
	--jsonc
	--keep-going
	--label=
	--list
	--list-options
	--monochrome
	--no-config
	--no-editorconfig
	--no-gitignore
	--null
	--output=
	--print-config=
	--progress
	--recursive
	--seq
	--single
	--sort-keys
	--stdin-filename=
	--strip-comments
	--tab
	--validate
	--version
	--width=
'

# _jfmt_takes_value OPTION: whether OPTION takes a value in the next word.
_jfmt_takes_value() {
	case $1 in
	-o | -w | --buffer-size | --eol | --exclude | --final-newline | --indent | --label | \
		--output | --print-config | --stdin-filename | --width | --style | --bracket-spacing | \
		--object-wrap | --trailing-commas | --parser) return 0 ;;
	esac
	return 1
}

# _jfmt_values OPTION: the values OPTION takes, or nothing.
_jfmt_values() {
	case $1 in
	--color | --colour) echo 'auto always never' ;;
	--eol) echo 'lf crlf auto' ;;
	--blank-lines) echo 'keep drop' ;;
	--final-newline | --bracket-spacing) echo 'yes no' ;;
	--style) echo 'jfmt prettier' ;;
	--object-wrap) echo 'preserve collapse' ;;
	--trailing-commas) echo 'none all' ;;
	--parser) echo 'json jsonc json-stringify' ;;
	--indent) echo '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16' ;;
	esac
}

_jfmt() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' opt='' value
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()

	# bash splits "--color=al" into "--color" "=" "al" when '=' is in
	# COMP_WORDBREAKS (the default), and leaves it whole otherwise.
	if [[ $cur == = ]]; then
		opt=$prev cur=''
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*} cur=${cur#*=}
		value=$opt=
	elif _jfmt_takes_value "$prev"; then
		opt=$prev
	fi

	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		[[ ${COMP_WORDS[i]} == -- ]] && opt=-- && break
	done

	if [[ -n $opt && $opt != -- ]]; then
		local values
		values=$(_jfmt_values "$opt")
		if [[ -n $values ]]; then
			mapfile -t COMPREPLY < <(compgen -P "${value-}" -W "$values" -- "$cur")
			return
		fi
		if [[ $opt == @(-o|--output|--print-config|--stdin-filename|--label) ]]; then
			compopt -o filenames 2>/dev/null
			mapfile -t COMPREPLY < <(compgen -f -P "${value-}" -- "$cur")
		fi
		return
	fi

	if [[ $cur == -* && $opt != -- ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$_jfmt_long_options" -- "$cur")
		[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] &&
			compopt -o nospace 2>/dev/null
		return
	fi

	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _jfmt jfmt

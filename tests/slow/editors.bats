#!/usr/bin/env bats
# slow/editors.bats - the editor recipes users copy, editors/jfmt.vim and
# editors/jfmt.el, loaded as they are into a headless Vim (vim -es) and
# Emacs (emacs --batch), with the jfmt under test first on PATH: a valid
# buffer is formatted, an invalid one is left byte for byte as it was with
# jfmt's message shown, the cursor stays on its line, a buffer already
# formatted is not touched.  Each test skips when its editor is absent
# (Debian: apt-get install vim-nox neovim emacs-nox).

load ../test_helper

EDITORS="$BATS_TEST_DIRNAME/../../editors"

# The same document twice: indented by 4 (as a person or another tool wrote
# it) and as jfmt writes it.  Line 6 is "b" in both.
FOUR='{
    "a": [
        1,
        2
    ],
    "b": {
        "c": "d"
    }
}
'
# Invalid: a missing comma on line 3.
BAD='[
1,
2 3]
'

setup() {
	setup_work || return 1
	# the editors run `jfmt`: the one under test
	jfmt_on_path
	put four.json "$FOUR"
	"$JFMT" four.json >want.json
	put bad.json "$BAD"
	cp bad.json bad.orig
}

# --- Vim ---

need_vim() {
	command -v vim >/dev/null 2>&1 && vim --version | grep -q '+eval' ||
		skip "vim with +eval is not installed (apt-get install vim-nox)"
}

# vim_do FILE EXCMD...: open FILE in a headless Vim ($VIM_PROG, default
# vim) with filetype detection on and editors/jfmt.vim sourced, run each
# EXCMD, write the buffer's state to the file state (cursor line,
# 'modified', change number, the message kept, :messages), then quit
# without saving.
vim_do() {
	local file=$1 a
	shift
	local args=(-Nu NONE -i NONE -es -c 'filetype on' -c "source $EDITORS/jfmt.vim" -c "edit $file")
	for a; do
		args+=(-c "$a")
	done
	args+=(-c 'call writefile(["line=" . line("."), "modified=" . &modified, "changes=" . changenr(), "error=" . get(b:, "jfmt_error", "")] + split(execute("messages"), "\n"), "state")')
	args+=(-c 'qa!')
	"${VIM_PROG:-vim}" "${args[@]}"
}

@test "vim: :Jfmt formats the buffer and keeps the cursor on its line" {
	need_vim
	run -0 vim_do four.json 'call cursor(6, 5)' 'Jfmt' 'w! out.json'
	same_bytes want.json out.json
	grep -qx 'line=6' state
	grep -qx 'modified=1' state
	grep -qx 'error=' state
	# the Vim's shell ran the jfmt under test
	run -0 vim -Nu NONE -i NONE -es -c 'call writefile([exepath("jfmt")], "which")' -c 'qa!'
	[ "$(cat which)" = "$T/bin/jfmt" ]
}

@test "vim: :Jfmt on invalid JSON leaves the buffer as it was and shows the message" {
	need_vim
	run -0 vim_do bad.json 'call cursor(2, 1)' 'Jfmt' 'w! out.json'
	same_bytes bad.orig out.json
	same_bytes bad.orig bad.json
	grep -qx 'line=2' state
	grep -qx 'modified=0' state
	grep -qx 'changes=0' state
	# the first line of the message in :messages, all of it in b:jfmt_error
	grep -qxF "jfmt: bad.json:3:3: missing ',' between array elements" state
	grep -qxF "error=jfmt: bad.json:3:3: missing ',' between array elements" state
	grep -qxF '    2 3]' state
}

@test "vim: a buffer already formatted is not changed, not even in its undo list" {
	need_vim
	run -0 vim_do want.json 'Jfmt'
	grep -qx 'modified=0' state
	grep -qx 'changes=0' state
}

@test "vim: gq in a json buffer goes through jfmt, and keeps invalid lines" {
	need_vim
	run -0 vim_do four.json 'normal! gggqG' 'w! out.json'
	same_bytes want.json out.json
	# Vim's own formatting would join the lines: here nothing moves
	run -0 vim_do bad.json 'normal! gggqG' 'w! out.json'
	same_bytes bad.orig out.json
	grep -qx 'changes=0' state
	grep -qF "jfmt: bad.json:3:3: missing ','" state
}

@test "vim: a jsonc buffer (tsconfig.json) keeps its comments" {
	need_vim
	put tsconfig.json $'// build\n{"compilerOptions": {"strict": true, /* on */},}\n'
	"$JFMT" --comments tsconfig.json >want.jsonc
	run -0 vim_do tsconfig.json 'Jfmt' 'w! out.json'
	same_bytes want.jsonc out.json
}

@test "vim: a range is formatted in place, indented like its first line" {
	need_vim
	put part.json $'[\n  {"x": 1, "y": [1, 2]},\n  {"x": 2}\n]\n'
	run -0 vim_do part.json '3Jfmt' 'w! out.json'
	put want.json $'[\n  {"x": 1, "y": [1, 2]},\n  {\n    "x": 2\n  }\n]\n'
	same_bytes want.json out.json
	# a range that is not whole JSON values is left alone; the message
	# gives the line in the file
	run -0 vim_do part.json '2Jfmt' 'w! out.json'
	same_bytes part.json out.json
	grep -qF "jfmt: part.json:2:24: unexpected ','" state
}

# project: proj/sub, whose .editorconfig (in proj) indents JSON by 4, and
# proj/sub/part.json, indented so, its last element on one line.
project() {
	mkdir -p proj/sub
	put proj/.editorconfig $'root = true\n[*.json]\nindent_size = 4\n'
	put proj/sub/part.json $'[\n    {"x": 1},\n    {"x": 2}\n]\n'
	put want.json $'[\n    {"x": 1},\n    {\n        "x": 2\n    }\n]\n'
	put want4.json $'[\n    1,\n    {\n        "a": 2\n    }\n]\n'
}

@test "vim: the file's configuration applies, to a buffer not saved and to a range" {
	need_vim
	project
	# a new file, never saved
	run -0 vim_do proj/sub/new.json 'call setline(1, ["[1, {\"a\": 2}]"])' 'Jfmt' 'w! out.json'
	same_bytes want4.json out.json
	grep -qx 'error=' state
	# a range, indented like its first line by the file's 4
	run -0 vim_do proj/sub/part.json '3Jfmt' 'w! out.json'
	same_bytes want.json out.json
}

@test "vim: the file's name says whether it is JSONC; a jsonc buffer with no name is" {
	need_vim
	# a .json file in a jsonc buffer is held to JSON, as jfmt --check holds it
	put data.json $'// c\n{}\n'
	run -0 vim_do data.json 'set filetype=jsonc' 'Jfmt' 'w! out.json'
	same_bytes data.json out.json
	grep -qF 'error=jfmt: data.json:1:1: ' state
	# a buffer with no name and the jsonc filetype keeps its comments
	run -0 vim_do data.json 'enew' 'set filetype=jsonc' \
		'call setline(1, ["// c", "{\"a\": [1,],}"])' 'Jfmt' 'w! out.json'
	put want.jsonc $'// c\n{\n  "a": [\n    1\n  ]\n}\n'
	same_bytes want.jsonc out.json
}

@test "vim: extra words go to jfmt, and a missing jfmt loses nothing" {
	need_vim
	run -0 vim_do four.json 'Jfmt -c' 'w! out.json'
	"$JFMT" -c four.json >want.c
	same_bytes want.c out.json
	run -0 vim_do bad.json 'let g:jfmt_command = "no-such-jfmt"' 'Jfmt' 'w! out.json'
	same_bytes bad.orig out.json
	grep -q 'error=.*no-such-jfmt.*not found' state
}

@test "neovim: editors/jfmt.vim formats, and keeps invalid JSON with the message" {
	command -v nvim >/dev/null 2>&1 || skip "neovim is not installed (apt-get install neovim)"
	VIM_PROG=nvim
	run -0 vim_do four.json 'call cursor(6, 5)' 'Jfmt' 'w! out.json'
	same_bytes want.json out.json
	grep -qx 'line=6' state
	run -0 vim_do bad.json 'normal! gggqG' 'Jfmt' 'w! out.json'
	same_bytes bad.orig out.json
	grep -qx 'modified=0' state
	grep -qx 'changes=0' state
	grep -qxF "jfmt: bad.json:3:3: missing ',' between array elements" state
}

# --- Emacs ---

need_emacs() {
	command -v emacs >/dev/null 2>&1 ||
		skip "emacs is not installed (apt-get install emacs-nox)"
	emacs --batch --eval '(kill-emacs (if (>= emacs-major-version 27) 0 1))' ||
		skip "editors/jfmt.el needs Emacs 27 or later"
}

# emacs_do FILE FORMS: visit FILE in Emacs in batch mode with editors/jfmt.el
# loaded, evaluate the Lisp FORMS, then write the buffer's state to the file
# state: point's line and the text after point on it, whether the buffer is
# modified, and the *jfmt errors* buffer.  What Emacs shows in the echo
# area goes to standard error.
emacs_do() {
	emacs --batch -Q -l "$EDITORS/jfmt.el" --eval "(progn (find-file \"$1\") $2
	  (let ((line (line-number-at-pos))
	        (rest (buffer-substring (point) (line-end-position)))
	        (modified (buffer-modified-p))
	        (errors (if (get-buffer \"*jfmt errors*\")
	                    (with-current-buffer \"*jfmt errors*\" (buffer-string))
	                  \"\")))
	    (with-temp-file \"state\"
	      (insert (format \"line=%d\nrest=%s\nmodified=%s\nerrors=%s\n\"
	                      line rest modified errors)))))"
}

@test "emacs: jfmt-buffer formats the buffer and keeps point where it was" {
	need_emacs
	run -0 emacs_do four.json '(forward-line 5) (search-forward "\"b") (backward-char 2)
	  (jfmt-buffer) (write-region nil nil "out.json")'
	same_bytes want.json out.json
	grep -qx 'line=6' state
	grep -qxF 'rest="b": {' state
	grep -qx 'modified=t' state
}

@test "emacs: jfmt-buffer on invalid JSON leaves the buffer as it was and shows the message" {
	need_emacs
	run -0 --separate-stderr emacs_do bad.json '(forward-line 1)
	  (jfmt-buffer) (write-region nil nil "out.json")'
	same_bytes bad.orig out.json
	same_bytes bad.orig bad.json
	grep -qx 'line=2' state
	grep -qx 'modified=nil' state
	# the first line in the echo area, all of it in *jfmt errors*
	[[ "$stderr" == *"jfmt: bad.json:3:3: missing ',' between array elements"* ]]
	grep -qxF "errors=jfmt: bad.json:3:3: missing ',' between array elements" state
	grep -qxF '    2 3]' state
}

@test "emacs: a buffer already formatted is not modified" {
	need_emacs
	run -0 emacs_do want.json '(jfmt-buffer)'
	grep -qx 'modified=nil' state
}

@test "emacs: jfmt-region formats a part, indented like its first line" {
	need_emacs
	put part.json $'[\n  {"x": 1, "y": [1, 2]},\n  {"x": 2}\n]\n'
	run -0 emacs_do part.json '(forward-line 2)
	  (jfmt-region (point) (line-beginning-position 2)) (write-region nil nil "out.json")'
	put want.json $'[\n  {"x": 1, "y": [1, 2]},\n  {\n    "x": 2\n  }\n]\n'
	same_bytes want.json out.json
	# a part that is not whole JSON values is left alone; the message gives
	# the line and column in the file
	run -0 emacs_do part.json '(forward-line 1)
	  (jfmt-region (point) (line-beginning-position 2)) (write-region nil nil "out.json")'
	same_bytes part.json out.json
	grep -qF "errors=jfmt: part.json:2:24: unexpected ','" state
	run -0 emacs_do part.json '(forward-line 1) (forward-char 2)
	  (jfmt-region (point) (line-end-position)) (write-region nil nil "out.json")'
	same_bytes part.json out.json
	grep -qF "errors=jfmt: part.json:2:24: unexpected ','" state
}

@test "emacs: the file's configuration applies, to a buffer not saved and to a region" {
	need_emacs
	project
	# a new file, never saved
	run -0 emacs_do proj/sub/new.json '(insert "[1, {\"a\": 2}]")
	  (jfmt-buffer) (write-region nil nil "../../out.json")'
	same_bytes want4.json out.json
	# (emacs_do writes the state in the file's directory)
	grep -qx 'errors=' proj/sub/state
	[ ! -e proj/sub/new.json ]
	# a region, indented like its first line by the file's 4
	run -0 emacs_do proj/sub/part.json '(forward-line 2)
	  (jfmt-region (point) (line-beginning-position 2)) (write-region nil nil "../../out.json")'
	same_bytes want.json out.json
}

@test "emacs: the file's name says whether it is JSONC; a jsonc buffer with no file is" {
	need_emacs
	put data.json $'// c\n{}\n'
	# a .json file in a jsonc mode is held to JSON, as jfmt --check holds it
	run -0 emacs_do data.json '(define-derived-mode jsonc-mode prog-mode "JSONC")
	  (jsonc-mode) (jfmt-buffer) (write-region nil nil "out.json")'
	same_bytes data.json out.json
	grep -qF 'errors=jfmt: data.json:1:1: ' state
	# a buffer with no file, in a jsonc mode, keeps its comments
	run -0 emacs_do data.json '(define-derived-mode jsonc-mode prog-mode "JSONC")
	  (set-buffer (get-buffer-create "no file")) (jsonc-mode)
	  (insert "// c\n{\"a\": [1,],}\n") (jfmt-buffer) (write-region nil nil "out.json")'
	put want.jsonc $'// c\n{\n  "a": [\n    1\n  ]\n}\n'
	same_bytes want.jsonc out.json
}

@test "emacs: jfmt-on-save-mode formats on save, and saves invalid JSON as it is" {
	need_emacs
	run -0 emacs_do four.json '(jfmt-on-save-mode 1) (insert " ") (save-buffer)'
	same_bytes want.json four.json
	run -0 emacs_do bad.json '(jfmt-on-save-mode 1) (goto-char (point-max)) (insert "\n") (save-buffer)'
	printf '\n' >>bad.orig
	same_bytes bad.orig bad.json
	grep -qF "errors=jfmt: bad.json:" state
}

@test "emacs: a jsonc file keeps its comments; a missing jfmt loses nothing" {
	need_emacs
	put settings.jsonc $'// editor\n{"a": 1, /* b */ "b": [2,],}\n'
	"$JFMT" --comments settings.jsonc >want.jsonc
	run -0 emacs_do settings.jsonc '(jfmt-buffer) (write-region nil nil "out.jsonc")'
	same_bytes want.jsonc out.jsonc
	run -0 emacs_do bad.json '(setq jfmt-command "no-such-jfmt") (jfmt-buffer)
	  (write-region nil nil "out.json")'
	same_bytes bad.orig out.json
	grep -q 'errors=jfmt: .*no-such-jfmt' state
}

#!/usr/bin/env bats
# slow/gitignore.bats - -r in a work tree whose git never answers: jfmt
# waits GIT_SILENCE_LIMIT_MS for it, then stops before taking any
# file (the other ways git fails are in gitignore.bats).

load ../test_helper
load ../gitignore_helper

@test "-r in a work tree whose git never answers gives up after 5 s" {
	repo
	fake_git 'exec sleep 60'
	SECONDS=0
	# (timeout: a jfmt that waits for git fails here, not at bats's end)
	run -3 --separate-stderr timeout 30 env GIT_CONFIG_NOSYSTEM=1 HOME="$T" \
		"$JFMT" -r -i keep.json r 3>&-
	[ "$SECONDS" -lt 15 ]
	[[ $stderr == "jfmt: r: cannot tell which files git ignores, so no file is taken: git check-ignore gave no answer in 5 s; "* ]]
	untouched
}

#!/usr/bin/env bats
# tests/release.bats - the release named in VERSION as a user takes it: its
# tag v$VERSION, annotated, on a commit whose VERSION and dated CHANGELOG
# heading say the same; and the pre-commit framework run on a clone of
# this repository at that tag, configured exactly as that tag's README
# shows (its .pre-commit-config.yaml snippet, the repo: line pointed at the
# clone), in a small repository with one formatted and one unformatted
# JSON file.  Skips when this is not a git checkout, when the tag is not
# here (a clone may lack tags: git fetch --tags), or when git or pre-commit
# is absent (Debian: apt-get install pre-commit).

load test_helper

TOP="$BATS_TEST_DIRNAME/.."

setup() {
	setup_work || return 1
	need_cmd git
	# (the sources unpacked inside another checkout, as by make deb, are not)
	[ "$(git -C "$TOP" rev-parse --is-inside-work-tree --show-prefix 2>/dev/null)" = true ] ||
		skip "not a git checkout"
	VERSION=$(cat "$TOP/VERSION")
	TAG=v$VERSION
	git -C "$TOP" rev-parse -q --verify "refs/tags/$TAG" >/dev/null ||
		skip "no tag $TAG here: $VERSION is not released yet, or this clone lacks tags (git fetch --tags)"
	export GIT_AUTHOR_NAME=jfmt GIT_AUTHOR_EMAIL=jfmt@example.invalid
	export GIT_COMMITTER_NAME=jfmt GIT_COMMITTER_EMAIL=jfmt@example.invalid
}

@test "the release tag is annotated, on a commit that names that version, dated" {
	run -0 git -C "$TOP" cat-file -t "refs/tags/$TAG"
	[ "$output" = tag ] || { echo "$TAG is not an annotated tag (git tag -a $TAG)"; return 1; }
	run -0 git -C "$TOP" show "$TAG:VERSION"
	[ "$output" = "$VERSION" ]
	# CHANGELOG.md's first heading is the version with its date
	run -0 git -C "$TOP" show "$TAG:CHANGELOG.md"
	heading=$(grep -m1 '^## ' <<<"$output")
	[[ "$heading" =~ ^"## $VERSION ("[0-9]{4}-[0-9]{2}-[0-9]{2}")"$ ]] ||
		{ echo "not a release heading: $heading"; return 1; }
}

@test "pre-commit, configured as the tag's README shows, runs the tag's hook" {
	need_cmd pre-commit
	jfmt_on_path
	# pre-commit keeps its clones here, not in the user's cache
	export PRE_COMMIT_HOME="$T/cache"
	git clone -q "$TOP" clone
	git -C clone checkout -q "$TAG"
	# the snippet as that README has it, its repo: line pointed at the clone
	run -0 readme_block "**git pre-commit, with the" clone/README.md
	config=$output
	grep -qxF "    rev: $TAG   # the release tag" <<<"$config"
	grep -qE '^  - repo: ' <<<"$config"
	config=$(sed "s|^\(  - repo: \).*|\1$WORK/clone|" <<<"$config")
	mkdir proj
	cd proj
	git init -q .
	printf '%s\n' "$config" >.pre-commit-config.yaml
	git add .pre-commit-config.yaml
	run -0 pre-commit install
	# a formatted file passes
	put ok.json $'{\n  "a": [\n    1\n  ]\n}\n'
	git add ok.json
	run -0 git commit -q -m formatted
	# an unformatted one fails, and is left formatted for the next try
	put data.json '{"name": "jfmt", "tags": ["json", "cli"]}'
	"$JFMT" data.json >want.json
	git add data.json
	run -1 git commit -q -m unformatted
	[[ "$output" == *"files were modified by this hook"* ]]
	grep -qx 'data.json' <<<"$output"
	same_bytes want.json data.json
	run -0 git log --format=%s
	[ "$output" = formatted ]
}

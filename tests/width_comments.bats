#!/usr/bin/env bats
# tests/width_comments.bats - --width with --comments and kept blank lines:
# a container holding a comment or a kept blank line anywhere inside it is
# expanded, and its ancestors with it; every other container is laid out
# as --width lays it out; the comments stand where the pretty layout puts
# them.

load test_helper

# A few JSONC documents: comments at every place placement.h names.
SAMPLES=(
	$'// head\n{"a": [1, /* c1 */ 2], "b": [3, 4], "c": {"d": [5, 6]}} // tail\n'
	$'[[1, [2, // c2\n 3]], [4, 5], {"e": {}}]'
	$'{\n  "a": { /* none yet */ },\n  /* before b */ "b": 1,\n  "c": // after key\n    [1, 2],\n  "d": /* inline */ true\n}\n'
	$'[\n  1,\n\n  2,\n  [3, 4],\n\n  {"x": [5, 6, 7]}\n]\n'
	$'{"long": ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc", "dddddddddd"], /* c3\n     spread */ "k": [[1, 2], [3, 4]] // last\n}'
	$'/* lead */ [ // open\n  {"a": 1}, // one\n  [2] /* two */, [] // three\n  // end\n]\n// after\n'
)

@test "--width --comments: a comment in a short array expands it; its siblings stay on one line" {
	fmt_is '{"a": [1, /* c */ 2], "b": [3, 4]}' '{
  "a": [
    1, /* c */
    2
  ],
  "b": [3, 4]
}
' --width=80 --comments
}

@test "--width --comments: a comment deep inside expands every container around it" {
	fmt_is $'[[1, [2, // c\n 3]], [4, 5], {"e": [6]}]' '[
  [
    1,
    [
      2, // c
      3
    ]
  ],
  [4, 5],
  {"e": [6]}
]
' --width=80 --comments
}

@test "--width --comments: a // comment after an element stays at the end of its line" {
	fmt_is $'[1, // one\n 2, [3, 4]]' '[
  1, // one
  2,
  [3, 4]
]
' -w 80 --comments
}

@test "--width --comments: a comment alone in an empty container stays on its line" {
	fmt_is '{"a": { /* none yet */ }, "b": [1]}' '{
  "a": { /* none yet */ },
  "b": [1]
}
' --width=80 --comments
}

@test "--width --comments: comments between a key and its value" {
	fmt_is $'{"a": /* c */ 1, "b": // d\n [1, 2], "c": {"x": 1}}' '{
  "a": /* c */ 1,
  // d
  "b": [1, 2],
  "c": {"x": 1}
}
' --width=80 --comments
}

@test "--width --comments: comments at the top level stay as without --width" {
	fmt_is $'// head\n[1, 2] // tail\n/* next */ {"a": [3]}\n' $'// head\n[1, 2] // tail\n/* next */\n{"a": [3]}\n' \
		--width=80 --comments
}

@test "--width --comments: what does not fit is expanded as without comments" {
	fmt_is $'{"k": [[1, 2], [3, 4]], // c\n "l": ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"]}' '{
  "k": [[1, 2], [3, 4]], // c
  "l": [
    "aaaaaaaaaa",
    "bbbbbbbbbb",
    "cccccccccc"
  ]
}
' --width=30 --comments
}

@test "--width --blank-lines=keep: a blank line between elements is kept, once, and expands its container" {
	fmt_is $'[1,\n\n\n2, [3, 4], {"a": [5,\n\n6]}]' '[
  1,

  2,
  [3, 4],
  {
    "a": [
      5,

      6
    ]
  }
]
' --width=80 --blank-lines=keep
	fmt_is $'[[1,\n\n2], [3, 4]]' '[
  [
    1,

    2
  ],
  [3, 4]
]
' --width=80 --comments
}

@test "--width --blank-lines=keep: blank lines that are not kept expand nothing" {
	fmt_is $'[[\n\n1, 2\n\n], [3, 4]]\n' $'[[1, 2], [3, 4]]\n' --width=80 --comments
}

@test "--width --comments: JSON with no comment is laid out as --width lays it out" {
	need_shared corpus/twitter.json corpus/citm_catalog.json
	local f
	for f in twitter citm_catalog; do
		"$JFMT" --width=80 "$CORPUS/$f.json" >plain
		"$JFMT" --width=80 --comments "$CORPUS/$f.json" >commented
		same_bytes plain commented
		"$JFMT" --width=60 --blank-lines=keep "$CORPUS/$f.json" >plain
		"$JFMT" --width=60 "$CORPUS/$f.json" >kept
		same_bytes plain kept
	done
}

@test "--width --comments: output is stable, valid, and holds every comment once" {
	# (untraced: under bats's trap the loop's commands cost more than jfmt)
	each_sample() {
		local n k
		for ((k = 0; k < ${#SAMPLES[@]}; k++)); do
			put in.jsonc "${SAMPLES[$k]}"
			# what every width must keep: the input's comments, in order,
			# and its value without them
			grep -o '/\*[^*]*\*/\|//.*' in.jsonc | sed 's/[[:space:]]*$//' >want
			"$JFMT" -c --strip-comments in.jsonc >v1
			for n in 1 20 40 80; do
				"$JFMT" --width=$n --comments in.jsonc >once || { echo "sample $k, width $n"; return 1; }
				"$JFMT" --width=$n --comments once >twice
				same_bytes once twice || { echo "sample $k, width $n"; return 1; }
				"$JFMT" -n --comments once || { echo "sample $k, width $n"; return 1; }
				# the same comments, in the same order
				grep -o '/\*[^*]*\*/\|//.*' once | sed 's/[[:space:]]*$//' >got
				same_bytes want got || { echo "sample $k, width $n"; return 1; }
				# and the value, as without comments
				"$JFMT" -c --strip-comments once >v2
				same_bytes v1 v2 || { echo "sample $k, width $n"; return 1; }
			done
		done
	}
	untraced each_sample
}

@test "--width --comments --check agrees with formatting" {
	local k rc
	for ((k = 0; k < ${#SAMPLES[@]}; k++)); do
		put in.jsonc "${SAMPLES[$k]}"
		"$JFMT" --width=40 --comments in.jsonc >out.jsonc
		"$JFMT" --check --width=40 --comments out.jsonc || { echo "sample $k"; return 1; }
		cmp -s in.jsonc out.jsonc && continue
		rc=0
		"$JFMT" --check --width=40 --comments in.jsonc >/dev/null || rc=$?
		[ "$rc" -eq 1 ] || { echo "sample $k: --check exits $rc"; return 1; }
	done
}

@test "--width: a JSONC file chosen by its name keeps its comments" {
	put tsconfig.json $'{\n  // the target\n  "target": "es2020", "lib": ["dom", "es2020"]\n}\n'
	run -0 --separate-stderr "$JFMT" -w 80 tsconfig.json
	[ "$output" = '{
  // the target
  "target": "es2020",
  "lib": ["dom", "es2020"]
}' ]
}

@test "--width --comments: -c still refuses a // comment holding */" {
	run -1 --separate-stderr jfmt_in $'[1, // a */ b\n2]' -c --comments --width=80
	[ -n "$stderr" ]
}

# tests/config_helper.bash - the oracles of config_tools.bats: prettier's
# resolveConfig() (tests/config_oracle.mjs) and Biome's own formatting,
# held to what jfmt --print-config says applies.

NPM_BIN="$TESTS_DIR/../build/npm/node_modules"

# need_prettier: skip unless node and prettier (build/npm) are installed.
need_prettier() {
	need_cmd node
	[ -f "$NPM_BIN/prettier/index.mjs" ] ||
		skip "prettier is not installed in build/npm (make deps-all)"
}

# need_biome: skip unless Biome (build/npm) is installed.
need_biome() {
	[ -x "$NPM_BIN/.bin/biome" ] || skip "biome is not installed in build/npm (make deps-all)"
}

# jfmt_keys FILE: what jfmt --print-config FILE says of the options that
# prettier's configuration can set, as config_oracle.mjs says it.
jfmt_keys() {
	"$JFMT" --print-config "$1" | cut -f1 |
		grep -E '^jfmt_(tab|indent|width|eol|style|bracket_spacing|object_wrap|trailing_commas) ' |
		paste -sd ';'
}

# same_as_prettier FILE...: for each FILE, jfmt resolves its
# configuration as prettier does.
same_as_prettier() {
	local f i=0 want
	mapfile -t want < <(node "$TESTS_DIR/config_oracle.mjs" "$NPM_BIN/prettier/index.mjs" "$@")
	[ "${#want[@]}" -eq $# ] || { echo "the oracle said ${#want[@]} lines for $# files"; return 1; }
	for f; do
		[ "$(jfmt_keys "$f")" = "${want[i]}" ] || {
			echo "$f: jfmt: $(jfmt_keys "$f")"
			echo "$f: prettier: ${want[i]}"
			return 1
		}
		i=$((i + 1))
	done
}

# probe: a document that no width holds on one line (Biome's widest is
# 320), whose second line is indented once.
probe() {
	printf '{"a": {"b": "%0400d"}}\n' 0
}

# biome_indent FILE: how Biome, run in the current directory, indents
# FILE: "tab", or its spaces' count; then its line end ("lf" or "crlf"),
# and whether it ends with one.
biome_indent() {
	probe | "$NPM_BIN/.bin/biome" format --stdin-file-path="$1" |
		python3 -c '
import sys
t = sys.stdin.buffer.read()
line = t.split(b"\n")[1]
indent = "tab" if line.startswith(b"\t") else str(len(line) - len(line.lstrip(b" ")))
print(indent, "crlf" if b"\r\n" in t else "lf", "yes" if t.endswith(b"\n") else "no")'
}

# jfmt_indent FILE: the same, from what jfmt writes for FILE's name.
jfmt_indent() {
	probe | "$JFMT" --stdin-filename="$1" | python3 -c '
import sys
t = sys.stdin.buffer.read()
line = t.split(b"\n")[1]
indent = "tab" if line.startswith(b"\t") else str(len(line) - len(line.lstrip(b" ")))
print(indent, "crlf" if b"\r\n" in t else "lf", "yes" if t.endswith(b"\n") else "no")'
}

# same_as_biome DIR FILE...: for each FILE (below DIR, where Biome runs:
# it takes the configuration there as its project's root), jfmt indents
# and ends lines as Biome does.
same_as_biome() {
	local f
	(
		cd "$1" || exit 1
		shift
		for f; do
			[ "$(jfmt_indent "$f")" = "$(biome_indent "$f")" ] || {
				echo "$f: jfmt: $(jfmt_indent "$f"); biome: $(biome_indent "$f")"
				exit 1
			}
		done
	)
}

# random_docs SEED FILE...: each FILE a JSON object of random values,
# nested, on one line (the same for a SEED on every run).
random_docs() {
	python3 - "$@" <<'PY'
import json, random, sys
random.seed(int(sys.argv[1]))
def value(depth=0):
    r = random.random()
    if depth > 3 or r < 0.4:
        return random.choice([1, -2.5e3, "str", None, True, "a longer string, here"])
    if r < 0.7:
        return [value(depth + 1) for _ in range(random.randint(0, 5))]
    return {"k%d" % i: value(depth + 1) for i in range(random.randint(0, 5))}
for path in sys.argv[2:]:
    with open(path, "w") as f:
        f.write(json.dumps({"k%d" % i: value() for i in range(6)}, separators=(",", ":")) + "\n")
PY
}

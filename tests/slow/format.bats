#!/usr/bin/env bats
# slow/format.bats - the corpus in the layouts that format.bats leaves out:
# at indentation 0 and 16 and with tabs, as python3's json.tool writes it.
# (format.bats: the default layout, indentation 4 and compact.)

load ../test_helper

# matches_json_tool NAME: the corpus file NAME matches json.tool at
# indentation 0 and 16 and with tabs.
matches_json_tool() {
	need_shared "corpus/$1"
	need_cmd python3
	local f="$CORPUS/$1" a=--no-ensure-ascii
	same_as_python "$f" --indent=0 "$a --indent 0" --indent=16 "$a --indent 16" --tab "$a --tab"
}

@test "corpus: twitter.json matches json.tool (--indent 0/16, --tab)" {
	matches_json_tool twitter.json
}

@test "corpus: citm_catalog.json matches json.tool (--indent 0/16, --tab)" {
	matches_json_tool citm_catalog.json
}

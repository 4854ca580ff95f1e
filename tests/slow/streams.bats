#!/usr/bin/env bats
# slow/streams.bats - output held back until each value is complete
# (--buffer-size) on documents of megabytes: written whole, and in bounded
# memory.  The rest of --buffer-size is in streams.bats.

load ../test_helper

@test "a large document under the bound is written whole, and big output stays in bounded memory" {
	need_cmd /usr/bin/time
	python3 -c 'import json; print(json.dumps([{"k%d" % i: "v" * 40} for i in range(200000)]))' >big.json
	/usr/bin/time -f %M "$JFMT" -j1 big.json >out 2>rss
	# peak RSS within 8 MiB at the default bound (4 MiB held), on one
	# thread (-j's memory is its jobs' blocks more)
	is_sanitizer_build || [ "$(tail -n 1 rss)" -le $((8 * 1024)) ]
	python3 -m json.tool --indent 2 --no-ensure-ascii big.json >want
	same_bytes want out
}

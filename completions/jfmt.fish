# fish completion for jfmt
#
# Installed as share/fish/vendor_completions.d/jfmt.fish, which fish loads
# for jfmt.  It completes the options, the values of --color/--colour and
# --indent, and file names (fish's default for arguments).  Every option is
# one line below (add a new option there).

complete -c jfmt -s a -l ascii -d 'Write non-ASCII characters as \uXXXX escapes'
complete -c jfmt -l buffer-size -x -d 'Hold each value back up to SIZE bytes'
complete -c jfmt -l check -d 'Name each FILE not formatted; exit 1 if any'
complete -c jfmt -s d -l diff -d 'Show how each FILE differs, as a unified diff'
complete -c jfmt -s l -l list -d 'Name each FILE whose formatting differs'
complete -c jfmt -s n -l validate -d 'Validate only; write nothing'
complete -c jfmt -s r -l recursive -d 'Take the *.json files in directories, and below'
complete -c jfmt -l stdin-filename -r -F -d 'Call standard input NAME'
complete -c jfmt -l label -r -F -d 'Call standard input NAME'
complete -c jfmt -l color -f -a 'auto always never' -d 'Colour the output'
complete -c jfmt -l colour -f -a 'auto always never' -d 'Colour the output'
complete -c jfmt -s C -d 'Colour the output, always'
complete -c jfmt -l comments -d 'JSONC: keep comments, accept trailing commas'
complete -c jfmt -l jsonc -d 'JSONC: keep comments, accept trailing commas'
complete -c jfmt -l strip-comments -d 'Accept JSONC and drop the comments'
complete -c jfmt -s c -l compact -d 'No white space inside values, one value per line'
complete -c jfmt -l eol -x -a 'lf crlf auto' -d 'Line ends'
complete -c jfmt -l escape-slash -d 'Write / as \/'
complete -c jfmt -l keep-escapes -d 'Write each string as it stands in the input'
complete -c jfmt -s h -l help -d 'Show the help and exit'
complete -c jfmt -s i -l in-place -d 'Rewrite each FILE in place'
complete -c jfmt -l indent -x -a '(seq 0 16)' -d 'Indent by N spaces'
complete -c jfmt -l buffer-size -x -d 'Hold each value back up to SIZE bytes (K, M, G; 0 streams)'
complete -c jfmt -s k -l keep-going -d 'Report an invalid value, skip it and go on'
complete -c jfmt -s M -l monochrome -d 'The same as --color=never'
complete -c jfmt -s o -l output -r -F -d 'Write to FILE, replacing it only on success'
complete -c jfmt -l progress -d 'Show progress on a terminal\'s standard error'
complete -c jfmt -l seq -d 'RFC 7464 records: RS before each value'
complete -c jfmt -s S -l sort-keys -d 'Sort object members by key'
complete -c jfmt -s t -l tab -d 'Indent with one tab per level'
complete -c jfmt -s V -l version -d 'Show the version and exit'
complete -c jfmt -s w -l width -x -d 'Arrays and objects that fit in N columns on one line'

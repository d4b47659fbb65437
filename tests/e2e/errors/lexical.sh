# Lexical errors: one line each, "invalid probe specifier" for -n, "line N"
# for scripts.
e() { $DTRACE -n "$1"; echo "rc=$?"; }
e 'BEGIN { x = "abc; }'
e 'BEGIN { /* never closed'
e 'BEGIN { x = 1 @ 2; }'
e 'BEGIN { x = "\q"; }'
e 'BEGIN { x = "\x"; }'
e 'BEGIN { x = 09; }'
e 'BEGIN { x = 99999999999999999999999; }'
e "BEGIN { x = ''; }"
e "BEGIN { x = 'abcdefghi'; }"
e "BEGIN { x = 'a; }"
e 'BEGIN { x = 1.5; }'
e 'BEGIN { x = 2e10; }'
e 'BEGIN { x = 0x; }'
e 'BEGIN { x = $; }'
e 'BEGIN { x = 1 ` 2; }'
# the same in a script: the line is reported
printf 'BEGIN\n{\n\tx = 1;\n\ty = "unterminated;\n}\n' > s1.d
$DTRACE -s s1.d
printf 'BEGIN\n{\n}\n\n/* unterminated\n comment\n' > s2.d
$DTRACE -s s2.d
printf 'BEGIN\n{\n\tx = 0789;\n}\n' > s3.d
$DTRACE -s s3.d
printf 'BEGIN { x = 1; }\n\nBEGIN { y = 2 \\ 3; }\n' > s4.d
$DTRACE -s s4.d

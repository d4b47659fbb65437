# Lexical errors: one line each, "invalid probe specifier" for -n, "line N"
# for scripts.
e() { $DTRACE -n "$1"; echo "rc=$?"; }
e 'BEGIN { x = "abc; }'
e 'BEGIN { /* never closed'
e 'BEGIN { x = 1 @ 2; }'
# unknown escapes are kept, backslash and all, as DTrace keeps them
$DTRACE -qn 'BEGIN { printf("%s %s\n", "a\?b", "a\qb"); exit(0); }'; echo "rc=$?"
# character constants of up to 8 bytes: an int, or 64 bits beyond 4 bytes
$DTRACE -qn "BEGIN { printf(\"%d %d %d %d\\n\", 'ab', sizeof ('ab'), 'abcde', sizeof ('abcde')); exit(0); }"
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
# at a newline or the end of the file, the line is the next one, as in DTrace
printf 'BEGIN\n{\n\tx = \047a;\n}\n' > s5.d
$DTRACE -s s5.d
printf 'BEGIN\n{\n}\n/* no end' > s6.d
$DTRACE -s s6.d
printf 'BEGIN\n{\n\tx = 0789;\n}\n' > s3.d
$DTRACE -s s3.d
printf 'BEGIN { x = 1; }\n\nBEGIN { y = 2 \\ 3; }\n' > s4.d
$DTRACE -s s4.d

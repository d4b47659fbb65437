# The parser takes operators from the tokens it consumed, not from its
# lookahead buffer, which later lexing overwrites: "." stayed "." after the
# member name was lexed (it used to become "->"), and so on.
$DTRACE -qn 'BEGIN { printf("%d\n", (*curthread).tgid == pid); exit(0); }'
$DTRACE -qn 'BEGIN { x = 5; ++x; ++x; --x; x--; y = x ? 10 / -2 : 0; printf("%d %d\n", x, y); exit(0); }'
$DTRACE -qn 'BEGIN /10 / -2 == -5/ { printf("ok\n"); } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { a[1] = 3; printf("%d %d\n", a[1]++, -a[1]); exit(0); }'
# long but reasonable programs still compile: 900 parentheses, 4000 terms
p=$(awk 'BEGIN { for (i = 0; i < 900; i++) printf "("; printf "1"; for (i = 0; i < 900; i++) printf ")" }')
$DTRACE -qn "BEGIN { printf(\"%d\\n\", $p); exit(0); }"
p=$(awk 'BEGIN { for (i = 0; i < 4000; i++) printf " || pid == %d", i + 1000000 }')
$DTRACE -qn "BEGIN /pid == 1$p/ { printf(\"init\\n\"); } BEGIN { printf(\"done\\n\"); exit(0); }"

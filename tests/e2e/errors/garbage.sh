# The compiler never crashes: odd and hostile inputs give one clean line
# (exit status 1), never a signal.
s() { timeout 10 $DTRACE -s "$1" > o 2>&1; rc=$?; cut -c1-120 o | head -3; echo "rc=$rc"; }
: > empty.d
s empty.d
printf '\n\n   \t\n' > blank.d
s blank.d
printf '/* just a comment */\n// another\n' > comment.d
s comment.d
printf 'BEGIN { trace("abc' > unterminated.d
s unterminated.d
printf 'BEGIN { /* abc' > uncomment.d
s uncomment.d
printf 'BEGIN { trace(1); ' > nobrace.d
s nobrace.d
printf 'BEGIN { trace(0x%s); }\n' ffffffffffffffffffffffff > hugehex.d
s hugehex.d
printf 'BEGIN { trace(18446744073709551616); }\n' > huge.d
s huge.d
printf 'BEGIN { trace(18446744073709551615); exit(0); }\n' > max.d
$DTRACE -qs max.d; echo " rc=$?"
printf '#pragma D option quiet\nBEGIN { trace("\001\002"); exit(0); }\n' > ctl.d
s ctl.d
printf 'BEGIN { x = 1; }\0 garbage after a NUL\n' > nul.d
s nul.d
printf '\377\376\375 BEGIN\n' > binary.d
s binary.d
printf '}}}}{{{{\n' > braces.d
s braces.d
printf ';;;;\n' > semis.d
s semis.d
printf 'BEGIN /\n' > pred.d
s pred.d
printf ':::::::::\n' > colons.d
s colons.d
printf '#!\n' > shebang.d
s shebang.d
printf '#pragma\n' > pragma.d
s pragma.d
printf '#pragma D option\n' > pragma2.d
s pragma2.d
# deep nesting is refused cleanly
p=$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "("; printf "1"; for (i = 0; i < 5000; i++) printf ")" }')
$DTRACE -n "BEGIN { x = $p; }" > o 2>&1
echo "rc=$?"
sed -E 's/^(dtrace: invalid probe specifier BEGIN \{ x = \(\(\(\().*: /\1...: /' o
p=$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "{"; for (i = 0; i < 5000; i++) printf "}" }')
$DTRACE -n "BEGIN $p" 2>&1 | sed -E 's/^(dtrace: invalid probe specifier BEGIN \{\{\{\{).*: /\1...: /'
p=$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "-"; printf "1" }')
$DTRACE -n "BEGIN { x = $p; }" 2>&1 | sed -E 's/^(dtrace: invalid probe specifier BEGIN \{ x = ----).*: /\1...: /'
# a long but reasonable program compiles
p=$(awk 'BEGIN { for (i = 0; i < 1000; i++) printf "x = x + 1; " }')
$DTRACE -qn "BEGIN { x = 0; $p printf(\"%d\\n\", x); exit(0); }"
# random bytes
head -c 4096 /dev/urandom > random.d
$DTRACE -s random.d 2>&1 | wc -l

# The compiler never crashes: hostile scripts (-s) get one "dtrace: ..."
# line on stderr, nothing on stdout, and exit status 1.  Inputs are made
# here; long messages are
# shortened.
t() {
	"$DTRACE" "$@" >dt.stdout 2>dt.stderr
	rc=$?
	echo "rc=$rc stderr-lines=$(wc -l <dt.stderr) stdout-bytes=$(wc -c <dt.stdout)"
	# control bytes made visible; of a long line, the first 90 and last 60 columns
	cat -v dt.stderr | sed -E 's/^(.{90}).{5,}(.{60})$/\1 ... \2/'
}
rep() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

# a NUL byte in the middle of a script, and a lone one
printf 'BEGIN\n{\n\tx = 1;\0 trace(x);\n}\n' > nul.d
t -s nul.d
printf '\0' > nul1.d
t -s nul1.d
# control and non-ASCII bytes outside strings: shown escaped
printf 'BEGIN { x = 1; \033[2J }\n' > esc.d
t -s esc.d
printf 'BEGIN { x = \303\251; }\n' > utf8.d
t -s utf8.d
printf '\377\376BEGIN { }\n' > bom.d
t -s bom.d
# unterminated comment, string, character constant, clause, predicate
printf 'BEGIN\n{\n/* trace(1);\n}\n' > comment.d
t -s comment.d
printf 'BEGIN { trace("abc\n' > string.d
t -s string.d
printf "BEGIN { x = 'a; }\n" > char.d
t -s char.d
printf 'BEGIN { trace(1);\n\n' > clause.d
t -s clause.d
printf 'BEGIN /pid == 1' > pred.d
t -s pred.d
# 10000 nested parentheses, braces, unary minus, casts, conditionals
{ printf 'BEGIN { x = '; rep '(' 10000; printf 1; rep ')' 10000; printf '; }\n'; } > parens.d
t -s parens.d
{ printf 'BEGIN '; rep '{' 10000; rep '}' 10000; printf '\n'; } > braces.d
t -s braces.d
{ printf 'BEGIN { x = '; rep '- ' 10000; printf '1; }\n'; } > minus.d
t -s minus.d
{ printf 'BEGIN { x = '; rep '(int)' 10000; printf '1; }\n'; } > casts.d
t -s casts.d
{ printf 'BEGIN { x = '; rep '1 ? 2 : ' 10000; printf '3; }\n'; } > conds.d
t -s conds.d
{ printf 'BEGIN { '; rep 'if (1) ' 10000; printf 'x = 1; }\n'; } > ifs.d
t -s ifs.d
# a left-associative chain of 100000 operators: deep tree, no parser recursion
{ printf 'BEGIN { x = 1'; rep ' + 1' 100000; printf '; }\n'; } > chain.d
t -s chain.d
# 100 KB identifier, as a variable, a probe description and a type name
{ printf 'BEGIN { x = '; rep a 102400; printf '; }\n'; } > ident.d
t -s ident.d
{ rep a 102400; printf ' { }\n'; } > pdesc.d
t -s pdesc.d
{ printf 'BEGIN { x = (struct '; rep a 102400; printf ' *)0; }\n'; } > tag.d
t -s tag.d
# huge literals
{ printf 'BEGIN { x = '; rep 9 5000; printf '; }\n'; } > bigint.d
t -s bigint.d
printf 'BEGIN { x = 0x1ffffffffffffffff; }\n' > bighex.d
t -s bighex.d
# macro arguments out of range, in a clause and in a probe description
printf 'BEGIN { trace($99999999999); }\n' > macro.d
t -s macro.d
printf 'syscall::$4294967297:entry { }\n' > macro2.d
t -s macro2.d
t -s macro.d -- 1

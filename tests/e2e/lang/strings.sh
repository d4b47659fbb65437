# The string type: comparison operators compare contents, = copies,
# strings are bounded by strsize (default 256) and truncated to fit.
cat > s.d <<'D'
BEGIN
{
	a = "apple"; b = "banana"; c = "apple";
	printf("== %d %d, != %d %d\n", a == c, a == b, a != b, a != c);
	printf("< %d %d, > %d %d\n", a < b, b < a, b > a, a > b);
	printf("<= %d %d, >= %d %d\n", a <= c, b <= a, a >= c, a >= b);
	printf("prefix: %d %d\n", "app" < "apple", "apple" > "app");
	printf("literal: %d %d\n", a == "apple", "banana" == b);
	printf("empty: %d %d %d\n", "" == "", "" < "a", b == "");
	d = a;
	a = "cherry";
	printf("copied: %s %s\n", d, a);
	printf("execname: %d\n", execname == "dtrace");
	printf("?: %s\n", a == "cherry" ? "yes" : "no");
	printf("strlen: %d %d\n", strlen(a), strlen(""));
	exit(0);
}
D
$DTRACE -qs s.d
# strsize bounds every string: strsize=6 keeps 6 characters (as DTrace,
# strsize counts characters)
$DTRACE -x strsize=6 -qn 'BEGIN { s = "abcdefghij"; printf("%s %d\n", s, strlen(s)); t = s; trace(t); exit(0); }'
echo
$DTRACE -x strsize=6 -qn 'BEGIN { printf("%d %d\n", "abcdeX" == "abcdeY", "abcdX" == "abcdY"); exit(0); }'
# the default strsize is 256: a 300-character string keeps 256
$DTRACE -qn 'BEGIN { s = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"; printf("%d\n", strlen(s)); exit(0); }'
# comparisons across word boundaries, with garbage after the NUL of a
# variable that held a longer string, and many comparisons in one clause
cat > w.d <<'D'
BEGIN
{
	s = "abcdefghijklmnopq";
	s = "ab";
	t = "abcdefgh";
	u = "abcdefghi";
	printf("%d %d %d %d\n", s == "ab", s < "abc", s > "a", s != "abcdefghijklmnopq");
	printf("%d %d %d %d\n", t < u, u > t, t == "abcdefgh", u == "abcdefghi");
	printf("%d %d %d\n", "abcdefghijklmnopqrstuvwxyz" < "abcdefghijklmnopqrstuvwxyZ",
	    "abcdefghijklmnopqrstuvwxy" < "abcdefghijklmnopqrstuvwxyz",
	    "abcdefghijklmnopqrstuvwxyz" == "abcdefghijklmnopqrstuvwxyz");
	printf("%d %d %d\n", "\xff" > "\x01", "a\xff" > "a\x7f", "zz" > "z\xff");
	n = 0;
	n += "a" < "b"; n += "b" < "c"; n += "c" < "d"; n += "d" < "e"; n += "e" < "f";
	n += "f" < "g"; n += "g" < "h"; n += "h" < "i"; n += "i" < "j"; n += "j" < "k";
	n += "k" < "l"; n += "l" < "m"; n += "m" < "n"; n += "n" < "o"; n += "o" < "p";
	n += "p" < "q"; n += "q" < "r"; n += "r" < "s"; n += "s" < "t"; n += "t" < "u";
	n += s == "ab"; n += s == "ab"; n += s == "ab"; n += s == "ab"; n += s == "ab";
	n += t == u; n += t == u; n += t == u; n += t == u; n += t == u;
	printf("%d of 25\n", n);
	exit(0);
}
D
$DTRACE -qs w.d
# strings in every kind of storage compare by contents
$DTRACE -qn 'BEGIN { self->s = "longer string here"; self->s = "ab"; this->t = "ab"; a["k"] = "ab"; printf("%d %d %d %d %d\n", self->s == this->t, a["k"] == self->s, a["k"] < "abc", this->t > "a", a["none"] == ""); exit(0); }'
# strsize also bounds string keys: with strsize=2, "abc" and "abd" are both "ab"
$DTRACE -x strsize=2 -qn 'BEGIN { k["abc"] = 1; k["abd"] = 2; printf("%d %d\n", k["ab"], k["abc"]); exit(0); }'

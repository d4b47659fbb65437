# The string subroutines with DTrace's (illumos') semantics and edge cases:
# empty strings, negative and out-of-range positions, absent optional
# arguments.  Every bracketed value is what illumos DTrace returns.
cat > s.d <<'D'
BEGIN
{
	printf("strjoin [%s] [%s] [%s]\n", strjoin("abc", "def"), strjoin("", "x"), strjoin("", ""));
	printf("substr [%s] [%s] [%s] [%s]\n", substr("hello world", 6), substr("hello world", 0, 5),
	    substr("hello world", -5), substr("hello world", -5, 2));
	printf("substr [%s] [%s] [%s] [%s] [%s]\n", substr("hello", 1, -1), substr("hello", 10),
	    substr("hello", -10, 7), substr("hello", -10, 3), substr("", 0));
	printf("index %d %d %d %d %d %d %d %d\n", index("hello", "l"), index("hello", "lo"),
	    index("hello", "x"), index("hello", "l", 3), index("hello", ""), index("", ""),
	    index("abc", "", 5), index("abc", "c", -4));
	printf("rindex %d %d %d %d %d %d %d\n", rindex("hello", "l"), rindex("hello", "x"),
	    rindex("hello", "l", 2), rindex("hello", ""), rindex("abc", "", -1),
	    rindex("abc", "b", -1), rindex("abc", "c", 99));
	printf("strchr [%s] [%s] [%s] [%s]\n", strchr("hello", 'l'), strrchr("hello", 'l'),
	    strchr("hello", 0), strrchr("a/b/c", '/'));
	printf("strstr [%s] [%s] [%s] [%s]\n", strstr("hello world", "o w"), strstr("abc", ""),
	    strstr("", ""), strstr("aaab", "aab"));
	printf("NULL %d %d %d %d\n", strstr("abc", "x") == 0, strstr("abc", "b") != 0,
	    strchr("abc", 'x') == "", strrchr("", 'a') != 0);
	printf("basename [%s] [%s] [%s] [%s] [%s] [%s] [%s]\n", basename("/usr/lib/"),
	    basename("/usr"), basename("usr"), basename("///"), basename(""), basename("a//b//"),
	    basename("/"));
	printf("dirname [%s] [%s] [%s] [%s] [%s] [%s] [%s]\n", dirname("/usr/lib/"),
	    dirname("/usr"), dirname("usr"), dirname("///"), dirname(""), dirname("a//b//"),
	    dirname("/a/b/c"));
	printf("toupper [%s] [%s] tolower [%s] [%s]\n", toupper("Hello, World 1@[`{"), toupper(""),
	    tolower("Hello, World 1@[`{"), tolower("ABC"));
	printf("lltostr [%s] [%s] [%s] [%s] [%s] [%s] [%s]\n", lltostr(0), lltostr(-5),
	    lltostr(12345), lltostr(255, 16), lltostr(0, 16), lltostr(8, 8), lltostr(5, 2));
	printf("lltostr [%s] [%s] [%s] [%s]\n", lltostr(-1, 16), lltostr(-9223372036854775807 - 1),
	    lltostr(35, 36), lltostr(0, 8));
	printf("strtoll %d %d %d %d %d %d %d\n", strtoll("123"), strtoll("  -42abc"),
	    strtoll("0x1f", 16), strtoll("ff", 16), strtoll("777", 8), strtoll("+12"),
	    strtoll("z", 36));
	printf("strtoll %d %d %d %d %d\n", strtoll(""), strtoll("0x"), strtoll("0xg", 16),
	    strtoll("\t 9"), strtoll("12", 2));
	printf("strlen %d %d\n", strlen(""), strlen(strjoin("abc", "de")));
	exit(0);
}
D
$DTRACE -qs s.d
# the results of one are arguments of another; NULL is not a string
$DTRACE -qn 'BEGIN { printf("%s\n", toupper(basename(dirname(substr(strjoin("/usr/", "local/bin/x"), 1))))); exit(0); }'
$DTRACE -qn 'BEGIN { s = strchr("x=1", '"'"'='"'"'); printf("%d [%s]\n", s != 0, s); exit(0); }'

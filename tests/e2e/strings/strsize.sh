# Strings of any length up to strsize work in every subroutine: with
# strsize=4096 the programs load (the loops are bpf_loop() callbacks, the
# strings live in the scratch map), and results are truncated to strsize.
cat > big.d <<'D'
BEGIN
{
	a = "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz";
	b = strjoin(a, a);
	b = strjoin(b, b);
	b = strjoin(b, b);
	printf("%d %d %d\n", strlen(a), strlen(b), strlen(strjoin(b, b)));
	printf("%d %d %d %d\n", index(b, "xyz0"), rindex(b, "xyz0"), index(b, "zz"), rindex(b, "9a"));
	printf("%d %d\n", strlen(strchr(b, 'z')), strlen(strrchr(b, '0')));
	printf("%d %d %s\n", strlen(strstr(b, "9abc")), strlen(substr(b, 100)), substr(b, -3));
	printf("%s %s\n", basename(strjoin(b, "/x")), substr(dirname(strjoin(b, "/x")), 2296));
	printf("%d %s\n", strlen(toupper(b)), substr(toupper(b), 2280, 10));
	printf("%s %d\n", lltostr(strtoll(substr(b, 2290, 5)) + 1), strtoll(substr(b, 0, 8), 16));
	exit(0);
}
D
$DTRACE -x strsize=4096 -qs big.d
echo "rc=$?"
# exactly strsize and longer: strsize=8 keeps 8 characters
$DTRACE -x strsize=8 -qn 'BEGIN { printf("%s %s %s %s %s\n", strjoin("abc", "defg"), strjoin("abcd", "efgh"),
    substr("0123456789", 2), toupper("abcdefghij"), lltostr(123456789)); exit(0); }'

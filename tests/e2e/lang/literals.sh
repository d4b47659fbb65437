# Integer and character literals (decimal, octal, hex, suffixes) and C
# escapes in strings and characters.
$DTRACE -qn 'BEGIN
{
	printf("%d %d %d %d\n", 42, 052, 0x2a, 0X2A);
	printf("%llu %lld %u %ld\n", 18446744073709551615ULL, 9223372036854775807LL, 4294967295u, 42L);
	printf("%d %d %d\n", sizeof (2147483647), sizeof (2147483648), sizeof (0xffffffff));
	printf("%d %d %d %d\n", sizeof (1u), sizeof (1l), sizeof (1ul), sizeof (1LL));
	printf("%d %d %d %d %d\n", '\''A'\'', '\''\n'\'', '\''\0'\'', '\''\x41'\'', '\''\101'\'');
	printf("%d %d %d\n", '\''\\'\'', '\''\'\'''\'', '\''"'\'');
	printf("[tab:\t] [quote:\"] [backslash:\\] [apostrophe:\x27]\n");
	printf("[octal:\101\102\103] [hex:\x44\x45] [bell+bs:%d]\n", strlen("\a\b"));
	printf("%s|%s\n", "adjacent " "strings", "concatenate");
	exit(0);
}'

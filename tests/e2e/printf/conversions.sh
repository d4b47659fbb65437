# printf() conversions: %d %i %u %o %x %X %c %s %p %%, on signed and
# unsigned values of every size.
$DTRACE -qn 'BEGIN
{
	printf("[%d] [%i] [%u] [%o] [%x] [%X] [%c] [%s] [%%]\n", 42, 42, 42, 42, 42, 42, 42, "str");
	printf("[%d] [%i] [%u] [%o] [%x] [%X]\n", -42, -42, -42, -42, -42, -42);
	printf("[%d] [%u] [%x]\n", -1LL, -1LL, -1LL);
	printf("[%d] [%u] [%x]\n", (char)-1, (unsigned char)255, (short)-1);
	printf("[%d] [%d] [%d]\n", 2147483647, -2147483648, 9223372036854775807LL);
	printf("[%x] [%X] [%o]\n", 0xdeadbeef, 0xcafe, 0777);
	printf("[%c%c%c] [%c]\n", 68, 84, (char)82, 0x41 + 1);
	printf("[%s] [%s] [%s]\n", "", "a", execname);
	printf("[%p] [%p]\n", 0, 0xffffffff81000000);
	printf("no conversions\n");
	printf("%d%d%d\n", 1, 2, 3);
	printf("%s=%d, ", "a", 1); printf("%s=%d\n", "b", 2);
	exit(0);
}'
# %C: a character escaped as %S escapes it; the grouping flag ' (none in
# the C locale), as illumos' dt_printf.c has them
$DTRACE -qn "BEGIN { printf(\"[%C%C%C] [%3C] [%'d]\\n\", 65, 10, 0, 0x22, 1234567); exit(0); }"

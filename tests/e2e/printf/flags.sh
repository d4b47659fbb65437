# printf() width, precision, '*' and the flags - + space # 0.
$DTRACE -qn 'BEGIN
{
	printf("[%5d] [%-5d] [%05d] [%+d] [%+d] [% d] [% d]\n", 42, 42, 42, 42, -42, 42, -42);
	printf("[%#o] [%#x] [%#X] [%#o] [%#x]\n", 8, 255, 255, 0, 0);
	printf("[%.3d] [%8.3d] [%-8.3d] [%08.3d] [%.0d]\n", 7, 7, 7, 7, 0);
	printf("[%10s] [%-10s] [%.2s] [%10.3s] [%-10.3s]\n", "right", "left", "abcdef", "abcdef", "abcdef");
	printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", 6, 9, 6, 9, 4, 9, 6, 3, 9);
	printf("[%*s] [%.*s] [%*s]\n", 5, "ab", 1, "xyz", -5, "ab");
	printf("[%3c] [%-3c]\n", 65, 66);
	printf("[%+05d] [%-+5d] [%x] [%8x] [%-8X] [%08x]\n", 42, 42, 255, 255, 255, 255);
	printf("[%20d] [%-20u]\n", -9223372036854775807LL, 18446744073709551615ULL);
	exit(0);
}'

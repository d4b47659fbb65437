# C precedence and associativity, each level against its neighbours.
$DTRACE -qn 'BEGIN
{
	printf("%d %d %d\n", 2 + 3 * 4, (2 + 3) * 4, 2 * 3 + 4);
	printf("%d %d %d\n", 100 / 10 / 5, 2 - 3 - 4, 100 % 7 % 3);
	printf("%d %d\n", 1 << 2 + 1, (1 << 2) + 1);
	printf("%d %d\n", 256 >> 2 >> 1, 1 << 1 << 2);
	printf("%d %d\n", 1 < 2 == 1, 3 > 2 > 1);
	printf("%d %d\n", 1 == 2 < 3, (1 == 2) < 3);
	printf("%d %d\n", 6 & 3 == 3, (6 & 3) == 3);
	printf("%d %d\n", 1 | 2 ^ 3 & 4, ((1 | 2) ^ 3) & 4);
	printf("%d %d\n", 1 ^ 1 | 1, 1 ^ (1 | 1));
	printf("%d %d\n", 0 && 1 || 1, 0 && (1 || 1));
	printf("%d %d\n", 1 || 0 && 0, (1 || 0) && 0);
	printf("%d %d\n", 1 ^^ 1 && 0, (1 ^^ 1) && 0);
	printf("%d %d\n", 1 || 1 ^^ 1, (1 || 1) ^^ 1);
	printf("%d %d\n", 1 ? 0 : 0 ? 2 : 3, (1 ? 0 : 0) ? 2 : 3);
	printf("%d\n", 1 ? 2 : 3 + 10);
	printf("%d %d %d\n", -2 * -3, - -4, !!5);
	printf("%d %d\n", ~0 + 1, -(1 + 2));
	a = b = 3;
	a += b *= 2;
	printf("%d %d\n", a, b);
	printf("%d\n", sizeof (int) * 2);
	printf("%d\n", (char)300 + 1);
	printf("%d %d\n", 7 - -3, 7 + +3);
	exit(0);
}'

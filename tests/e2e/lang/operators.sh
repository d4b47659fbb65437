# Every ANSI C operator on integers.
cat > o.d <<'D'
BEGIN
{
	x = 13; y = 4; z = -13;
	printf("+ - * / %%: %d %d %d %d %d\n", x + y, x - y, x * y, x / y, x % y);
	printf("signed / %%: %d %d %d %d\n", z / y, z % y, x / -y, x % -y);
	printf("unary: %d %d %d %d %d\n", -x, +x, ~x, !x, !0);
	printf("<< >>: %d %d %d\n", x << 2, x >> 2, z >> 2);
	printf("& | ^: %d %d %d\n", x & y | 1, x | y, x ^ y);
	printf("< > <= >=: %d %d %d %d %d %d\n", y < x, x < y, x > y, y > x, x <= 13, x >= 14);
	printf("== !=: %d %d %d %d\n", x == 13, x == 12, x != 13, x != 12);
	printf("&& || ^^: %d %d %d %d %d %d\n", 1 && 2, 1 && 0, 0 || 3, 0 || 0, 1 ^^ 0, 2 ^^ 3);
	printf("?: %d %d\n", x > y ? x : y, x < y ? x : y);
	printf("comma: %d\n", (x = 1, y = 2, x + y));
	a = 10;
	a += 5; printf("+= %d ", a);
	a -= 3; printf("-= %d ", a);
	a *= 4; printf("*= %d ", a);
	a /= 5; printf("/= %d ", a);
	a %= 7; printf("%%= %d\n", a);
	a = 12;
	a &= 10; printf("&= %d ", a);
	a |= 5; printf("|= %d ", a);
	a ^= 3; printf("^= %d ", a);
	a <<= 3; printf("<<= %d ", a);
	a >>= 2; printf(">>= %d\n", a);
	b = c = 7;
	printf("chained = %d %d\n", b, c);
	i = 5;
	printf("++ --: %d %d %d %d %d\n", i++, i, ++i, i--, --i);
	printf("after: %d\n", i);
	printf("result of assignment: %d %d\n", (j = 3) + 1, j += 2);
	/* && and || short-circuit: the right side is not evaluated */
	k = 0;
	r = 0 && (k = 1);
	r = 1 || (k = 2);
	printf("short-circuit: k=%d\n", k);
	r = 1 && (k = 3);
	printf("evaluated: k=%d\n", k);
	/* ^^ always evaluates both sides */
	r = 1 ^^ (k = 4);
	printf("^^: k=%d r=%d\n", k, r);
	exit(0);
}
D
$DTRACE -qs o.d

# printf() size modifiers: h and hh narrow the value, l and ll are 64-bit;
# without a modifier, the argument's own size decides.
$DTRACE -qn 'BEGIN
{
	printf("[%hd] [%hu] [%hx] [%hhd] [%hhu] [%hhx]\n", 70000, -1, 0x12345, 300, -1, 0x1ff);
	printf("[%ld] [%lu] [%lx] [%lld] [%llu] [%llx]\n", -1L, -1L, -1L, -2LL, -2LL, -2LL);
	printf("[%d] [%u] [%x]\n", (int)-1, (unsigned)-1, (int)-1);
	printf("[%d] [%u] [%x]\n", (long long)-1, (long long)-1, (long long)-1);
	printf("[%d] [%x]\n", (uint8_t)200, (int16_t)-2);
	x = 1LL << 40;
	printf("[%d] [%x] [%u]\n", x, x, x);
	exit(0);
}'

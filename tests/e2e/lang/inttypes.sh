# C integer types and D's conversions: truncation and sign extension by
# casts, D's arithmetic conversions (no promotion to int), signed versus unsigned compare,
# divide and shift.
$DTRACE -qn 'BEGIN
{
	printf("casts: %d %d %d %d %d\n", (unsigned char)257, (char)255, (signed char)128,
	    (short)70000, (unsigned short)-1);
	printf("int: %d %u %d %d\n", (int)0xffffffff, (unsigned int)-1, (int)4294967296,
	    (int)2147483648);
	printf("long: %ld %lu %lld %llu\n", (long)-1, (unsigned long)-1, (long long)1 << 62,
	    (unsigned long long)-2);
	printf("intN_t: %d %d %d %lld\n", (int8_t)200, (int16_t)40000, (int32_t)0x80000000,
	    (int64_t)-5);
	printf("uintN_t: %u %u %u %llu\n", (uint8_t)-1, (uint16_t)-1, (uint32_t)-1, (uint64_t)-1);
	printf("sizeof: %d %d %d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int),
	    sizeof (long), sizeof (long long), sizeof (uint16_t));
	printf("sizeof expr: %d %d %d\n", sizeof (1), sizeof (1LL), sizeof ((char)1));
	/* -1 < 0U: -1 converts to unsigned; D does not promote to int: unsigned
	   char outranks char, so (char)-1 compares as unsigned, 255 < 2^64-1 */
	printf("compare: %d %d %d %d\n", -1 < 0U, -1 < 0, (unsigned char)255 > (char)-1,
	    -1 < (unsigned char)0);
	printf("compare long: %d %d\n", -1L < 1UL, -1 < 1UL);
	printf("divide: %d %u %d\n", -7 / 2, (unsigned)-7 / 2, -7 % 2);
	printf("divide 64: %lld %llu\n", -7LL / 2, (unsigned long long)-7 / 2);
	printf("shift: %d %u %d %lld\n", -16 >> 2, (unsigned)-16 >> 2, 1 << 31, 1LL << 40);
	printf("shift unsigned 64: %llu\n", 0xffffffffffffffffULL >> 60);
	x = (char)-3;
	y = (unsigned short)65535;
	printf("promoted: %d %d\n", x * 2, y + 1);
	printf("wrap: %d %u\n", 2147483647 + 1, 4294967295U + 1);
	printf("mixed: %lld %d\n", 4000000000 + 1, 0x7fffffff + 0);
	c = (char)65;
	printf("char: %c %d\n", c, c + 1);
	exit(0);
}'

/*
 * inet-addrs
 *
 * Writes each of the 16-byte network addresses below, in order, to
 * /dev/null with one write(2) each (11 writes of 16 bytes; IPv4 addresses
 * are the first 4 bytes of theirs), for tests of inet_ntoa(),
 * inet_ntoa6() and inet_ntop() on copyin(arg1, 16) at write(2)'s entry.
 * Exits 0.
 */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

static uint8_t addrs[][16] = {
	{ 127, 0, 0, 1 },						/* 127.0.0.1 */
	{ 192, 168, 1, 254 },						/* 192.168.1.254 */
	{ 0 },								/* :: */
	{ [15] = 1 },							/* ::1 */
	{ 0xfe, 0x80, [15] = 1 },					/* fe80::1 */
	{ 0x20, 0x01, 0x0d, 0xb8, [9] = 1, [15] = 1 },			/* 2001:db8:0:0:1:0:0:1 */
	{ [10] = 0xff, 0xff, 127, 0, 0, 1 },				/* ::ffff:127.0.0.1 */
	{ [12] = 1, 2, 3, 4 },						/* ::1.2.3.4 */
	{ 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8 },		/* 1:2:3:4:5:6:7:8 */
	{ 0, 1 },							/* 1:: */
	{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
};

int main(void)
{
	int fd = open("/dev/null", O_WRONLY);

	if (fd < 0)
		return 1;
	for (unsigned i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++)
		if (write(fd, addrs[i], 16) != 16)
			return 1;
	return 0;
}

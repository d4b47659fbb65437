# link_ntop(): a hardware address as two lowercase hex digits a byte,
# ':' between them: 6 bytes for ARPHRD_ETHER, 20 for ARPHRD_INFINIBAND
# (the addresses of the Linux DTrace module's tests); another type is an
# illegal operation, a bad address faults.
$DTRACE -qn 'uint8_t ib[20];
BEGIN
{
	this->e = (uint64_t *)alloca(sizeof (uint64_t));
	*this->e = htonll(0x000102030405 << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	*this->e = htonll(0xffffffffffff << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	*this->e = htonll(0x01330a000001 << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	*this->e = htonll(0x020820ac040e << 16);
	printf("%s\n", link_ntop(1, this->e));
	ib[0] = 0x80; ib[1] = 0x00; ib[2] = 0x04; ib[3] = 0x04; ib[4] = 0xFE;
	ib[5] = 0x8C; ib[6] = 0x41; ib[7] = 0x7A; ib[13] = 0x02; ib[14] = 0xC9;
	ib[15] = 0x02; ib[17] = 0x29; ib[18] = 0x31; ib[19] = 0xCD;
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, ib));
	@[link_ntop(ARPHRD_ETHER, ib)] = count();
	exit(0);
}'
# a string of strsize characters holds a prefix
$DTRACE -x strsize=8 -qn 'BEGIN { this->e = (uint64_t *)alloca(8); *this->e = -1; trace(link_ntop(ARPHRD_ETHER, this->e)); exit(0); }'
echo
# another type is an illegal operation; a bad address faults
$DTRACE -qn 'BEGIN { trace(link_ntop(ARPHRD_ETHER + 2, (void *)curthread)); } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { trace(link_ntop(ARPHRD_ETHER, (void *)8)); } BEGIN { trace(link_ntop(ARPHRD_INFINIBAND, NULL)); } BEGIN { exit(0); }'

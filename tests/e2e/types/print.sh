# print(): a value printed as C with its type, in illumos' layout: a struct
# member by member (integers and pointers in hex, enums by name, char
# arrays as strings, arrays element by element, nested structs as
# indented blocks); a scalar as its type and value.  The struct's bytes
# are the trigger's ninth address, 00 01 00 02 ... 00 08, copied in.
$DTRACE -qn '
enum colour { RED = 0x6000500, GREEN };
struct inner { uint16_t lo; uint16_t hi; };
struct s {
	uint8_t b[2];
	uint16_t h;
	struct inner in;
	enum colour c;
	unsigned int f1 : 4;
	unsigned int f2 : 12;
	unsigned int pad : 16;
};
syscall::write:entry /pid == $target && ++n == 9/ {
	this->p = (struct s *)alloca(sizeof(struct s));
	copyinto(arg1, 16, this->p);
	print(*this->p);
	printf("\n");
	print(this->p->in);
	printf("\n");
	print(this->p->h);
	printf("\n");
	print(this->p->b);
	printf("\n");
}' -c "$T/inet-addrs"
# kernel types: pointers as hex, char arrays as strings
$DTRACE -qn 'BEGIN { print(curthread->fs->pwd); printf("\n"); print(curthread->comm); printf("\n"); print(execname); exit(0); }' |
	sed -E 's/0xffff[0-9a-f]+/KADDR/'
# refused: a void value
$DTRACE -qn 'BEGIN { print(trace(1)); }'
# refused: no value, or bigger than a record may hold
$DTRACE -qn 'BEGIN { print((void)0); }'
$DTRACE -qn 'struct big { char a[40000]; }; BEGIN { print(*(struct big *)curthread); }'

# alloca(), bcopy(), copyinto(): scratch memory of the clause, zeroed,
# written by bcopy() (kernel memory) and copyinto() (user memory) and read
# back through pointers; a destination outside alloca()'d memory, a size
# that does not fit and an unreadable source fault (invalid address), an
# alloca() bigger than a variable size allows is out of scratch space.
# BEGIN runs in dtrace: curthread->comm is "dtrace".
$DTRACE -qn 'BEGIN {
	this->p = (char *)alloca(16);
	printf("zeroed %d\n", *(uint64_t *)this->p + *(uint64_t *)(this->p + 8));
	bcopy(curthread->comm, this->p, 16);
	printf("copied %s\n", stringof(this->p));
	bcopy(curthread->comm, this->p + 8, 3);
	printf("inside %s\n", stringof(this->p + 8));
	this->n = 4;
	this->q = (char *)alloca(this->n);
	bcopy(&curthread->comm[2], this->q, this->n - 1);
	printf("variable %s\n", stringof(this->q));
	exit(0);
}'
# copyinto(): the trigger's addresses, as copyin() would give them
$DTRACE -qn 'syscall::write:entry /pid == $target && ++n <= 4/ {
	this->a = alloca(16);
	copyinto(arg1, 16, this->a);
	printf("%s\n", inet_ntoa6(this->a));
}' -c "$T/inet-addrs"
# faults: each clause aborts, the next runs
$DTRACE -qn '
BEGIN { this->p = alloca(16); bcopy(curthread->comm, this->p, 17); }
BEGIN { this->p = alloca(8); bcopy(curthread->comm, (char *)this->p - 8, 8); }
BEGIN { this->p = alloca(8); bcopy(curthread->comm, (char *)this->p + 4, 8); }
BEGIN { bcopy(curthread->comm, (void *)curthread, 8); }
BEGIN { this->p = alloca(8); bcopy(0, this->p, 4); }
BEGIN { this->p = alloca(8); copyinto(8, 8, this->p); }
BEGIN { this->n = 100000; this->p = alloca(this->n); }
BEGIN { this->p = alloca(64); this->n = 65; bcopy(curthread->comm, this->p, this->n); }
BEGIN { exit(0); }' 2>&1 | sed -E 's/0xffff[0-9a-f]+/KADDR/; s/DIF offset [0-9]+/DIF offset N/'
# compile-time refusals
$DTRACE -qn 'BEGIN { this->p = alloca(100000); }'
$DTRACE -qn 'BEGIN { bcopy(1, 2, 3); }'
$DTRACE -qn 'BEGIN { copyinto(1, 2); }'

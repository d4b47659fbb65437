# Bitfields read as C reads them: a kernel one set by chrt --reset-on-fork,
# and a D struct laid over known bytes (the trigger's name), compared with
# shifts and masks of the same word.
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	printf("%d %d\n", curthread->sched_reset_on_fork, curthread->policy);
	exit(0);
}' -c "chrt --reset-on-fork --other 0 $T/getpid-n 1"
$DTRACE -qn 'struct bits { unsigned int a:3; int b:4; unsigned int c:9; };
syscall::getpid:entry /pid == $target/ {
	this->b = (struct bits *)curthread->comm;
	this->w = *(unsigned int *)curthread->comm;
	printf("%d %d %d / %d %d %d\n", this->b->a, this->b->b, this->b->c,
	    this->w & 7, (this->w >> 3) & 15, (this->w >> 7) & 511);
	printf("%d\n", this->b->b == -4 && this->b->b < 0);
	exit(0);
}' -c "$T/getpid-n 1"

# this-> clause-local variables: shared by the clauses of one probe firing,
# typed by assignment or declaration.
$DTRACE -qn '
this int d;
BEGIN { this->a = 5; this->s = "local"; this->d = 300000; }
BEGIN { printf("%d [%s] %d\n", this->a * 2, this->s, this->d); }
BEGIN { this->a = this->a + 1; printf("%d\n", this->a); exit(0); }'
$DTRACE -qn '
syscall::getppid:entry /pid == $target/ { this->v = arg0 + 100; printf("%d\n", this->v); }' -c "$T/getppid-loop 2"

# Issue 18 item 4: a struct from a translator used whole: assigned to a
# this->, self->, global or associative-array variable (*curpsinfo, or
# xlate<psinfo_t>(curthread)), the variable is a psinfo_t holding every
# member the translator defines, read back as members; print() of one.
# BEGIN runs in dtrace itself.
$DTRACE -qn 'BEGIN {
	this->ps = *curpsinfo;
	self->p = xlate<psinfo_t>(curthread);
	g = *curpsinfo;
	a[1] = *curpsinfo;
	printf("%s %d %d\n", this->ps.pr_fname, this->ps.pr_pid == pid, this->ps.pr_ppid == ppid);
	printf("%s %d\n", self->p.pr_fname, self->p.pr_pid == pid);
	printf("%s %s %d\n", g.pr_fname, a[1].pr_fname, a[1].pr_uid == uid);
	exit(0);
}'
# print() of a whole translated struct (the Guide's print(*curpsinfo)):
# stored in a hidden this-> variable first, then printed with its type
$DTRACE -qn 'struct foo { int x; int y; };
translator struct foo < struct task_struct *T > { x = 3; y = T->pid == pid ? 4 : 5; };
BEGIN { print(xlate<struct foo>(curthread)); printf("\n"); exit(0); }'

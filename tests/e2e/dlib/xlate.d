/* translators declared in a script: lazy, member by member */
struct foo {
	int x;
	long y;
	char name[16];
	int bad;
	int undef;
};

translator struct foo < struct task_struct *T > {
	x = T->pid;
	y = T->real_parent->tgid;
	name = T->comm;
	bad = ((struct task_struct *)16)->pid;	/* faults if ever computed */
};

/* a translator from an integer; two translators to one type */
struct sq {
	int v;
};
translator struct sq < int N > { v = N * N; };

BEGIN
{
	printf("x %d, y %d, name %s\n", xlate<struct foo>(curthread).x == pid,
	    xlate<struct foo *>(curthread)->y == ppid, xlate<struct foo *>(curthread)->name);
	printf("sq %d, sq of an expression %d\n", xlate<struct sq>(7).v, xlate<struct sq *>(pid - pid + 3)->v);
	this->t = curthread;
	printf("through a variable %d\n", xlate<struct foo>(this->t).x == pid);
	exit(0);
}

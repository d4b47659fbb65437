# Struct values in global and this-> variables: assigned whole (copied
# from the value's address), their members read as any struct's, traced
# and printed as values; a declared struct variable is zeroed; a bad
# address faults; self-> and associative arrays hold struct values too
# (issue 18 item 4); a struct is refused between different struct types.
# BEGIN runs in dtrace itself.
$DTRACE -qn 'BEGIN {
	x = *curthread;
	printf("pid %s, comm %s, parent %s\n", x.pid == pid ? "ok" : "wrong", stringof(x.comm),
	    x.real_parent->tgid == ppid ? "ok" : "wrong");
	this->p = *curthread->fs;
	printf("this-> %s\n", this->p.pwd.dentry == curthread->fs->pwd.dentry ? "ok" : "wrong");
	exit(0);
}'
$DTRACE -qn 'struct pt { int a; short b; char c[4]; }; struct pt g;
BEGIN { print(g); printf("\n"); g = *(struct pt *)&curthread->comm[0]; print(g); printf("\n"); exit(0); }'
$DTRACE -qn 'BEGIN { x = *(struct path *)0; } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { self->x = *curthread->fs; a[1] = *curthread->fs;
	printf("self-> %s, array %s\n", self->x.pwd.dentry == curthread->fs->pwd.dentry ? "ok" : "wrong",
	    a[1].pwd.mnt == curthread->fs->pwd.mnt ? "ok" : "wrong"); exit(0); }'
$DTRACE -qn 'BEGIN { x = *curthread->fs; x = *curthread; }'

# Kernel types from BTF, checked against values known another way: the
# trigger's pid, name, parent (dtrace itself), a file it opened (/dev/zero
# through its file table), enumerators against sizes, typedef names kept.
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	printf("tgid %d ppid %d\n", curthread->tgid == pid, curthread->real_parent->tgid == ppid);
	printf("comm %s parent %s\n", stringof(curthread->comm), stringof(curthread->real_parent->comm));
	printf("cmp %d %d\n", curthread->comm == "getpid-n", curthread->real_parent->comm != "dtrace");
	printf("grandparent %d\n", curthread->real_parent->real_parent->tgid > 0);
	printf("leader %d\n", curthread->group_leader == curthread);
	printf("enum %d %d\n", TASK_COMM_LEN == sizeof (curthread->comm),
	    PIDTYPE_MAX == sizeof (curthread->pid_links) / sizeof (curthread->pid_links[0]));
	printf("pidns %d\n", curthread->thread_pid->numbers[0].nr == pid);
	printf("ptr %d\n", &curthread->comm[0] == (char *)curthread + offsetof(struct task_struct, comm));
	printf("arith %d\n", (char *)(curthread + 1) - (char *)curthread == sizeof (struct task_struct));
	exit(0);
}' -c "$T/getpid-n 1"
$DTRACE -qn 'syscall::read:entry /pid == $target/ {
	this->f = curthread->files->fdt->fd[arg0];
	printf("%s %s %d %d\n", stringof(this->f->f_path.dentry->d_name.name),
	    this->f->f_path.dentry->d_name.name == "zero" ? "eq" : "ne",
	    this->f->f_inode->i_size, (this->f->f_mode & 1) != 0);
	exit(0);
}' -c "$T/read-n 1"
# typedef names are kept, types are interned, scoped names
$DTRACE -qn 'BEGIN {
	printf("%d %d %d %d\n", sizeof (pid_t), sizeof (u64), sizeof (kuid_t), sizeof (atomic_t));
	printf("%d\n", sizeof (vmlinux`struct file) == sizeof (struct file));
	printf("%d\n", sizeof (vmlinux`kuid_t));
	this->t = curthread->real_parent;
	this->t = curthread->group_leader;
	this->u = (vmlinux`struct task_struct *)curthread;
	this->u = this->t;
	exit(0);
}'
$DTRACE -n 'BEGIN { x = (struct file *)0; x = (kuid_t *)0; }'
$DTRACE -n 'BEGIN { x = curthread; x = curthread->files; }'

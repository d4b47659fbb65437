/* bench/types200.d: 200 lines of D over kernel types, for bench compile200 */
struct pair { int a; long b; };
typedef struct pair pair_t;
enum level { LOW, MID = 5, HIGH };
inline int DEPTH = 3;
int counts[16];

syscall::read:entry
/curthread->real_parent->tgid == $pid/
{
	this->t = curthread;
	@tg[stringof(this->t->comm)] = count();
	counts[pid & 15]++;
}

syscall::write:entry
/curthread->files != 0/
{
	this->f = curthread->files->fdt->fd[0];
	@f[stringof(this->f->f_path.dentry->d_name.name)] = count();
	trace(this->f->f_inode->i_size);
}

syscall::openat:entry
/curthread->mm/
{
	trace(curthread->mm->total_vm);
	trace(curthread->se.vruntime);
	trace(sizeof (struct mm_struct));
}

syscall::close:entry
/curthread->pid != 0/
{
	this->p = (pair_t *)curthread;
	trace(this->p->b + MID * DEPTH);
	trace(offsetof(struct task_struct, comm));
}

syscall::getpid:entry
/curthread->tgid == pid/
{
	trace(curthread->group_leader->real_parent->pid);
	trace(curthread->cred->uid.val);
	trace(curthread->sched_reset_on_fork);
}

syscall::getppid:entry
/TASK_COMM_LEN == 16/
{
	trace(curthread->thread_pid->numbers[0].nr);
	trace(curthread->signal->nr_threads);
	trace((kuid_t *)0 == (kuid_t *)0);
}

syscall::mmap:entry
/curthread->real_parent->tgid == $pid/
{
	this->t = curthread;
	@tg[stringof(this->t->comm)] = count();
	counts[pid & 15]++;
}

syscall::brk:entry
/curthread->files != 0/
{
	this->f = curthread->files->fdt->fd[0];
	@f[stringof(this->f->f_path.dentry->d_name.name)] = count();
	trace(this->f->f_inode->i_size);
}

syscall::ioctl:entry
/curthread->mm/
{
	trace(curthread->mm->total_vm);
	trace(curthread->se.vruntime);
	trace(sizeof (struct mm_struct));
}

syscall::newfstat:entry
/curthread->pid != 0/
{
	this->p = (pair_t *)curthread;
	trace(this->p->b + MID * DEPTH);
	trace(offsetof(struct task_struct, comm));
}

syscall::lseek:entry
/curthread->tgid == pid/
{
	trace(curthread->group_leader->real_parent->pid);
	trace(curthread->cred->uid.val);
	trace(curthread->sched_reset_on_fork);
}

syscall::poll:entry
/TASK_COMM_LEN == 16/
{
	trace(curthread->thread_pid->numbers[0].nr);
	trace(curthread->signal->nr_threads);
	trace((kuid_t *)0 == (kuid_t *)0);
}

syscall::futex:entry
/curthread->real_parent->tgid == $pid/
{
	this->t = curthread;
	@tg[stringof(this->t->comm)] = count();
	counts[pid & 15]++;
}

syscall::nanosleep:entry
/curthread->files != 0/
{
	this->f = curthread->files->fdt->fd[0];
	@f[stringof(this->f->f_path.dentry->d_name.name)] = count();
	trace(this->f->f_inode->i_size);
}

syscall::clock_gettime:entry
/curthread->mm/
{
	trace(curthread->mm->total_vm);
	trace(curthread->se.vruntime);
	trace(sizeof (struct mm_struct));
}

syscall::sched_yield:entry
/curthread->pid != 0/
{
	this->p = (pair_t *)curthread;
	trace(this->p->b + MID * DEPTH);
	trace(offsetof(struct task_struct, comm));
}

syscall::dup:entry
/curthread->tgid == pid/
{
	trace(curthread->group_leader->real_parent->pid);
	trace(curthread->cred->uid.val);
	trace(curthread->sched_reset_on_fork);
}

syscall::pipe:entry
/TASK_COMM_LEN == 16/
{
	trace(curthread->thread_pid->numbers[0].nr);
	trace(curthread->signal->nr_threads);
	trace((kuid_t *)0 == (kuid_t *)0);
}

syscall::socket:entry
/curthread->real_parent->tgid == $pid/
{
	this->t = curthread;
	@tg[stringof(this->t->comm)] = count();
	counts[pid & 15]++;
}

syscall::connect:entry
/curthread->files != 0/
{
	this->f = curthread->files->fdt->fd[0];
	@f[stringof(this->f->f_path.dentry->d_name.name)] = count();
	trace(this->f->f_inode->i_size);
}

syscall::read:entry
/curthread->mm/
{
	trace(curthread->mm->total_vm);
	trace(curthread->se.vruntime);
	trace(sizeof (struct mm_struct));
}

syscall::write:entry
/curthread->pid != 0/
{
	this->p = (pair_t *)curthread;
	trace(this->p->b + MID * DEPTH);
	trace(offsetof(struct task_struct, comm));
}

syscall::openat:entry
/curthread->tgid == pid/
{
	trace(curthread->group_leader->real_parent->pid);
	trace(curthread->cred->uid.val);
	trace(curthread->sched_reset_on_fork);
}

syscall::close:entry
/TASK_COMM_LEN == 16/
{
	trace(curthread->thread_pid->numbers[0].nr);
	trace(curthread->signal->nr_threads);
	trace((kuid_t *)0 == (kuid_t *)0);
}

BEGIN { exit(0); }

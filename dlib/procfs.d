/*
 * procfs.d -- DTrace's stable views of processes and threads: psinfo_t and
 * lwpsinfo_t (the proc and sched providers' arguments), translated from
 * Linux's struct task_struct; curpsinfo and curlwpsinfo.
 *
 * A Linux process is a thread group: pr_pid is its tgid, pr_lwpid a
 * thread's pid.  Members without a Linux counterpart are declared (the
 * layout is DTrace's) but not translated; naming one is an error.
 */

typedef int taskid_t;
typedef int projid_t;
typedef int poolid_t;
typedef int zoneid_t;
typedef int psetid_t;
typedef int lgrp_id_t;

typedef struct timestruc {
	int64_t tv_sec;
	long tv_nsec;
} timestruc_t;

/* pr_state */
inline char SSLEEP = 1;		/* sleeping */
inline char SRUN = 2;		/* runnable */
inline char SZOMB = 3;		/* exited, not yet reaped */
inline char SSTOP = 4;		/* stopped */
inline char SIDL = 5;		/* being created */
inline char SONPROC = 6;	/* running on a CPU */
inline char SWAIT = 7;		/* waiting to become runnable */

/*
 * pr_flag: illumos' flag bits.  Linux sets PR_ISSYS (a kernel thread,
 * PF_KTHREAD), PR_IDLE (a CPU's idle thread, PF_IDLE), PR_STOPPED (stopped
 * or traced), PR_ASLEEP (sleeping) and PR_PTRACE (being ptraced); the
 * others are never set.
 */
inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_STEP = 0x00000008;
inline int PR_ASLEEP = 0x00000010;
inline int PR_PCINVAL = 0x00000020;
inline int PR_ASLWP = 0x00000040;
inline int PR_AGENT = 0x00000080;
inline int PR_DETACH = 0x00000100;
inline int PR_DAEMON = 0x00000200;
inline int PR_IDLE = 0x00000400;
inline int PR_ISSYS = 0x00001000;
inline int PR_VFORKP = 0x00002000;
inline int PR_ORPHAN = 0x00004000;
inline int PR_NOSIGCHLD = 0x00008000;
inline int PR_WAITPID = 0x00010000;
inline int PR_FORK = 0x00100000;
inline int PR_RLC = 0x00200000;
inline int PR_KLC = 0x00400000;
inline int PR_ASYNC = 0x00800000;
inline int PR_MSACCT = 0x01000000;
inline int PR_BPTADJ = 0x02000000;
inline int PR_PTRACE = 0x04000000;
inline int PR_MSFORK = 0x08000000;

/*
 * pr_stype: the kind of object a thread sleeps on.  A Linux thread sleeps
 * on a wait queue, illumos' nearest is a condition variable: SOBJ_CV while
 * sleeping, else SOBJ_NONE.
 */
inline int SOBJ_NONE = 0;
inline int SOBJ_MUTEX = 1;
inline int SOBJ_RWLOCK = 2;
inline int SOBJ_CV = 3;
inline int SOBJ_SEMA = 4;
inline int SOBJ_USER = 5;
inline int SOBJ_USER_PI = 6;
inline int SOBJ_SHUTTLE = 7;

/* pr_dmodel */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

typedef struct lwpsinfo {
	int pr_flag;		/* flags */
	id_t pr_lwpid;		/* thread id (Linux: the thread's pid) */
	uintptr_t pr_addr;	/* its struct task_struct */
	uintptr_t pr_wchan;	/* wait address */
	char pr_stype;		/* synchronization event type */
	char pr_state;		/* SSLEEP, SRUN, ... */
	char pr_sname;		/* the state as a letter: S R Z T I O W */
	char pr_nice;		/* nice value */
	short pr_syscall;	/* system call number */
	char pr_oldpri;
	char pr_cpu;
	int pr_pri;		/* priority (Linux's prio: lower runs first) */
	ushort_t pr_pctcpu;
	timestruc_t pr_start;
	timestruc_t pr_time;
	char pr_clname[8];	/* scheduling class */
	char pr_name[16];	/* thread name (its comm) */
	processorid_t pr_onpro;	/* CPU last run on */
	processorid_t pr_bindpro;
	psetid_t pr_bindpset;
	lgrp_id_t pr_lgrp;
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;		/* PR_ISSYS, PR_PTRACE (the process's main thread) */
	int pr_nlwp;		/* threads */
	pid_t pr_pid;		/* process id (tgid) */
	pid_t pr_ppid;		/* parent's process id */
	pid_t pr_pgid;		/* process group */
	pid_t pr_sid;		/* session */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* the struct task_struct */
	size_t pr_size;
	size_t pr_rssize;
	dev_t pr_ttydev;
	ushort_t pr_pctcpu;
	ushort_t pr_pctmem;
	timestruc_t pr_start;
	timestruc_t pr_time;
	timestruc_t pr_ctime;
	char pr_fname[16];	/* name of the program (the thread group leader's comm) */
	char pr_psargs[80];	/* arguments (of the current process; others: the name) */
	int pr_wstat;		/* exit status */
	int pr_argc;
	uintptr_t pr_argv;
	uintptr_t pr_envp;
	char pr_dmodel;		/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	taskid_t pr_taskid;
	projid_t pr_projid;
	int pr_nzomb;
	poolid_t pr_poolid;
	zoneid_t pr_zoneid;
	id_t pr_contract;
	lwpsinfo_t pr_lwp;
} psinfo_t;

translator psinfo_t < struct task_struct *T > {
	pr_flag = ((T->group_leader->flags & 0x00200000) ? PR_ISSYS : 0) |
	    (T->group_leader->ptrace != 0 ? PR_PTRACE : 0);
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->real_cred->uid.val;
	pr_euid = T->real_cred->euid.val;
	pr_gid = T->real_cred->gid.val;
	pr_egid = T->real_cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_fname = T->group_leader->comm;
	pr_psargs = T == curthread && T->mm != NULL ?
	    __dt_psargs(T->mm->arg_start, T->mm->arg_end - T->mm->arg_start) :
	    stringof(T->group_leader->comm);
	pr_wstat = T->exit_code;
	pr_dmodel = (T->thread_info.status & 2) ? PR_MODEL_ILP32 : PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

/* __state: TASK_INTERRUPTIBLE 1, TASK_UNINTERRUPTIBLE 2, __TASK_STOPPED 4,
 * __TASK_TRACED 8, TASK_DEAD 0x80, TASK_NEW 0x800 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = ((T->flags & 0x00200000) ? PR_ISSYS : 0) |
	    ((T->flags & 0x00000002) ? PR_IDLE : 0) |
	    ((T->__state & 0xc) ? PR_STOPPED : 0) |
	    ((T->__state & 3) ? PR_ASLEEP : 0) |
	    (T->ptrace != 0 ? PR_PTRACE : 0);
	pr_stype = (T->__state & 3) ? SOBJ_CV : SOBJ_NONE;
	pr_clname = T->flags & 0x00200000 ? "SYS" :
	    T->policy == 1 || T->policy == 2 || T->policy == 6 ? "RT" : "TS";
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_state = T->exit_state != 0 ? SZOMB :
	    T->__state == 0 ? (T->on_cpu ? SONPROC : SRUN) :
	    (T->__state & 3) ? SSLEEP : (T->__state & 0xc) ? SSTOP :
	    (T->__state & 0x80) ? SZOMB : (T->__state & 0x800) ? SIDL : SWAIT;
	pr_sname = T->exit_state != 0 ? 'Z' :
	    T->__state == 0 ? (T->on_cpu ? 'O' : 'R') :
	    (T->__state & 3) ? 'S' : (T->__state & 0xc) ? 'T' :
	    (T->__state & 0x80) ? 'Z' : (T->__state & 0x800) ? 'I' : 'W';
	pr_nice = T->static_prio - 120;
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

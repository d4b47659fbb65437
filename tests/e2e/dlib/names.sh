# Issue 18 item 10: the D library has the names scripts use from illumos':
# ipaddr_t and in6_addr_t (illumos' member names), AF_INET/AF_INET6 (Linux's
# values), the pr_flag bits (PR_IDLE, PR_ISSYS ...) and the SOBJ_* kinds of
# pr_stype, and lwpsinfo_t's pr_flag, pr_stype, pr_clname, psinfo_t's
# pr_flag and cpuinfo_t's cpu_chip/cpu_lgrp translated with Linux's nearest
# values: a kernel thread is PR_ISSYS in class "SYS", a CPU's idle thread
# also PR_IDLE, a sleeping thread PR_ASLEEP on a SOBJ_CV, a normal thread
# in "TS"; one chip and one locality group.
rp=$(printf -- '->real_parent%.0s' $(seq 40)) # up to init_task (its own parent): swapper/0
$DTRACE -qn 'BEGIN {
	printf("ipaddr_t %d, in6_addr_t %d, _S6_un at %d, AF_INET %d, AF_INET6 %d, (ipaddr_t)-1 %u\n",
	    sizeof(ipaddr_t), sizeof(in6_addr_t), offsetof(in6_addr_t, _S6_un), AF_INET, AF_INET6, (ipaddr_t)-1);
	printf("PR_STOPPED %x PR_ASLEEP %x PR_IDLE %x PR_ISSYS %x PR_PTRACE %x\n",
	    PR_STOPPED, PR_ASLEEP, PR_IDLE, PR_ISSYS, PR_PTRACE);
	printf("SOBJ_NONE %d SOBJ_MUTEX %d SOBJ_CV %d SOBJ_SHUTTLE %d\n", SOBJ_NONE, SOBJ_MUTEX, SOBJ_CV, SOBJ_SHUTTLE);
	printf("%s: flag %x clname %s stype %d, process flag %x\n", curlwpsinfo->pr_name,
	    curlwpsinfo->pr_flag, curlwpsinfo->pr_clname, curlwpsinfo->pr_stype, curpsinfo->pr_flag);
	this->t = curthread'"$rp"';
	printf("%s: lwp %d flag %x clname %s stype %d, process flag %x\n",
	    xlate <lwpsinfo_t *> (this->t)->pr_name, xlate <lwpsinfo_t *> (this->t)->pr_lwpid,
	    xlate <lwpsinfo_t *> (this->t)->pr_flag, xlate <lwpsinfo_t *> (this->t)->pr_clname,
	    xlate <lwpsinfo_t *> (this->t)->pr_stype, xlate <psinfo_t *> (this->t)->pr_flag);
	printf("cpu_chip %d cpu_lgrp %d cpu_pset %d\n", curcpu->cpu_chip, curcpu->cpu_lgrp, curcpu->cpu_pset);
	exit(0); }' | sed '/^$/d'
# a thread going to sleep (nanosleep): off-cpu in SSLEEP on a condition variable
$DTRACE -qn 'int done; sched:::off-cpu /pid == $target && curlwpsinfo->pr_state == SSLEEP && !done/ {
	done = 1;
	printf("nap-n asleep: stype is SOBJ_CV %d, PR_ASLEEP %d, PR_ISSYS %d, clname %s\n",
	    curlwpsinfo->pr_stype == SOBJ_CV, (curlwpsinfo->pr_flag & PR_ASLEEP) != 0,
	    (curlwpsinfo->pr_flag & PR_ISSYS) != 0, curlwpsinfo->pr_clname); }' -c "$T/nap-n 3" | sed '/^$/d'

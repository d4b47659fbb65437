# curpsinfo, curlwpsinfo and curcpu (dlib/procfs.d, sched.d) describe the
# thread that fires the probe: checked against the trigger's real pid,
# parent (dtrace, $pid), name, thread id and CPU, and in BEGIN against
# dtrace itself (its parent is this shell; its process group and session
# are the shell's, as ps(1) reports them).  pr_psargs is the command's
# arguments (the trigger's directory shown as T).
$DTRACE -qn '
syscall::nanosleep:entry /pid == $target/ {
	printf("pid %d, ppid %d, fname %s, psargs %s\n", curpsinfo->pr_pid == $target,
	    curpsinfo->pr_ppid == $pid, curpsinfo->pr_fname, curpsinfo->pr_psargs);
	printf("nlwp %d, uid %d, euid %d, gid %d, egid %d, addr %d, dmodel LP64 %d, zone %d\n",
	    curpsinfo->pr_nlwp, curpsinfo->pr_uid == uid, curpsinfo->pr_euid == uid,
	    curpsinfo->pr_gid == gid, curpsinfo->pr_egid == gid,
	    curpsinfo->pr_addr == (uintptr_t)curthread, curpsinfo->pr_dmodel == PR_MODEL_LP64,
	    curpsinfo->pr_zoneid);
	printf("lwpid %d, state %d (SONPROC %d), sname %c, onpro %d, name %s, pri %d, nice %d\n",
	    curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_state, SONPROC, curlwpsinfo->pr_sname,
	    curlwpsinfo->pr_onpro == cpu, curlwpsinfo->pr_name, curlwpsinfo->pr_pri == curthread->prio,
	    curlwpsinfo->pr_nice);
	printf("curcpu: cpu_id %d, cpu_pset %d\n", curcpu->cpu_id == cpu, curcpu->cpu_pset);
	exit(0);
}' -c "$T/nap-n 1" | sed "s|$T/|T/|"
$DTRACE -qn 'BEGIN { printf("dtrace: pid %d, ppid %d, pgid %d, sid %d, fname %s\n",
	curpsinfo->pr_pid == $pid, curpsinfo->pr_ppid == $ppid, curpsinfo->pr_pgid == $1,
	curpsinfo->pr_sid == $2, curpsinfo->pr_fname); exit(0); }' $(ps -o pgid= -p $$) $(ps -o sid= -p $$)

# illumos' lock subroutines on Linux's locks (dlib/lock.d).  A task's
# mm->mmap_lock (a struct rw_semaphore) is held by it, for reading or for
# writing as the tracepoint says, when mmap_lock_acquire_returned fires
# with success: rw_read_held() is then 1 and rw_write_held() 0 for a
# reader, the other way round for a writer, and rw_iswriter() follows the
# writer.  A single-threaded process's signal->cred_guard_mutex (a struct
# mutex, held only across execve and ptrace attach) is free at getpid():
# mutex_owned() 0, mutex_owner() NULL; a Linux mutex is adaptive, never a
# spin mutex.  They take one argument, as illumos' prototypes.  The rows
# print in key order (aggsortkey): how many of each a process start takes
# depends on the kernel.
if ! $DTRACE -ln 'sdt:mmap_lock::mmap_lock_acquire_returned' >/dev/null 2>&1; then
	echo "SKIP: the kernel has no mmap_lock tracepoints"
	exit 0
fi
$DTRACE -x aggsortkey -qn 'sdt:mmap_lock::mmap_lock_acquire_returned /pid == $target && args[2]/ {
	@[args[1], rw_read_held(&args[0]->mmap_lock), rw_write_held(&args[0]->mmap_lock),
	  rw_iswriter(&args[0]->mmap_lock)] = count(); }
	END { printa("write=%d read_held=%d write_held=%d iswriter=%d\n", @); }' -c "$T/open-two"
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	this->m = &curthread->signal->cred_guard_mutex;
	printf("%d %d %d %d\n", mutex_owned(this->m), mutex_owner(this->m) == NULL,
	    mutex_type_adaptive(this->m), mutex_type_spin(this->m)); }' -c "$T/getpid-n 1"
$DTRACE -qn 'BEGIN { mutex_owned(); }'

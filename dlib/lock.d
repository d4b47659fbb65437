/*
 * lock.d -- illumos' lock subroutines on Linux's sleeping locks:
 * mutex_owned(), mutex_owner(), mutex_type_adaptive(), mutex_type_spin()
 * on a struct mutex, rw_read_held(), rw_write_held(), rw_iswriter() on a
 * struct rw_semaphore.  illumos has them as built-in functions of
 * kmutex_t * and krwlock_t *; here they are the library's inlines with a
 * parameter, called as functions (front/dt_cook_call.c), of any pointer.
 *
 * struct mutex: `owner` (atomic_long_t) is the owning task_struct's
 * address, its low three bits flags (MUTEX_FLAGS: waiters, handoff,
 * pickup); 0 when free.  mutex_owner() is that address as a void *
 * (illumos' is a kthread_t *).  The library names no kernel type here,
 * so that a program using none never reads the kernel's BTF: `owner` and
 * `count` are the first members of their structs (as in every kernel
 * without PREEMPT_RT, whose mutex and rwsem are rt_mutex based and not
 * read correctly here), read as int64_t; cast mutex_owner() to a
 * struct task_struct * to read the owner's members.  A Linux mutex is adaptive (its waiters spin
 * while the owner runs, then sleep), as illumos' adaptive mutex: it is
 * never a spin mutex (spinlocks are another type).
 *
 * struct rw_semaphore: `count` (atomic_long_t) has bit 0 set while a
 * writer holds it (RWSEM_WRITER_LOCKED), bits 1 and 2 the waiters and
 * handoff flags, and from bit 8 the readers that hold it (or are taking
 * it), bit 63 a reader's failed attempt.  illumos' rw_iswriter() is also
 * true while a writer waits: Linux's count does not tell who waits, so
 * here it is true while a writer holds the lock.
 */

inline int mutex_owned[void *m] =
	(*(int64_t *)m & ~0x7LL) != 0;
inline void *mutex_owner[void *m] =
	(void *)(*(int64_t *)m & ~0x7LL);
inline int mutex_type_adaptive[void *m] = m == m;
inline int mutex_type_spin[void *m] = m != m;

inline int rw_write_held[void *rw] =
	(*(int64_t *)rw & 0x1) != 0;
inline int rw_read_held[void *rw] =
	(*(int64_t *)rw & 0x1) == 0 &&
	(*(int64_t *)rw & 0x7fffffffffffff00LL) != 0;
inline int rw_iswriter[void *rw] =
	(*(int64_t *)rw & 0x1) != 0;

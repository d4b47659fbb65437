# -C and an interpreter file: the "#!" first line is not given to cpp
# (illumos' dtrace skips it), and line numbers still count it: __LINE__ and
# an error's line are the file's.  A -C script may include system headers
# (<sys/types.h>, <endian.h>): their C functions and prototypes are not D's
# and are skipped, their types and macros are there (see docs/d-language.md).
printf '#!/usr/sbin/dtrace -Cqs\n#define N 7\nBEGIN { printf("%%d %%d\\n", N, __LINE__); exit(0); }\n' > a.d
$DTRACE -Cqs a.d
printf '#!/usr/sbin/dtrace -Zqs\n\n\nBEGIN { x = ; }\n' > e.d
$DTRACE -Cqs e.d
printf '#!/usr/sbin/dtrace -Cqs\n#include <sys/types.h>\n#include <endian.h>\n#include <stdint.h>\nBEGIN { printf("%%d %%d %%d %%d\\n", BYTE_ORDER == LITTLE_ENDIAN || BYTE_ORDER == BIG_ENDIAN, sizeof (pid_t), sizeof (off_t), sizeof (u_int8_t)); exit(0); }\n' > h.d
$DTRACE -Cqs h.d

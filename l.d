BEGIN { trace(1); }
syscall::getppid:entry, END {}

/* raw tracepoint programs that may nest count their depth (gen_nest) */
syscall::getppid:entry { @a[probefunc] = count(); }
sdt:irq::irq_handler_entry { trace(arg0); }

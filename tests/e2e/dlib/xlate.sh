# translator declarations and xlate<>: members are computed only where a
# program names them (struct foo's bad would fault), through . on
# xlate<T>() and -> on xlate<T *>(); a whole translated struct stored in
# a variable (issue 18 item 4); then each refusal, with DTrace's messages.
$DTRACE -qs $D/xlate.d
e() { $DTRACE -qn "struct foo { int x; int y; }; $1" 2>&1 | sed 's/^dtrace: invalid probe specifier.*: in /in /'; }
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; BEGIN { trace(xlate<struct foo>(curthread).y); }'
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; BEGIN { trace(xlate<struct foo>(curthread).z); }'
e 'translator struct foo < struct task_struct *T > { z = T->pid; };'
e 'translator struct foo < struct task_struct *T > { x = T->pid; x = 1; };'
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; translator struct foo < struct task_struct *T > { y = 1; };'
e 'translator int < struct task_struct *T > { x = 1; };'
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; BEGIN { trace(xlate<struct foo>("a").x); }'
e 'BEGIN { trace(xlate<struct foo>(curthread).x); }'
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; BEGIN { trace(xlate<struct foo *>(curthread).x); }'
e 'translator struct foo < struct task_struct *T > { x = T->comm; }; BEGIN { trace(xlate<struct foo *>(curthread)->x); }'
e 'translator struct foo < struct task_struct *T > { x = T->pid; }; BEGIN { this->f = xlate<struct foo>(curthread); printf("whole: %d\n", this->f.x == pid); exit(0); }'
e 'BEGIN { this->p = curpsinfo; }'
e 'BEGIN { trace(curpsinfo->pr_start.tv_sec); }'
e 'BEGIN { trace(curpsinfo->pr_nosuch); }'

# ustack.sh's -c command: the traced process is its child
"$T/ustack-fp" 1
true

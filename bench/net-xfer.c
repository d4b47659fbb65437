/*
 * net-xfer MB [CHUNK]: one TCP connection over 127.0.0.1 (port 7090) of
 * the current network namespace carrying MB megabytes from client to
 * server in writes of CHUNK bytes (default 65536; with TCP_NODELAY when
 * smaller, so that each write is a segment) (bench/net.sh runs it in a
 * namespace of its own).  Prints the transfer's wall time in nanoseconds.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[65536];
	long long total = (argc > 1 ? atoll(argv[1]) : 1024) << 20, got = 0;
	size_t chunk = argc > 2 ? (size_t)atoi(argv[2]) : sizeof(buf);
	struct sockaddr_in s = { .sin_family = AF_INET, .sin_port = htons(7090) };
	struct timespec t0, t1;
	int l, c, a, one = 1;
	ssize_t r;

	s.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(l, (struct sockaddr *)&s, sizeof(s)) != 0 || listen(l, 1) != 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (fork() == 0) {
		long long sent = 0;

		c = socket(AF_INET, SOCK_STREAM, 0);
		if (chunk < sizeof(buf))
			setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		else
			chunk = sizeof(buf);
		if (connect(c, (struct sockaddr *)&s, sizeof(s)) != 0)
			_exit(1);
		while (sent < total && (r = write(c, buf, chunk)) > 0)
			sent += r;
		close(c);
		_exit(0);
	}
	if ((a = accept(l, NULL, NULL)) < 0)
		return 1;
	while ((r = read(a, buf, sizeof(buf))) > 0)
		got += r;
	wait(NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%lld\n", (t1.tv_sec - t0.tv_sec) * 1000000000LL + t1.tv_nsec - t0.tv_nsec);
	return got >= total ? 0 : 1;
}

/*
 * udp-xfer FAMILY DST PORT N BYTES [NETNS]
 *
 * UDP traffic with known counts: a receiver (a child process, in the
 * network namespace /run/netns/NETNS when given, else this one) binds
 * PORT on every address of FAMILY (4 or 6); then the sender, connected to
 * DST:PORT, sends N datagrams of BYTES bytes, one send(2) each, and waits
 * for the receiver to have received all N (it exits 0 if it did).  Exits
 * 0 if every datagram arrived.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static socklen_t addr(int fam, const char *a, int port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (fam == 4) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		s->sin_family = AF_INET;
		s->sin_port = htons(port);
		if (a != NULL && inet_pton(AF_INET, a, &s->sin_addr) != 1)
			exit(2);
		return sizeof(*s);
	}
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

	s6->sin6_family = AF_INET6;
	s6->sin6_port = htons(port);
	if (a != NULL && inet_pton(AF_INET6, a, &s6->sin6_addr) != 1)
		exit(2);
	return sizeof(*s6);
}

int main(int argc, char **argv)
{
	struct sockaddr_storage ss;
	int fam, port, n, bytes, p[2], st;
	socklen_t len;
	char *buf, c;
	pid_t pid;

	if (argc != 6 && argc != 7)
		return 2;
	fam = atoi(argv[1]), port = atoi(argv[3]), n = atoi(argv[4]), bytes = atoi(argv[5]);
	if ((buf = calloc(1, bytes + 1)) == NULL || pipe(p) != 0)
		return 1;
	if ((pid = fork()) == 0) {
		char path[256];
		int fd, s;

		if (argc == 7) {
			snprintf(path, sizeof(path), "/run/netns/%s", argv[6]);
			if ((fd = open(path, O_RDONLY)) < 0 || setns(fd, CLONE_NEWNET) != 0) {
				perror("setns");
				_exit(1);
			}
		}
		s = socket(fam == 4 ? AF_INET : AF_INET6, SOCK_DGRAM, 0);
		len = addr(fam, NULL, port, &ss);
		if (s < 0 || bind(s, (struct sockaddr *)&ss, len) != 0) {
			perror("bind");
			_exit(1);
		}
		if (write(p[1], "r", 1) != 1)
			_exit(1);
		for (int i = 0; i < n; i++)
			if (recv(s, buf, bytes + 1, 0) != bytes)
				_exit(1);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		return 1;
	int s = socket(fam == 4 ? AF_INET : AF_INET6, SOCK_DGRAM, 0);

	len = addr(fam, argv[2], port, &ss);
	if (s < 0 || connect(s, (struct sockaddr *)&ss, len) != 0) {
		perror("connect");
		return 1;
	}
	for (int i = 0; i < n; i++)
		if (send(s, buf, bytes, 0) != bytes)
			return 1;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return 1;
	return 0;
}

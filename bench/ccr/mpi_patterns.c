/* The MPI peer of bench/ccr's five CCR patterns, one per run:
 *   mpi_patterns pipeline|shift|twoshifts|rendezvous|exchange
 * with CCR_ROUNDS rounds of 8-byte messages, as the .asp programs do:
 *   pipeline    rank i receives from i-1 and sends to i+1; the last rank
 *               times the stream from its first message
 *   shift       every rank streams to its right neighbour and receives
 *               from its left, nonblocking, in windows of 64 messages
 *   twoshifts   the same to and from both neighbours
 *   rendezvous  MPI_Sendrecv to the right, from the left, every round
 *   exchange    MPI_Alltoall of one double per pair, every round
 * The streaming patterns report the slowest rank (MPI_Reduce of MAX). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Window = 64 };

static void report(const char *pattern, int n, long rounds, double seconds,
                   long perRound) {
  printf("%s: %d instances, %ld rounds: %.3f us per round, %.3f million "
         "messages/s\n",
         pattern, n, rounds, seconds * 1e6 / (double)rounds,
         (double)rounds * (double)perRound / seconds / 1e6);
}

/* Streams `rounds` messages to each of the `k` targets and receives as
 * many from each source, a window at a time. */
static double stream(int k, const int *to, const int *from, long rounds) {
  MPI_Request req[4 * Window];
  double out[2][Window], in[2][Window];
  double t0 = 0;
  for (long base = 0; base < rounds; base += Window) {
    long w = rounds - base < Window ? rounds - base : Window;
    int nreq = 0;
    for (int j = 0; j < k; ++j)
      for (long i = 0; i < w; ++i)
        MPI_Irecv(&in[j][i], 1, MPI_DOUBLE, from[j], j, MPI_COMM_WORLD,
                  &req[nreq++]);
    for (int j = 0; j < k; ++j)
      for (long i = 0; i < w; ++i) {
        out[j][i] = (double)(base + i);
        MPI_Isend(&out[j][i], 1, MPI_DOUBLE, to[j], j, MPI_COMM_WORLD,
                  &req[nreq++]);
      }
    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    if (base == 0)
      t0 = MPI_Wtime(); /* after the first window, as the sinks time it */
  }
  return MPI_Wtime() - t0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  const char *p = argc > 1 ? argv[1] : "shift";
  const char *env = getenv("CCR_ROUNDS");
  long rounds = env ? atol(env) : 100000;
  int right = (me + 1) % n, left = (me + n - 1) % n;
  double v = 0, got = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (!strcmp(p, "pipeline")) {
    double t0 = 0;
    for (long r = 0; r < rounds; ++r) {
      if (me > 0)
        MPI_Recv(&got, 1, MPI_DOUBLE, me - 1, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      if (r == 0)
        t0 = MPI_Wtime();
      v = (double)r;
      if (me < n - 1)
        MPI_Send(&v, 1, MPI_DOUBLE, me + 1, 0, MPI_COMM_WORLD);
    }
    if (me == n - 1)
      report("pipeline", n, rounds - 1, MPI_Wtime() - t0, n - 1);
  } else if (!strcmp(p, "shift") || !strcmp(p, "twoshifts")) {
    int two = !strcmp(p, "twoshifts");
    int to[2] = {right, left}, from[2] = {left, right};
    double s = stream(two ? 2 : 1, to, from, rounds), slowest;
    MPI_Reduce(&s, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (me == 0)
      report(two ? "two shifts" : "shift", n, rounds - Window, slowest,
             two ? 2 * n : n);
  } else if (!strcmp(p, "rendezvous")) {
    double t0 = 0;
    for (long r = 0; r < rounds; ++r) {
      if (r == 1)
        t0 = MPI_Wtime();
      v = (double)r;
      MPI_Sendrecv(&v, 1, MPI_DOUBLE, right, 0, &got, 1, MPI_DOUBLE, left, 0,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (me == 0)
      report("rendezvous shift", n, rounds - 1, MPI_Wtime() - t0, n);
  } else if (!strcmp(p, "exchange")) {
    double *out = calloc((size_t)n, sizeof(double));
    double *in = calloc((size_t)n, sizeof(double));
    double t0 = 0;
    for (long r = 0; r < rounds; ++r) {
      if (r == 1)
        t0 = MPI_Wtime();
      MPI_Alltoall(out, 1, MPI_DOUBLE, in, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    }
    if (me == 0)
      report("exchange", n, rounds - 1, MPI_Wtime() - t0, (long)n * (n - 1));
    free(out);
    free(in);
  }
  MPI_Finalize();
  return 0;
}

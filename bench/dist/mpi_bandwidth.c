/* MPI peer of bench/dist/bandwidth.asp: the same sizes and counts, MPI_Send
 * from rank 0 and MPI_Recv on rank 1, then a one-long answer; each size
 * twice, the second pass timed. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static long count_for(long size) {
  const char *env = getenv("BANDWIDTH_BYTES");
  long total = env ? atol(env) : 256L << 20;
  long n = total / size;
  return n < 64 ? 64 : n;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *buf = malloc(16L << 20);
  for (long size = 1024; size <= (16L << 20); size *= 4) {
    long n = count_for(size), ack = 0;
    for (int pass = 0; pass < 2; ++pass) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      if (rank == 0) {
        for (long i = 0; i < n; ++i)
          MPI_Send(buf, (int)size, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&ack, 1, MPI_LONG, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double s = MPI_Wtime() - t0;
        if (pass == 1)
          printf("bandwidth: %ld bytes x %ld: %.1f MiB/s\n", size, n,
                 (double)size * n / s / (1 << 20));
      } else {
        for (long i = 0; i < n; ++i)
          MPI_Recv(buf, (int)size, MPI_CHAR, 0, 0, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
        MPI_Send(&ack, 1, MPI_LONG, 0, 1, MPI_COMM_WORLD);
      }
    }
  }
  free(buf);
  MPI_Finalize();
  return 0;
}

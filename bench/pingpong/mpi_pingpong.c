/* MPI peer of examples/pingpong: 8-byte MPI_Send/MPI_Recv between ranks 0
 * and 1, median round trip over the same number of iterations. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *env = getenv("PINGPONG_ROUNDS");
  long rounds = env ? atol(env) : 100000, warmup = rounds / 10;
  double *ns = malloc(sizeof(double) * rounds);
  long msg = 0;
  for (long i = -warmup; i < rounds; ++i) {
    if (rank == 0) {
      double t0 = MPI_Wtime();
      MPI_Send(&msg, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&msg, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      double t1 = MPI_Wtime();
      if (i >= 0)
        ns[i] = (t1 - t0) * 1e9;
    } else {
      MPI_Recv(&msg, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&msg, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
    }
  }
  if (rank == 0) {
    qsort(ns, rounds, sizeof(double), cmp);
    printf("pingpong: %ld round trips, median %.0f ns, p99 %.0f ns\n", rounds,
           ns[rounds / 2], ns[rounds * 99 / 100]);
  }
  free(ns);
  MPI_Finalize();
  return 0;
}

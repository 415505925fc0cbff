/* MPI peer of the streaming benchmark: rank 0 sends STREAM_MESSAGES 8-byte
 * messages to rank 1 with MPI_Send; rank 1 receives them with MPI_Recv. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *env = getenv("STREAM_MESSAGES");
  long n = env ? atol(env) : 10000000, sum = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long i = 0; i < n; ++i) {
    if (rank == 0)
      MPI_Send(&i, 1, MPI_LONG, 1, 0, MPI_COMM_WORLD);
    else {
      long v;
      MPI_Recv(&v, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += v;
    }
  }
  double s = MPI_Wtime() - t0;
  if (rank == 1) {
    if (sum != n * (n - 1) / 2)
      printf("streaming: WRONG checksum\n");
    printf("streaming: %ld messages in %.3f s, %.2f million messages/s\n", n, s,
           n / s / 1e6);
  }
  MPI_Finalize();
  return 0;
}

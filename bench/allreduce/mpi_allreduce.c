/* MPI peer of bench/allreduce: MPI_Allreduce(MPI_PROD) of ALLREDUCE_DOUBLES
 * ones, median and mean per-call latency on rank 0 (the mean as OSU's
 * osu_allreduce gives it). The aspen side multiplies ones too, sending
 * back the result it holds, so neither side copies its contribution before
 * the call. A round ends once the whole result has been read (every element
 * checked), on both sides. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *env = getenv("ALLREDUCE_DOUBLES");
  size_t n = env ? strtoul(env, NULL, 10) : 1;
  const char *r = getenv("ALLREDUCE_ROUNDS");
  int rounds = r ? atoi(r) : 1000, warmup = rounds / 10;
  double *in = malloc(n * sizeof(double)), *out = malloc(n * sizeof(double));
  double *us = malloc(rounds * sizeof(double));
  for (size_t i = 0; i < n; ++i)
    in[i] = 1.0;
  for (int i = -warmup; i < rounds; ++i) {
    double t0 = MPI_Wtime();
    MPI_Allreduce(in, out, (int)n, MPI_DOUBLE, MPI_PROD, MPI_COMM_WORLD);
    size_t wrong = 0;
    for (size_t k = 0; k < n; ++k)
      wrong += out[k] != 1.0;
    double t1 = MPI_Wtime();
    if (wrong)
      printf("allreduce: WRONG product\n");
    if (i >= 0)
      us[i] = (t1 - t0) * 1e6;
  }
  if (rank == 0) {
    qsort(us, rounds, sizeof(double), cmp);
    double sum = 0;
    for (int i = 0; i < rounds; ++i)
      sum += us[i];
    printf("allreduce: %d instances, %zu doubles, median %.2f us, mean %.2f us\n",
           size, n, us[rounds / 2], sum / rounds);
  }
  MPI_Finalize();
  return 0;
}

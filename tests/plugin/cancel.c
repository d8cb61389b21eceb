/* Active cancellation (OMP_CANCELLATION=true): `cancel` jumps to the end of
 * its region, yet every BEGIN has its END and every ENTER its EXIT. */
#include <stdio.h>

int main(void) {
  int skipped = 0, done = 0;
#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
#pragma omp cancel parallel // @site{cancel} enter=2 exit=2 clauses=parallel
#pragma omp atomic // @site{atomic} sites=0 (never reached)
    skipped++;
  }
#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
#pragma omp sections // @site{sections} enter=2 exit=2
    {
#pragma omp section // @site{section} begin=1 end=1
      {
#pragma omp cancel sections // @site{cancel} enter=1 exit=1 clauses=sections
#pragma omp atomic // @site{atomic} sites=0 (never reached)
        skipped++;
      }
    }
#pragma omp atomic // @site{atomic} enter=2
    done++;
  }
  printf("skipped %d done %d\n", skipped, done);
  return 0;
}

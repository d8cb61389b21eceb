/* Pragmas built by macros, as large C codes do to switch OpenMP off or to
 * keep one spelling of their clauses. */
#ifndef STENCIL_OMP_MACROS_H
#define STENCIL_OMP_MACROS_H
#define PRAGMA(x) _Pragma(#x)
#define OMP_PARALLEL PRAGMA(omp parallel)
#define OMP_FOR_STATIC PRAGMA(omp for schedule(static))
#define OMP_FLUSH(v) PRAGMA(omp flush(v))
#define OMP_TARGET_SUM(n, src, acc)                                          \
  PRAGMA(omp target teams distribute parallel for map(to: src[0:n])        \
             reduction(+: acc))
#endif

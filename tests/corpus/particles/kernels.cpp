#include "buffer.hpp"

namespace corpus {

void scale(Buffer<double> &x, double factor) {
  double *p = x.data();
  std::size_t n = x.N();
#pragma omp target teams distribute parallel for map(present, tofrom: p[:x.N()])
  for (std::size_t i = 0; i < n; i++)
    p[i] *= factor;
}

// The energy is recomputed on the device each step and copied back with an
// update: the same value comes back every time here, but the kernel writes
// it, so no advice may drop the update.
double kinetic(Buffer<double> &v, double *energy, int steps) {
  double *p = v.data();
  double total = 0;
  for (int s = 0; s < steps; s++) {
#pragma omp target map(present, to: p[0:v.N()]) map(present, alloc: energy[0:1])
    {
      double e = 0;
      for (std::size_t i = 0; i < 8; i++)
        e += 0.5 * p[i] * p[i];
      energy[0] = e;
    }
#pragma omp target update from(energy[0:1])
    total += energy[0];
  }
  return total;
}

// The loop bound f.n is read on the device, so it is mapped too: a member
// section maps only the members it names, and a member left out has no
// storage on the device (its bytes there are whatever the allocation held).
void smooth(Field &f) {
#pragma omp target map(to: f.n) map(tofrom: f.a[0:f.n])
  for (int i = 1; i < f.n - 1; i++)
    f.a[i] = 0.5 * f.a[i] + 0.25 * (f.a[i - 1] + f.a[i + 1]);
}

// Nested target directives, each on its own line, in a league of two teams.
double league_sum(std::vector<double> &w) {
  double *wp = w.data(), sum = 0;
  std::size_t n = w.size();
#pragma omp target teams num_teams(2) thread_limit(2) map(to: wp[:w.size()]) reduction(+: sum)
#pragma omp distribute parallel for reduction(+: sum)
  for (std::size_t i = 0; i < n; i++)
    sum += wp[i];
  return sum;
}

} // namespace corpus

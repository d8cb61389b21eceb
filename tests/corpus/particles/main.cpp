// particles: a C++ offload program for the corpus (a class template whose
// map lengths call member functions, across three translation units; a
// member section; nested target directives with num_teams(2); a device
// value copied back by `target update` after a kernel that writes it).
#include <cmath>
#include <cstdio>
#include <vector>

#include "buffer.hpp"

int main() {
  corpus::Buffer<double> v(1024);
  for (std::size_t i = 0; i < v.N(); i++)
    v[i] = (i % 5) * 0.5;
  double energy[1] = {0};
  v.enter();
#pragma omp target enter data map(alloc: energy[0:1])
  corpus::scale(v, 2.0);
  double total = corpus::kinetic(v, energy, 4);
  v.update_host();
#pragma omp target exit data map(release: energy[0:1])
  v.leave();

  // smooth() on the device, checked against the same sweep on the host
  std::vector<double> a(64);
  for (std::size_t i = 0; i < a.size(); i++)
    a[i] = (i % 4) * 0.5;
  std::vector<double> expect = a;
  for (std::size_t i = 1; i + 1 < expect.size(); i++)
    expect[i] = 0.5 * expect[i] + 0.25 * (expect[i - 1] + expect[i + 1]);
  corpus::Field f{a.data(), (int)a.size()};
  corpus::smooth(f);
  for (std::size_t i = 0; i < a.size(); i++)
    if (std::fabs(a[i] - expect[i]) > 1e-12) {
      std::fprintf(stderr, "smooth: a[%zu] is %g on the device, %g on the host\n", i, a[i], expect[i]);
      return 1;
    }

  std::vector<double> w(1000);
  for (std::size_t i = 0; i < w.size(); i++)
    w[i] = i * 0.25;
  std::printf("v[3] %.3f energy %.3f total %.3f\n", v[3], energy[0], total);
  std::printf("smooth %.3f league %.3f\n", a[10], corpus::league_sum(w));
  return 0;
}

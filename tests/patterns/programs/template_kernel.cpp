// One templated kernel instantiated for two types (issue 49, shape 6): a
// build without the plugin cannot tell the instantiations apart (clang
// gives them one location), so the plugin build reports each finding once
// for the construct, saying how many instantiations it covers.
#include <cstdio>
#include <vector>

template <typename T>
static void twice(const T *in, T *out, int n) {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(from: out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 2;
}

int main() {
  const int n = 1000;
  std::vector<float> f(n, 1.5f), f_out(n);
  std::vector<double> d(n, 2.5), d_out(n);
  for (int step = 0; step < 3; step++) {
    twice(f.data(), f_out.data(), n);
    twice(d.data(), d_out.data(), n);
  }
  std::printf("template_kernel: %.1f %.1f\n", f_out[1], d_out[1]);
  return 0;
}

// C++ bodies reach the plugin by different routes: templates (one site per
// instantiation), lambdas, generic lambdas, members defined in and out of
// their class, class templates, namespaces. Expectations: probe_check.py.
#include <cstdio>
#include <omp.h>

namespace ns {
template <typename T> T tsum(const T *v, int n) {
  T s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(2) // @site{parallel for} sites=2 enter=2 exit=2 function=ns::tsum<double>,ns::tsum<int>
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

struct Acc {
  double data[16];
  void fill(double x) {
#pragma omp parallel for num_threads(2) // @site{parallel for} enter=1 exit=1 function=ns::Acc::fill
    for (int i = 0; i < 16; i++)
      data[i] = x;
  }
  double total();
  static int twice(int x) {
    int r = 0;
#pragma omp parallel num_threads(2) reduction(+ : r) // @site{parallel} enter=1 exit=1 begin=2 end=2 function=ns::Acc::twice
    r += x;
    return r;
  }
  void offload() {
    int line = __LINE__ + 1;
#pragma omp target map(tofrom : data[0:16]) // @site{target} enter=1 exit=1 function=ns::Acc::offload @map{tofrom;-;explicit;data[0:16]}
    for (int i = 0; i < 16; i++)
      data[i] += 1;
    std::fprintf(stderr, "expect-target %d device -1 if -1 %p:%zu\n", line,
                 (void *)&data[0], sizeof data);
  }
};

double Acc::total() {
  double t = 0;
#pragma omp parallel num_threads(2) reduction(+ : t) // @site{parallel} enter=1 exit=1 begin=2 end=2 function=ns::Acc::total
  {
#pragma omp for // @site{for} enter=2 exit=2 function=ns::Acc::total
    for (int i = 0; i < 16; i++)
      t += data[i];
  }
  return t;
}

template <int K> struct Scaled {
  int run(int x) {
    int r = 0;
#pragma omp parallel num_threads(2) reduction(+ : r) // @site{parallel} enter=1 exit=1 begin=2 end=2 function=ns::Scaled<3>::run
    r += K * x;
    return r;
  }
};
} // namespace ns

int main() {
  int iv[4] = {1, 2, 3, 4};
  double dv[4] = {0.5, 0.5, 0.5, 0.5};
  auto lam = [&](int k) {
    int c = 0;
#pragma omp parallel num_threads(2) reduction(+ : c) // @site{parallel} enter=1 exit=1 begin=2 end=2 function=main::<lambda>
    c += k + iv[0];
    return c;
  };
  auto gen = [](auto x) {
#pragma omp critical // @site{critical} sites=2 enter=2 exit=2 function=main::<lambda>,main::<lambda>
    x++;
    return x;
  };
  int local[4] = {1, 1, 1, 1};
#pragma omp parallel num_threads(2) // @site{parallel} enter=1 exit=1 begin=2 end=2
  {
#pragma omp single // @site{single} enter=2 exit=2
    {
      int line = __LINE__ + 1;
#pragma omp target map(tofrom : local[0:4]) // @site{target} enter=1 exit=1 @map{tofrom;-;explicit;local[0:4]}
      for (int i = 0; i < 4; i++)
        local[i] += i;
      std::fprintf(stderr, "expect-target %d device -1 if -1 %p:%zu\n", line,
                   (void *)&local[0], sizeof local);
    }
  }
  ns::Acc a;
  a.fill(2.0);
  a.offload();
  ns::Scaled<3> sc;
  std::printf("%d %g %d %g %d %g %d %d %d\n", ns::tsum(iv, 4), ns::tsum(dv, 4),
              lam(3), a.total(), gen(1), gen(2.5), ns::Acc::twice(5),
              sc.run(2), local[3]);
  return 0;
}

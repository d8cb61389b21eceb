// A device-resident buffer of the kind C++ proxy apps write: its length is
// a member function, so every map clause calls it.
#pragma once
#include <cstddef>
#include <vector>

namespace corpus {

template <class T> class Buffer {
public:
  explicit Buffer(std::size_t n) : host_(n) {}
  std::size_t N() const { return host_.size(); }
  T *data() { return host_.data(); }
  T &operator[](std::size_t i) { return host_[i]; }

  void enter() {
    T *p = data();
#pragma omp target enter data map(to: p[0:N()])
  }
  void update_host() {
    T *p = data();
#pragma omp target update from(p[0:N()])
  }
  void leave() {
    T *p = data();
#pragma omp target exit data map(release: p[:N()])
  }

private:
  std::vector<T> host_;
};

// A plain struct with a pointer member: its sections are member sections.
struct Field {
  double *a;
  int n;
};

// kernels.cpp
void scale(Buffer<double> &x, double factor);
double kinetic(Buffer<double> &v, double *energy, int steps);
void smooth(Field &f);
double league_sum(std::vector<double> &w);

} // namespace corpus

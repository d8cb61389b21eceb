#ifndef STENCIL_H
#define STENCIL_H
#define N 4096
#define STAGES 2
#define STEPS 64
void relax();
void norm();
double pipeline();
double device_sum();
#endif

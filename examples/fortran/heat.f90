! Heat diffusion on a rod, in Fortran: the constructs a profile shows per
! line (ompt-inst fc, then ompt-inst run): parallel do loops, a reduction
! and a target region, which runs on the host when the program is built
! without offload targets (flang packages no device runtime: docs/fortran.md).
program heat
  implicit none
  integer, parameter :: n = 100000, steps = 20
  real(8), allocatable :: field(:), next(:)
  real(8) :: total
  integer :: i, step

  allocate(field(n), next(n))
  !$omp parallel do
  do i = 1, n
    field(i) = 0.0d0
  end do
  !$omp end parallel do
  field(n / 2) = 1000.0d0

  do step = 1, steps
    !$omp parallel do
    do i = 2, n - 1
      next(i) = field(i) + 0.25d0 * (field(i - 1) - 2.0d0 * field(i) + field(i + 1))
    end do
    !$omp end parallel do
    !$omp parallel do
    do i = 2, n - 1
      field(i) = next(i)
    end do
    !$omp end parallel do
  end do

  total = 0.0d0
  !$omp parallel do reduction(+:total)
  do i = 1, n
    total = total + field(i)
  end do
  !$omp end parallel do

  !$omp target teams distribute parallel do map(tofrom: field)
  do i = 1, n
    field(i) = field(i) * 0.5d0
  end do
  !$omp end target teams distribute parallel do

  print '(a, f10.4, a, f10.4)', 'heat: total ', total, ', halved ', sum(field)
end program heat

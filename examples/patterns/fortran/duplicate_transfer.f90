! Duplicate transfer, in Fortran: a table that never changes is sent to the
! device again on every step (examples/patterns/duplicate_transfer.c).
! The `target data` region maps the weights once, which would be enough;
! the `target update to` inside the loop re-sends the same bytes each step.
! Fix: drop the update (the device copy is still valid).
program duplicate_transfer
  implicit none
  integer, parameter :: n = 4096, steps = 8
  real(8) :: weights(n), acc(n), total
  integer :: i, s

  do i = 1, n
    weights(i) = 1.0d0 / (1 + mod(i - 1, 17))
  end do

  !$omp target data map(to: weights) map(from: acc)
  do s = 1, steps
    !$omp target update to(weights)
    !$omp target teams distribute parallel do
    do i = 1, n
      if (s == 1) acc(i) = 0.0d0
      acc(i) = acc(i) + weights(i) * s
    end do
    !$omp end target teams distribute parallel do
  end do
  !$omp end target data

  total = sum(acc)
  print '(a, f14.6)', 'duplicate_transfer: checksum ', total
end program duplicate_transfer

! Round trip, in Fortran: device -> host -> device with unchanged content
! (examples/patterns/round_trip.c). Each step relaxes the field on the
! device, copies it to the host for a check, and sends it back although the
! host only read it. Fix: send the field once before the loop; keep only
! the update from.
program round_trip
  implicit none
  integer, parameter :: n = 4096, steps = 6
  real(8) :: u(n), change
  integer :: i, s

  do i = 1, n
    u(i) = merge(64.0d0, 0.0d0, mod(i - 1, 64) == 0)
  end do

  change = 0.0d0
  !$omp target data map(alloc: u)
  do s = 1, steps
    !$omp target update to(u)
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = 0.5d0 * u(i) + 0.25d0 * s
    end do
    !$omp end target teams distribute parallel do
    !$omp target update from(u)
    change = sum(abs(u))
  end do
  !$omp end target data

  print '(a, f14.6)', 'round_trip: checksum ', change
end program round_trip

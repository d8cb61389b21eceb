# C++: templates, lambdas (also generic), members defined in and out of their
# class, class templates; -O0 and -O3 with offloading.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/cxx.cpp"
for flags in "-O0" "-O3 $OI_HOST_OFFLOAD"; do
  tag=$(echo "$flags" | tr -c 'A-Za-z0-9\n' _)
  # shellcheck disable=SC2086
  cxx_plain "plain$tag" "$src" $flags
  # shellcheck disable=SC2086
  cxx_plugin "inst$tag" "$src" $flags -Wall -Wextra -Werror
  same_output "plain$tag" "inst$tag"
  probe_run "run$tag" "inst$tag"
  probe_check "run$tag" "$src" --targets
done

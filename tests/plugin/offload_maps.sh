# Device constructs: map lines as written (type, modifiers, explicit or
# implicit), device()/if() values, and each item's host address and bytes as
# the program itself computes them; with and without offloading.
. "$OI_SRC/tests/lib.sh"
. "$OI_SRC/tests/plugin/probe.sh"
src="$PLUGIN_TESTS/offload.c"
for flags in "-O0" "-O2 $OI_HOST_OFFLOAD -DOI_OFFLOAD"; do
  tag=$(echo "$flags" | tr -c 'A-Za-z0-9\n' _)
  # shellcheck disable=SC2086
  cc_plain "plain$tag" "$src" $flags
  # shellcheck disable=SC2086
  cc_plugin "inst$tag" "$src" $flags -Wall -Wextra -Werror
  same_output "plain$tag" "inst$tag"
  probe_run "run$tag" "inst$tag"
  probe_check "run$tag" "$src" --targets
done

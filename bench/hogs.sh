# Busy loops on both cores for the A/A scripts (sourced, not run): start_hogs starts one per core,
# stop_hogs stops them; the sourcing script's EXIT trap must call stop_hogs.
hogs=()

stop_hogs() {
  for pid in "${hogs[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  hogs=()
}

start_hogs() {
  for _ in 1 2; do
    (while :; do :; done) &
    hogs+=($!)
  done
}

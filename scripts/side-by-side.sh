#!/usr/bin/env bash
# `npm run test:checks`: runs the named npm scripts at once and fails if any of them failed.
# Each is mostly one thread (tsc, type-aware eslint, storybook's build), so on two cores
# the three take about as long as eslint alone. Each one's output is printed whole when
# it ends, so the logs never interleave.
set -u
names=("$@")
pids=()
logs=()
for name in "${names[@]}"; do
  log=$(mktemp)
  npm run --silent "$name" >"$log" 2>&1 &
  pids+=($!)
  logs+=("$log")
done
status=0
for i in "${!names[@]}"; do
  if wait "${pids[$i]}"; then
    echo "--- npm run ${names[$i]}: passed"
  else
    status=1
    echo "--- npm run ${names[$i]}: FAILED"
  fi
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
exit $status

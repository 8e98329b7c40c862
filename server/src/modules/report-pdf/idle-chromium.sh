#!/bin/sh
# Starts the PDF renderer's Chromium ($RX_CHROMIUM) with every thread at SCHED_IDLE (Linux, chrt of
# util-linux): its pages use only the CPU the platform's requests leave over, whatever priority Chromium
# later asks for itself (as root it raises its browser process to nice -8). Without chrt, it starts as is.
#
# Playwright starts the browser in a session of its own, and with autogroup scheduling (the default on
# desktop and most server kernels) a session is a group that shares the CPU with the server's group as an
# equal, whatever the policy of the threads inside it: SCHED_IDLE alone ranks Chromium only against
# itself. Nice 19 on the session's group gives the group itself the lowest weight. No autogroup: no file.
#
# RX_PRIORITY=normal (the archive's catch-up renderer, for archives pending longer than
# REPORT_ARCHIVE_CATCH_UP_MS): Chromium as started, its session a group of normal weight, so it gets an
# equal's share of the CPU under sustained load instead of none (docs/decisions.md, "Archive PDFs under load").
if [ "$RX_PRIORITY" = normal ]; then
  exec "$RX_CHROMIUM" "$@"
fi
echo 19 2>/dev/null >/proc/self/autogroup || true
if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true >/dev/null 2>&1; then
  exec chrt --idle 0 "$RX_CHROMIUM" "$@"
fi
exec "$RX_CHROMIUM" "$@"

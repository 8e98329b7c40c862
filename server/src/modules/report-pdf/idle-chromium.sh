#!/bin/sh
# Starts the PDF renderer's Chromium ($RX_CHROMIUM) with every thread at SCHED_IDLE (Linux, chrt of
# util-linux): its pages use only the CPU the platform's requests leave over, whatever priority Chromium
# later asks for itself (as root it raises its browser process to nice -8). Without chrt, it starts as is.
if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true >/dev/null 2>&1; then
  exec chrt --idle 0 "$RX_CHROMIUM" "$@"
fi
exec "$RX_CHROMIUM" "$@"

/**
 * The priority an archive renders at (docs/decisions.md, "Archive PDFs under load"): 'idle' (SCHED_IDLE, a group
 * of the lowest weight: only the CPU requests leave over) while it is fresh; 'normal' (a group weighed as the
 * server's) once it has been pending `boundMs` since the audit (REPORT_ARCHIVE_CATCH_UP_MS; 0: never), so renders
 * make progress under sustained load instead of starving.
 */
export function renderPriority(auditedAt: Date, now: Date, boundMs: number): 'idle' | 'normal' {
  return boundMs > 0 && now.getTime() - auditedAt.getTime() >= boundMs ? 'normal' : 'idle';
}

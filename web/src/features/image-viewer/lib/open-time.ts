import type { UseTimeSave } from '@shared/schemas/statistics';

/** A resource timing entry as far as the measure needs it. */
export interface ResourceLike {
  name: string;
  responseEnd: number;
  transferSize?: number;
  encodedBodySize?: number;
}

/**
 * What the viewer window has loaded of one study, from the browser's resource timing: the distinct DICOM
 * instances (WADO, application/dicom) of the study, the bytes of every WADO answer of it (images and the
 * rendered preview), and when the last instance arrived (ms since the page's navigation started).
 */
export class OpenTime {
  private readonly instances = new Set<string>();
  private bytes = 0;
  private lastMs = 0;

  constructor(
    private readonly studyIuid: string,
    /** How many instances the study has (every series): the study is loaded once all have arrived. */
    private readonly total: number,
  ) {}

  add(entry: ResourceLike): void {
    const q = wadoQuery(entry.name);
    if (!q || q.get('studyUID') !== this.studyIuid) return;
    this.bytes += entry.encodedBodySize || entry.transferSize || 0;
    const sop = q.get('objectUID');
    const type = q.get('contentType') ?? 'application/dicom';
    if (!sop || type !== 'application/dicom' || this.instances.has(sop)) return;
    this.instances.add(sop);
    this.lastMs = Math.max(this.lastMs, entry.responseEnd);
  }

  get complete(): boolean {
    return this.total > 0 && this.instances.size >= this.total;
  }

  /** The record to post; `firstMs` from the viewport's first-image mark, `nowMs` when the study is not complete. */
  record(firstMs: number, nowMs: number): UseTimeSave {
    const totalMs = this.complete ? this.lastMs : nowMs;
    return {
      study_iuid: this.studyIuid,
      first_ms: clampMs(firstMs),
      total_ms: clampMs(Math.max(totalMs, firstMs)),
      images: this.instances.size,
      bytes: Math.round(this.bytes),
    };
  }
}

/** The schema's bound: an hour. */
const clampMs = (ms: number) => Math.min(Math.max(Math.round(ms), 0), 3_600_000);

function wadoQuery(url: string): URLSearchParams | null {
  const at = url.indexOf('/wado?');
  return at < 0 ? null : new URLSearchParams(url.slice(at + '/wado?'.length));
}

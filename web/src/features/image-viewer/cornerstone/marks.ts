import { eventTarget, type Types } from '@cornerstonejs/core';
import { annotation, Enums as ToolEnums, type Types as ToolTypes } from '@cornerstonejs/tools';
import { ANNOTATION_TOOLS, type ViewerAnnotation } from '@shared/schemas/image-viewer';
import { imageIdOf, imageRefOf, studyOfImageId } from '../lib/image-ids';

type Annotation = ToolTypes.Annotation;
type Vec3 = [number, number, number];
const KEPT = new Set<string>(ANNOTATION_TOOLS);
const vec3 = (p: ArrayLike<number>): Vec3 => [p[0]!, p[1]!, p[2]!];

/** A drawn mark as it is saved: its image, points and plane, an arrow's text; null for a mark not kept. */
export function savedOf(a: Annotation): ViewerAnnotation | null {
  if (!a.metadata) return null;
  const { toolName, referencedImageId, viewPlaneNormal, viewUp, FrameOfReferenceUID } = a.metadata;
  const ref = referencedImageId ? imageRefOf(referencedImageId) : null;
  const points = a.data.handles?.points ?? [];
  if (!KEPT.has(toolName) || !ref || !a.annotationUID || !points.length || !viewPlaneNormal || !viewUp) return null;
  const text = a.data.label;
  return {
    uid: a.annotationUID,
    tool: toolName as ViewerAnnotation['tool'],
    ...ref,
    points: points.map(vec3),
    view_plane_normal: vec3(viewPlaneNormal),
    view_up: vec3(viewUp),
    ...(FrameOfReferenceUID ? { frame_of_reference_uid: FrameOfReferenceUID } : {}),
    ...(text ? { text } : {}),
  };
}

/** A saved mark as Cornerstone draws it: its measured values are computed again from the pixels. */
export function annotationOf(studyIuid: string, m: ViewerAnnotation): Annotation {
  return {
    annotationUID: m.uid,
    highlighted: false,
    isLocked: false,
    isVisible: true,
    invalidated: true,
    metadata: {
      toolName: m.tool,
      referencedImageId: imageIdOf(studyIuid, m),
      // As a drawn mark has it: undefined on images without one (the manager groups marks by it).
      FrameOfReferenceUID: m.frame_of_reference_uid,
      viewPlaneNormal: m.view_plane_normal as Types.Point3,
      viewUp: m.view_up as Types.Point3,
    },
    data: {
      handles: {
        points: m.points.map((p) => [...p] as Types.Point3),
        activeHandleIndex: null,
        textBox: { hasMoved: false, worldPosition: [0, 0, 0], worldBoundingBox: undefined },
      },
      cachedStats: {},
      ...(m.text ? { label: m.text } : {}),
    },
  } as unknown as Annotation;
}

/** Every mark on the images of a study (the window may show a prior beside it). */
const marksOf = (studyIuid: string) =>
  annotation.state
    .getAllAnnotations()
    .filter((a) => a.metadata?.referencedImageId && studyOfImageId(a.metadata.referencedImageId) === studyIuid);

/** Every kept mark of a study, as it is saved. */
export const allSaved = (studyIuid: string): ViewerAnnotation[] => marksOf(studyIuid).flatMap((a) => savedOf(a) ?? []);

/** Removes every mark of a study (the person asked to: they are saved as removed). */
export function clearMarks(studyIuid: string): void {
  for (const a of marksOf(studyIuid)) annotation.state.removeAnnotation(a.annotationUID!);
}

/**
 * Draws saved marks again (the ones already there, by uid, are left as they are). Each goes to its image's
 * frame of reference, as a drawn mark does, whichever viewport restores them (a layout shows several series,
 * the study's marks are restored once); a mark on an image without one goes with the viewport's.
 */
export function restoreMarks(studyIuid: string, marks: ViewerAnnotation[], element: HTMLDivElement): void {
  for (const m of marks)
    if (!annotation.state.getAnnotation(m.uid))
      annotation.state.addAnnotation(annotationOf(studyIuid, m), m.frame_of_reference_uid ?? element);
}

const CHANGES = [
  ToolEnums.Events.ANNOTATION_COMPLETED,
  ToolEnums.Events.ANNOTATION_MODIFIED,
  ToolEnums.Events.ANNOTATION_REMOVED,
];

/**
 * Calls back when a person has drawn, moved or removed a mark (not when measured values are merely computed
 * again, nor while marks are being drawn again from the server).
 */
export function watchMarks(onChange: () => void): () => void {
  const listener = (e: Event) => {
    const detail = (e as CustomEvent<{ changeType?: string }>).detail;
    if (detail?.changeType === ToolEnums.ChangeTypes.StatsUpdated) return;
    onChange();
  };
  for (const type of CHANGES) eventTarget.addEventListener(type, listener);
  return () => {
    for (const type of CHANGES) eventTarget.removeEventListener(type, listener);
  };
}

import dcmjs from 'dcmjs';
import type { ImageTags, ImageTagsQuery } from '@shared/schemas/image-viewer';
import { AppError } from '../../platform/core/errors';
import type { Db } from '../../platform/db/client';
import type { ImageStore } from '../../platform/storage/store';
import { servedInstanceBytes, type Viewer } from '../images';
import { tagTree } from './tag-tree';

dcmjs.log.setLevel('error');

/**
 * One image's header for the viewer's tag browser: the instance as /wado serves it (404 outside the
 * caller's scope, deleted or unknown), read by dcmjs, as a bounded tree (tag-tree.ts).
 */
export async function imageTags(
  deps: { db: Db; images: ImageStore },
  viewer: Viewer,
  q: Omit<ImageTagsQuery, 'token'>,
): Promise<ImageTags> {
  const { bytes, syntax } = await servedInstanceBytes(deps, viewer, q);
  let file;
  try {
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const buffer = own ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    file = dcmjs.data.DicomMessage.readFile(buffer as ArrayBuffer);
  } catch {
    // Ingest read it once: a file that no longer reads is named, not a 500.
    throw new AppError(422, 'VALIDATION', 'imgUnreadable');
  }
  const { elements, truncated } = tagTree([file.meta, file.dict]);
  return {
    study_iuid: q.study_iuid,
    series_iuid: q.series_iuid,
    sop_iuid: q.sop_iuid,
    transfer_syntax: syntax,
    elements,
    truncated,
  };
}

import { z } from '@hono/zod-openapi';
import { msg } from '@shared/schemas/common';
import './messages';

/** A multipart `file` field holding an image (what it is, is read from its bytes: image-asset.ts checkedImage). */
export const imageFileField = () =>
  z.custom<File>((v) => v instanceof File, msg('imageNotJpgPng')).openapi({ type: 'string', format: 'binary' });

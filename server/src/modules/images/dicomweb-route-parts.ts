import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { liveInstances, visibleStudyPk, type LiveInstance } from './dicomweb-qido';
import { sessionUnlessViewerToken, viewerOf } from './dicomweb-viewer';
import { notAcceptable } from './render-instance';

/** What the DICOMweb routes share: their documentation parts, the caller's study and instances, the answers. */

export const DICOM_JSON = 'application/dicom+json';
export const binary = (type: string) => ({ [type]: { schema: z.string().openapi({ format: 'binary' }) } });
export const errors = {
  400: { description: 'Invalid input (the field named)' },
  401: { description: 'Not signed in, or a dead viewer token' },
  404: { description: 'No such study, series, instance or frame in the caller’s scope' },
  406: { description: 'The Accept header asks for what cannot be given' },
};

/** What every DICOMweb route shares: a session, or a viewer token for its study. */
export const common = {
  tags: ['dicomweb'],
  middleware: [sessionUnlessViewerToken],
  'x-permission': 'session' as const,
};

export type C = Context<AppEnv>;
export const baseOf = (c: C) => `${new URL(c.req.url).origin}/dicomweb`;
export const json = (c: C, body: unknown) => c.body(JSON.stringify(body), 200, { 'content-type': DICOM_JSON });
export const refuse406 = (c: C, offered: string) =>
  notAcceptable(c, t(c, 'imgNotAcceptableRs', { type: c.req.header('accept') ?? '', offered }));

/** The study's pk in the caller's scope, else 404 (another hospital's study looks like no study). */
export async function studyPk(c: C, studyIuid: string): Promise<number> {
  const pk = await visibleStudyPk(c.var.deps.db, await viewerOf(c), studyIuid);
  if (pk === null) throw notFound();
  return pk;
}

/** Live instances under a path (study, series, or one instance); 404 when there are none. */
export async function instancesAt(c: C, p: { study: string; series?: string; instance?: string }) {
  const pk = await studyPk(c, p.study);
  const rows = await liveInstances(c.var.deps.db, pk, {
    series: p.series ? [p.series] : undefined,
    sops: p.instance ? [p.instance] : undefined,
  });
  if (!rows.length) throw notFound();
  return rows;
}

export const instanceUrl = (c: C, study: string, r: LiveInstance) =>
  `${baseOf(c)}/studies/${study}/series/${r.series_iuid}/instances/${r.sop_iuid}`;

import { createRoute, z } from '@hono/zod-openapi';
import { QidoQuerySchema, SeriesPathSchema, StudyPathSchema, type QidoQuery } from '@shared/schemas/dicomweb';
import type { Router } from '../../platform/http/router';
import { toJson, type JsonDataSet } from './dicomweb-json';
import { includesOf, pick, type Includes } from './dicomweb-include';
import { acceptsJson, parseAccept } from './dicomweb-media';
import { searchStudies, studyExtras, studyJson } from './dicomweb-qido';
import {
  findInstances,
  findSeries,
  INSTANCE_DEFAULTS,
  INSTANCE_ROW_TAGS,
  instanceAnswerable,
  SERIES_DEFAULTS,
  seriesAnswerable,
  type InstanceRow,
  type LevelScope,
} from './dicomweb-qido-levels';
import { baseOf, binary, common, DICOM_JSON, errors, json, refuse406, type C } from './dicomweb-route-parts';
import { viewerOf } from './dicomweb-viewer';
import { parseStored } from './render-instance';

/**
 * An answer whose attributes are read from the stored instances (includefield naming what the rows do not
 * hold, or `all` at the instance level) has at most this many instances; a Warning says when more matched.
 */
export const FILE_READ_MAX = 100;
const MORE_RESULTS =
  '299 rxpacs "The number of results exceeded the maximum supported by the server. Additional results can be requested."';

const sorted = (ds: JsonDataSet): JsonDataSet =>
  Object.fromEntries(Object.entries(ds).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The stored data set's attributes (no pixel data); an unreadable file answers none. */
async function fileAttributes(c: C, r: InstanceRow): Promise<JsonDataSet> {
  try {
    return toJson((await parseStored(c.var.deps.images, r.storage_key)).elements.values());
  } catch {
    return {};
  }
}

async function instancesAnswer(c: C, q: QidoQuery, scope: LevelScope) {
  if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
  const inc: Includes = includesOf(q.includefield);
  const fromFiles = inc.all || [...inc.tags].some((t) => !INSTANCE_ROW_TAGS.has(t));
  const rows = await findInstances(
    c.var.deps.db,
    await viewerOf(c),
    q,
    scope,
    fromFiles ? FILE_READ_MAX + 1 : undefined,
  );
  if (rows.length > FILE_READ_MAX && fromFiles) {
    rows.length = FILE_READ_MAX;
    c.header('warning', MORE_RESULTS);
  }
  const out: JsonDataSet[] = [];
  for (const r of rows) {
    const ds = pick(instanceAnswerable(r, baseOf(c)), INSTANCE_DEFAULTS, inc);
    if (fromFiles) {
      const file = await fileAttributes(c, r);
      // The rows' values stand; the file fills what they leave out or empty.
      for (const tag of inc.all ? Object.keys(file) : inc.tags) if (!ds[tag]?.Value && file[tag]) ds[tag] = file[tag];
    }
    out.push(sorted(ds));
  }
  return json(c, out);
}

async function seriesAnswer(c: C, q: QidoQuery, scope: LevelScope) {
  if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
  const inc = includesOf(q.includefield);
  const rows = await findSeries(c.var.deps.db, await viewerOf(c), q, scope);
  return json(
    c,
    rows.map((r) => pick(seriesAnswerable(r, baseOf(c)), SERIES_DEFAULTS, inc)),
  );
}

const KEYS =
  'PatientID, PatientName (* ?, any group of the name), StudyDate (a-b), AccessionNumber, StudyDescription, ModalitiesInStudy, StudyInstanceUID (list)';
const INCLUDE =
  'includefield (keyword or tag, comma-separated or repeated, or all) adds attributes the archive rows hold';

/** QIDO-RS (PS3.18 10.6): studies, series and instances, across the caller's studies or within one. */
export function searchRoutes(app: Router) {
  const qido = <P extends z.ZodObject>(path: string, summary: string, params: P) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `QIDO-RS (PS3.18 10.6): ${summary}. application/dicom+json, [] when nothing matches; the caller's hospital and modalities only, deleted images never`,
      request: { query: QidoQuerySchema, params },
      responses: { 200: { description: 'Matches', content: binary(DICOM_JSON) }, ...errors },
    });
  app.openapi(
    qido('/dicomweb/studies', `studies matching ${KEYS}; limit, offset; ${INCLUDE}`, z.object({})),
    async (c) => {
      if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
      const q = c.req.valid('query');
      const inc = includesOf(q.includefield);
      const rows = await searchStudies(c.var.deps.db, await viewerOf(c), q);
      return json(
        c,
        rows.map((r) => {
          const answer = studyJson(r, baseOf(c));
          return pick({ ...answer, ...studyExtras(r) }, Object.keys(answer), inc);
        }),
      );
    },
  );
  const series = `with their study's attributes (PatientName with every group); matching the study keys (${KEYS}), Modality, SeriesInstanceUID; limit, offset; ${INCLUDE}`;
  app.openapi(qido('/dicomweb/series', `series of every study in scope, ${series}`, z.object({})), (c) =>
    seriesAnswer(c, c.req.valid('query'), {}),
  );
  app.openapi(qido('/dicomweb/studies/{study}/series', `a study's series, ${series}`, StudyPathSchema), (c) =>
    seriesAnswer(c, c.req.valid('query'), { study: c.req.valid('param').study }),
  );
  const instances = `with their study's and series' attributes; matching the study keys, Modality, SeriesInstanceUID, SOPInstanceUID; limit, offset; ${INCLUDE}, and at this level attributes read from the stored instances (then at most ${FILE_READ_MAX} instances an answer, a Warning header when more matched)`;
  app.openapi(qido('/dicomweb/instances', `instances of every study in scope, ${instances}`, z.object({})), (c) =>
    instancesAnswer(c, c.req.valid('query'), {}),
  );
  app.openapi(qido('/dicomweb/studies/{study}/instances', `a study's instances, ${instances}`, StudyPathSchema), (c) =>
    instancesAnswer(c, c.req.valid('query'), { study: c.req.valid('param').study }),
  );
  app.openapi(
    qido('/dicomweb/studies/{study}/series/{series}/instances', `a series' instances, ${instances}`, SeriesPathSchema),
    (c) => instancesAnswer(c, c.req.valid('query'), c.req.valid('param')),
  );
}

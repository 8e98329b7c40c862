import { describe, expect, it } from 'vitest';
import { PG_INT_MAX } from '@shared/schemas/common';
import { call } from '../../tests/support/api-client';
import { useTestPlatform } from '../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin'] });

const BEYOND = [PG_INT_MAX + 1, 1e15, 2 ** 63, -(PG_INT_MAX + 2)];

describe('integers beyond what the database holds', () => {
  it('answer 400 with the field named, never 500 (version, pk, parent, report position)', async () => {
    const [study] = (
      (await call(t.p.app, 'POST', '/api/order/OrderList', { token: t.token('admin'), json: {} })).body.data as {
        list: { study_iuid: string }[];
      }
    ).list;
    const ref = { study_iuid: study!.study_iuid, rpt_position: 1 };
    for (const n of BEYOND) {
      const cases: [string, Record<string, unknown>, string][] = [
        ['/report/cancelAudit', { ...ref, version: n }, 'version'],
        ['/template/delete', { pk: n }, 'pk'],
        ['/template/save', { parent: n, label: 'x', isleaf: false, modality: 'CT' }, 'parent'],
        ['/report/versions', { ...ref, rpt_position: n }, 'rpt_position'],
      ];
      for (const [path, json, field] of cases) {
        const r = await call(t.p.app, 'POST', path, { token: t.token('admin'), json });
        expect(r.status, `${path} ${field}=${n}`).toBe(400);
        expect(r.body.errors, path).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      }
    }
  });

  it('the largest value a column holds is valid input (refused for what it means, not for its size)', async () => {
    const r = await call(t.p.app, 'POST', '/template/delete', { token: t.token('admin'), json: { pk: PG_INT_MAX } });
    expect(r.status).toBe(404);
  });
});

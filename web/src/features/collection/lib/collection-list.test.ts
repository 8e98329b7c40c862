import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CollectionFiltersSchema } from '@shared/schemas/collection';
import { listQuery } from '@web/components/list-page/list-query';
import { parseListParams } from '@web/components/list-page/list-url';
import { collectionSpec } from './collection-list';

const spec = collectionSpec(((k: string) => k) as TFunction<'study'>);
const today = { startDate: '2026-03-04', endDate: '2026-03-04' };

describe('favourites list', () => {
  it('a first visit shows today, newest favourite first, 20 a page', () => {
    const q = listQuery(parseListParams(spec, new URLSearchParams(''), today));
    expect(q).toEqual({
      pageNumber: 1,
      pageSize: 20,
      column: 'create_time',
      order: 'desc',
      filters: JSON.stringify(today),
    });
  });

  it('a search without dates keeps them cleared', () => {
    expect(listQuery(parseListParams(spec, new URLSearchParams('pageNumber=1'), today))).not.toHaveProperty('filters');
  });

  it('sends only filter keys the server accepts', () => {
    const p = parseListParams(
      spec,
      new URLSearchParams(
        'sn=H001&patient_name=张&modalitys=CT&study_desc=胸部&report_content=结节&startDate=2026-01-01',
      ),
    );
    const filters: unknown = JSON.parse(listQuery(p).filters ?? '{}');
    expect(CollectionFiltersSchema.safeParse(filters).success).toBe(true);
    expect(Object.keys(filters as object).sort()).toEqual(
      ['modalitys', 'patient_name', 'report_content', 'sn', 'startDate', 'study_desc'].sort(),
    );
  });
});

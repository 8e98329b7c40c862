// @vitest-environment node
import { parseHTML } from 'linkedom';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SPEC, MemoryStorage, type DemoFilters } from './list-test.test-helpers';
import { useListParams, type ListUrlOptions, type ListUrlState } from './use-list-params';

const REMEMBER = 'test.list.search';

function mount(url: string, opts: ListUrlOptions<DemoFilters> = {}) {
  const seen: { state?: ListUrlState<DemoFilters> } = {};
  function Probe(): ReactNode {
    seen.state = useListParams(DEMO_SPEC, opts);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<RouterProvider router={router} />));
  return {
    state: () => seen.state!,
    search: () => router.state.location.search.replace(/^\?/, ''),
    unmount: () => act(() => root.unmount()),
  };
}

beforeEach(() => {
  const { window } = parseHTML('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { window, document: window.document, sessionStorage: new MemoryStorage() });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
});

describe('useListParams', () => {
  it('reads the state from the URL and writes a search into it', () => {
    const list = mount('/list?name=Li&pageNumber=2');
    expect(list.state().params.filters.name).toBe('Li');
    expect(list.state().params.pageNumber).toBe(2);
    let changed = false;
    act(() => {
      changed = list.state().update({ ...list.state().params, pageNumber: 1, column: 'patient_name', order: 'asc' });
    });
    expect(changed).toBe(true);
    expect(list.search()).toBe('name=Li&pageNumber=1&column=patient_name&order=asc');
    expect(list.state().params.column).toBe('patient_name');
    list.unmount();
  });

  it('a search for the list shown answers false (the caller reloads) and keeps the URL', () => {
    const list = mount('/list?name=Li&pageNumber=2');
    let changed = true;
    act(() => {
      changed = list.state().update(list.state().params);
    });
    expect(changed).toBe(false);
    expect(list.search()).toBe('name=Li&pageNumber=2');
    list.unmount();
  });

  it('remembers the last search for the session and brings it back on an empty URL; reset forgets it', () => {
    const first = mount('/list?modalitys=MR&pageNumber=1', { remember: REMEMBER });
    expect(sessionStorage.getItem(REMEMBER)).toBe('modalitys=MR&pageNumber=1');
    first.unmount();

    const again = mount('/list', { remember: REMEMBER });
    expect(again.search()).toBe('modalitys=MR&pageNumber=1');
    expect(again.state().params.filters.modalitys).toEqual(['MR']);
    act(() => again.state().reset());
    expect(again.search()).toBe('');
    expect(sessionStorage.getItem(REMEMBER)).toBeNull();
    again.unmount();
  });

  it('a first visit gets its filters; reset goes back to them', () => {
    const today = () => ({ startDate: '2026-03-04', endDate: '2026-03-04' });
    const list = mount('/list', { firstVisit: today });
    expect(list.state().params.filters.startDate).toBe('2026-03-04');
    expect(list.state().initial.filters.endDate).toBe('2026-03-04');
    list.unmount();
  });
});
